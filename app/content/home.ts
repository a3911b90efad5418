import type { StoredImage } from "../../core/media/media.schema";
import { IMAGES } from "./images";

/**
 * Home-page content (spec §3 Hero slide and Donation-need card, §9 figures). A figure, a goal or
 * a sentence changes here, in one line.
 */

export interface HeroSlide {
  id: string;
  image: StoredImage;
  /** Describes the illustration for screen readers. */
  imageAlt: string;
  title: string;
  description: string;
  /** Label of the slide's donate button. */
  ctaText: string;
}

export const HERO_SLIDES: HeroSlide[] = [
  {
    id: "essential-support",
    image: IMAGES.heroEssentials,
    imageAlt: "Illustration of a woven basket filled with bread, blankets, soap and milk under a rising sun.",
    title: "Provide Essential Support",
    description:
      "Food, hygiene supplies, blankets and baby essentials for mothers in Ethiopian prisons and the young children who live with them.",
    ctaText: "Donate for Essentials",
  },
  {
    id: "education",
    image: IMAGES.heroEducation,
    imageAlt: "Illustration of an open book, a pencil and a stack of books beneath bright stars.",
    title: "Empower Through Education",
    description:
      "Early-childhood learning for the children, and literacy, vocational and life-skill training for their mothers, so every sentence served builds towards a future.",
    ctaText: "Donate for Education",
  },
  {
    id: "reconnect-families",
    image: IMAGES.heroFamilies,
    imageAlt: "Illustration of a mother and her child walking hand in hand from an open gate towards a home.",
    title: "Reconnect Families",
    description:
      "Family visits, reunification support and a safe start after release, so mothers and children can rebuild their lives together.",
    ctaText: "Donate for Families",
  },
];

/** The time each slide stays before the next one (spec §9). */
export const HERO_INTERVAL_MS = 4000;

export interface ImpactFigure {
  value: number;
  suffix: string;
  label: string;
}

export const IMPACT_FIGURES: ImpactFigure[] = [
  { value: 6, suffix: "+", label: "Prisons reached" },
  { value: 140, suffix: "+", label: "Products delivered monthly" },
  { value: 33, suffix: "+", label: "Children supported" },
];

/** Counter animation (spec §9): 2.5 s, once, when 30 % of the counters are visible. */
export const COUNTER_DURATION_MS = 2500;
export const COUNTER_VISIBILITY = 0.3;

/** Colour of a card's donate button; each pairs white text with a background that passes WCAG AA. */
export type CtaColor = "accent" | "brand";

export interface DonationNeed {
  id: string;
  image: StoredImage;
  imageAlt: string;
  category: string;
  title: string;
  description: string;
  /** US dollars. */
  goal: number;
  raised: number;
  ctaText: string;
  /** The amount the donation pop-up opens with. */
  ctaAmount: number;
  ctaColor: CtaColor;
}

export const DONATION_NEEDS: DonationNeed[] = [
  {
    id: "eccd-package",
    image: IMAGES.needEccd,
    imageAlt: "Illustration of building blocks, a ball and crayons.",
    category: "Early Childhood",
    title: "ECCD Package",
    description:
      "Early childhood care and development kits — play materials, picture books and learning toys — for children growing up beside their mothers in prison.",
    goal: 3000,
    raised: 40,
    ctaText: "Give $15",
    ctaAmount: 15,
    ctaColor: "accent",
  },
  {
    id: "vocational-training-machine",
    image: IMAGES.needSewing,
    imageAlt: "Illustration of a sewing machine with cloth and a spool of thread.",
    category: "Vocational Training",
    title: "Vocational Training Machine",
    description:
      "Sewing machines for prison workshops, where mothers learn a trade they can earn a living from once they are released.",
    goal: 5000,
    raised: 900,
    ctaText: "Give $10",
    ctaAmount: 10,
    ctaColor: "brand",
  },
  {
    id: "life-skill-training",
    image: IMAGES.needLifeSkills,
    imageAlt: "Illustration of a lightbulb above a rising chart on a chalkboard.",
    category: "Life Skills",
    title: "Life Skill Training",
    description:
      "Courses in parenting, financial literacy, communication and emotional resilience, led by trained facilitators inside the prisons.",
    goal: 10000,
    raised: 215,
    ctaText: "Give $25",
    ctaAmount: 25,
    ctaColor: "accent",
  },
  {
    id: "health-care-kits",
    image: IMAGES.needHealth,
    imageAlt: "Illustration of a first-aid case, a bandage and a water bottle.",
    category: "Health",
    title: "Health Care Kits",
    description:
      "Sanitary pads, soap, basic medicines and baby-care items that keep mothers and children healthy and protect their dignity.",
    goal: 3000,
    raised: 607,
    ctaText: "Give $15",
    ctaAmount: 15,
    ctaColor: "brand",
  },
];

export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ_ITEMS: FaqItem[] = [
  {
    question: "Where does my donation go?",
    answer:
      "100% of donations go to our programs: essentials, education, health care and family reintegration for incarcerated mothers and their children. Administrative costs are covered separately by our founding partners.",
  },
  {
    question: "Can I give monthly?",
    answer:
      "Yes. Choose Monthly in the donation window to set up a recurring gift. Monthly donations let us plan supplies and training months ahead, and you can change or cancel yours at any time.",
  },
  {
    question: "Is my donation tax-deductible?",
    answer:
      "Hope Behind Bars is a registered non-profit and every gift receives a receipt. Whether it is tax-deductible depends on the tax rules of the country where you pay tax; please check with your tax adviser.",
  },
  {
    question: "Why do children live in prison with their mothers?",
    answer:
      "In Ethiopia, young children may stay with their mothers in prison when there is no one else to care for them. They did nothing wrong, yet they often lack food, play, health care and early learning. We make sure they have what every child needs.",
  },
  {
    question: "How else can I help?",
    answer:
      "You can volunteer your skills, organise a fundraiser, or partner with us as a company or institution. Visit Join Our Team or get in touch through our Contact page.",
  },
];

export interface MissionCard {
  title: "Our Mission" | "Our Vision" | "Our Core Values";
  text: string;
}

export const MISSION_CARDS: MissionCard[] = [
  {
    title: "Our Mission",
    text: "To restore dignity and hope to incarcerated women and their children in Ethiopia by meeting their basic needs, opening doors to education and skills, and walking with them as they return to their families and communities.",
  },
  {
    title: "Our Vision",
    text: "An Ethiopia where no child's future is limited by a parent's imprisonment, and where every woman leaving prison has the support, skills and acceptance to rebuild her life.",
  },
  {
    title: "Our Core Values",
    text: "Human rights, openness and partnership guide everything we do: we treat every person with dignity, account honestly for every gift, and work hand in hand with prisons, families and communities.",
  },
];

/** Vision/mission cards slide in once when 20 % visible (spec §9). */
export const CARD_REVEAL_VISIBILITY = 0.2;
