import type { StoredImage } from "../../core/media/media.schema";
import { IMAGES } from "./images";

/** "Who We Are" content: vision and mission, story, theory of change, values, team, board. */

/** Section anchors of /about (spec §2); the navigation links to them. */
export const ABOUT_SECTIONS = [
  { id: "vision-mission", title: "Vision & Mission" },
  { id: "story", title: "Our Story" },
  { id: "theory-of-change", title: "Theory of Change" },
  { id: "values", title: "Our Values" },
  { id: "team", title: "Our Team" },
  { id: "board", title: "Board" },
] as const;

export const VISION =
  "An Ethiopia where no child's future is limited by a parent's imprisonment, and where every woman leaving prison has the support, skills and acceptance to rebuild her life.";

export const MISSION =
  "To restore dignity and hope to incarcerated women and their children by meeting their basic needs, opening doors to education and skills, and walking with them as they return to their families and communities.";

export const FOUNDER = {
  name: "Selamawit Bekele",
  role: "Founder & Executive Director",
  image: IMAGES.avatarFounder,
  quote:
    "The first time I visited a women's prison, a little girl held my hand and would not let go. She had done nothing wrong, yet her whole world was a prison yard. I promised myself that children like her, and their mothers, would not be forgotten.",
};

export const STORY_IMAGE = {
  image: IMAGES.story,
  alt: "Illustration of a young tree growing through parted prison bars towards the sun.",
};

export const STORY: string[] = [
  "Hope Behind Bars began with a handful of volunteers bringing soap, blankets and milk powder to a women's prison outside Addis Ababa. We met mothers serving long sentences and children under five who lived with them because there was no one else to care for them.",
  "What we saw stayed with us: women who wanted to learn but had no classroom, children who had never held a picture book, families who had lost touch after years apart. Emergency supplies were not enough; these women needed a way forward.",
  "Today we work in six prisons. We deliver essentials every month, run early-childhood corners for the children, and offer literacy, vocational and life-skill training to their mothers. When a woman is released, we help her reconnect with her family and find a livelihood, so that a second chance becomes a real one.",
];

export interface ChangeStep {
  title: string;
  text: string;
}

/** If we do these things, in this order, lives change in the way the outcome describes. */
export const THEORY_OF_CHANGE: ChangeStep[] = [
  {
    title: "Meet basic needs",
    text: "Monthly essentials, hygiene and health care kits give mothers and children safety and dignity, the ground everything else stands on.",
  },
  {
    title: "Build skills and learning",
    text: "Early-childhood care for the children; literacy, vocational and life-skill training for the mothers, during their sentence, not after it.",
  },
  {
    title: "Strengthen family bonds",
    text: "Supported visits, parenting sessions and contact with relatives keep families connected while they are apart.",
  },
  {
    title: "Support reintegration",
    text: "After release we help with a place to start, tools for a livelihood and follow-up, so women return to their communities with confidence.",
  },
];

export const CHANGE_OUTCOME =
  "Women leave prison able to provide for their families, children grow up healthy and learning, and communities welcome them back, breaking the cycle of poverty and re-offending.";

export interface CoreValue {
  title: "Human Rights" | "Openness" | "Partnership";
  text: string;
}

export const CORE_VALUES: CoreValue[] = [
  {
    title: "Human Rights",
    text: "Every woman and child deserves dignity, safety and care, whatever the past. We defend their rights to health, education and family life.",
  },
  {
    title: "Openness",
    text: "We are honest about what we do and what it costs. Donors, partners and the women we serve can see where every gift goes.",
  },
  {
    title: "Partnership",
    text: "Lasting change is shared work. We collaborate with prison administrations, local organisations, volunteers and families themselves.",
  },
];

export interface TeamMember {
  name: string;
  role: string;
  image: StoredImage;
  bio: string;
}

/** Staff as listed with their consent; portraits are illustrations until they choose a photo. */
export const TEAM: TeamMember[] = [
  {
    name: FOUNDER.name,
    role: FOUNDER.role,
    image: FOUNDER.image,
    bio: "A social worker for fifteen years, she founded Hope Behind Bars after volunteering in women's prisons.",
  },
  {
    name: "Hana Girma",
    role: "Programmes Coordinator",
    image: IMAGES.avatarProgrammes,
    bio: "Plans the monthly deliveries and keeps in touch with prison administrations in all six facilities.",
  },
  {
    name: "Tigist Alemu",
    role: "Education Lead",
    image: IMAGES.avatarEducation,
    bio: "A former primary teacher who runs our early-childhood corners and adult literacy classes.",
  },
  {
    name: "Dawit Mengistu",
    role: "Family & Reintegration Officer",
    image: IMAGES.avatarFamilies,
    bio: "Arranges family visits and supports women in the first months after their release.",
  },
];

/** Spec §3 Board member: id, name, imageUrl (here the image set), thought. */
export interface BoardMember {
  id: string;
  name: string;
  role: string;
  image: StoredImage;
  thought: string;
}

export const BOARD: BoardMember[] = [
  {
    id: "board-chair",
    name: "Yohannes Tesfaye",
    role: "Chair of the Board",
    image: IMAGES.avatarBoardChair,
    thought:
      "A society is measured by how it treats the people it has locked away. Supporting these mothers is not charity; it is justice for their children.",
  },
  {
    id: "board-legal",
    name: "Meseret Haile",
    role: "Legal Adviser",
    image: IMAGES.avatarBoardLegal,
    thought:
      "Many of the women we meet never had a lawyer or understood their rights. Knowledge of the law is the first step back to a fair life.",
  },
  {
    id: "board-health",
    name: "Dr. Liya Abebe",
    role: "Health Adviser",
    image: IMAGES.avatarBoardHealth,
    thought:
      "A clean birth kit, a vaccination, a visit from a nurse: small things inside a prison decide whether a child grows up healthy.",
  },
  {
    id: "board-finance",
    name: "Samuel Kebede",
    role: "Treasurer",
    image: IMAGES.avatarBoardFinance,
    thought:
      "Donors trust us with their generosity. My job is to make sure every birr and every dollar reaches the women and children it was meant for.",
  },
];
