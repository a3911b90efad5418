/**
 * Home-page behaviour (spec §9). The words, figures and pictures are site content, edited in the
 * back office (core/site-content; defaults in core/site-content/site-content.defaults.ts).
 */
export type {
  CtaColor,
  FaqItem,
  HeroSlide,
  ImpactFigure,
  MissionCard,
} from "../../core/site-content/site-content.schema";

/** The time each slide stays before the next one (spec §9). */
export const HERO_INTERVAL_MS = 4000;

/** Counter animation (spec §9): 2.5 s, once, when 30 % of the counters are visible. */
export const COUNTER_DURATION_MS = 2500;
export const COUNTER_VISIBILITY = 0.3;

/** Vision/mission cards slide in once when 20 % visible (spec §9). */
export const CARD_REVEAL_VISIBILITY = 0.2;
