import { useEffect } from "react";
import { useLocation } from "react-router";

/** A hash in the URL scrolls smoothly to the element with that id (also after arriving from another page). */
export function useHashScroll() {
  const { hash, pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the page changes with the same hash
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const target = document.getElementById(id);
    if (!target) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  }, [hash, pathname]);
}
