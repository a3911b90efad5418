import { useRef, useState } from "react";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import { COUNTER_DURATION_MS, COUNTER_VISIBILITY, type ImpactFigure } from "../../content/home";
import { island } from "../../islands/island";
import { easeOutCubic } from "../../lib/motion";
import { useOnceVisible } from "../../lib/use-once-visible";

/**
 * The impact figures (spec §4): count from 0 over 2.5 s, once, when 30 % visible. The server
 * renders the final numbers; screen readers always get the final number, never the ticking one.
 */
export function ImpactCounters({
  figures,
  tone = "light",
  englishPaths,
}: {
  figures: ImpactFigure[];
  tone?: "light" | "dark";
  /** On an Amharic page, the figures' texts still in English ("impactFigures.0.label"). */
  englishPaths?: string[] | undefined;
}) {
  const ref = useRef<HTMLUListElement>(null);
  // null = show the final value (server render, reduced motion, after the animation).
  const [progress, setProgress] = useState<number | null>(null);

  useOnceVisible(ref, COUNTER_VISIBILITY, {
    onArm: () => {
      setProgress(0);
      return true;
    },
    onVisible: () => {
      const start = performance.now();
      const tick = (now: number) => {
        const t = Math.min(1, (now - start) / COUNTER_DURATION_MS);
        setProgress(t < 1 ? t : null);
        if (t < 1) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
  });

  const dark = tone === "dark";
  return (
    <ul ref={ref} className="grid grid-cols-3 gap-3 sm:gap-6">
      {figures.map((figure, index) => {
        const shown = progress === null ? figure.value : Math.round(figure.value * easeOutCubic(progress));
        return (
          <li
            key={figure.label}
            className={`rounded-2xl px-2 py-5 text-center sm:px-4 sm:py-7 ${dark ? "bg-white/10" : "bg-white shadow-sm ring-1 ring-black/5"}`}
          >
            <p
              className={`text-3xl font-extrabold tabular-nums sm:text-5xl ${dark ? "text-amber-300" : "text-accent"}`}
            >
              <span aria-hidden="true" data-counter={figure.label}>
                {shown}
                {figure.suffix}
              </span>
              <span className="sr-only">
                {figure.value}
                {figure.suffix}
              </span>
            </p>
            <p
              className={`mt-2 text-sm font-semibold sm:text-base ${dark ? "text-white/90" : "text-ink"}`}
              lang={sitePathLang(englishPaths, `impactFigures.${index}.label`)}
            >
              {figure.label}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export const ImpactCountersIsland = island("impact-counters", ImpactCounters);
