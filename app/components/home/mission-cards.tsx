import { useRef, useState } from "react";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import { CARD_REVEAL_VISIBILITY, type MissionCard } from "../../content/home";
import { island } from "../../islands/island";
import { useOnceVisible } from "../../lib/use-once-visible";

/** In the cards' order: a compass for the mission, an eye for the vision, a heart for the values. */
const ICONS = [
  "M12 2a10 10 0 100 20 10 10 0 000-20zm3.5 6.5l-2 5-5 2 2-5 5-2z",
  "M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5zm0 11a4 4 0 110-8 4 4 0 010 8z",
  "M12 21s-7.5-4.6-9.6-9.2C.9 8.6 2.9 4.5 6.8 4.5c2.2 0 3.6 1.2 5.2 3 1.6-1.8 3-3 5.2-3 3.9 0 5.9 4.1 4.4 7.3C19.5 16.4 12 21 12 21z",
];

/** Our Mission, Our Vision, Our Core Values: slide in once when 20 % visible (spec §4). */
export function MissionCards({ cards, englishPaths }: { cards: MissionCard[]; englishPaths?: string[] }) {
  const ref = useRef<HTMLUListElement>(null);
  const [phase, setPhase] = useState<"static" | "waiting" | "shown">("static");
  useOnceVisible(ref, CARD_REVEAL_VISIBILITY, {
    // Cards already on screen when the page becomes interactive stay put rather than blink.
    onArm: (alreadyVisible) => {
      if (alreadyVisible) return false;
      setPhase("waiting");
      return true;
    },
    onVisible: () => setPhase("shown"),
  });
  return (
    <ul ref={ref} className="grid gap-6 md:grid-cols-3">
      {cards.map((card, index) => (
        <li
          key={card.title}
          data-reveal={phase}
          style={{ transitionDelay: phase === "shown" ? `${index * 150}ms` : undefined }}
          // Only the entrance is animated: hiding the cards before it happens is instant.
          className={`rounded-2xl bg-white p-7 shadow-sm ring-1 ring-black/5 ${
            phase === "waiting" ? "translate-y-8 opacity-0" : "translate-y-0 opacity-100"
          } ${phase === "shown" ? "transition duration-700 ease-out" : ""}`}
        >
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-light text-brand">
            <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <path d={ICONS[index % ICONS.length]} fillRule="evenodd" />
            </svg>
          </span>
          <h3
            className="mt-5 text-xl font-bold text-brand-dark"
            lang={sitePathLang(englishPaths, `missionCards.${index}.title`)}
          >
            {card.title}
          </h3>
          <p className="mt-3 text-muted" lang={sitePathLang(englishPaths, `missionCards.${index}.text`)}>
            {card.text}
          </p>
        </li>
      ))}
    </ul>
  );
}

export const MissionCardsIsland = island("mission-cards", MissionCards);
