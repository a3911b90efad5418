import { type RefObject, useEffect, useRef } from "react";
import { prefersReducedMotion } from "./motion";

interface OnceVisibleHandlers {
  /**
   * Runs once after hydration, when the browser first reports where the element is: put it in
   * its start state and return true to play the animation, or false to leave it as rendered.
   */
  onArm: (alreadyVisible: boolean) => boolean;
  /** Runs once, the first time `threshold` of the element is in view. */
  onVisible: () => void;
}

/**
 * Scroll-triggered animations that never hide content from crawlers, no-JS visitors or people
 * who prefer reduced motion: the server renders the final state, and only a browser that can
 * observe visibility (and may animate) arms the start state and plays it once. Positions come
 * from the observer itself, so hydration forces no layout.
 */
export function useOnceVisible(ref: RefObject<Element | null>, threshold: number, handlers: OnceVisibleHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const element = ref.current;
    if (!element || !("IntersectionObserver" in window) || prefersReducedMotion()) return;
    let armed = false;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (!armed) {
          armed = true;
          if (!latest.current.onArm(entry.intersectionRatio > 0)) {
            observer.disconnect();
            return;
          }
        }
        if (!entry.isIntersecting || entry.intersectionRatio < threshold) return;
        observer.disconnect();
        latest.current.onVisible();
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold]);
}
