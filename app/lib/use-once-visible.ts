import { type RefObject, useEffect, useRef } from "react";
import { prefersReducedMotion } from "./motion";

interface OnceVisibleHandlers {
  /** Runs after hydration when an animation will follow: put the element in its start state. */
  onArm: (alreadyVisible: boolean) => boolean;
  /** Runs once, the first time `threshold` of the element is in view. */
  onVisible: () => void;
}

/**
 * Scroll-triggered animations that never hide content from crawlers, no-JS visitors or people
 * who prefer reduced motion: the server renders the final state, and only a browser that can
 * observe visibility (and may animate) arms the start state and plays it once.
 */
export function useOnceVisible(ref: RefObject<Element | null>, threshold: number, handlers: OnceVisibleHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const element = ref.current;
    if (!element || !("IntersectionObserver" in window) || prefersReducedMotion()) return;
    const box = element.getBoundingClientRect();
    const alreadyVisible = box.top < window.innerHeight && box.bottom > 0;
    if (!latest.current.onArm(alreadyVisible)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        latest.current.onVisible();
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold]);
}
