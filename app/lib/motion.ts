/** True when the visitor asked the system for less motion (read in the browser only). */
export const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Starts fast, settles gently: numbers count up without a hard stop. */
export const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;
