import { z } from "zod";
import { parseEtbPerUsd } from "../money/money.ts";

/**
 * Site content (docs/decisions/0260-versions-and-states.md): every word, figure and picture of the Home, Our Impact, Who We Are and
 * Contact pages, the donation pop-up and the footer, one schema per section. The back-office form,
 * the API and the pages share these; pages import only the types. Rich-text fields hold the HTML the
 * blog editor makes and are sanitised by the service like posts.
 */

export const SITE_SECTIONS = ["home", "about", "donating", "contact", "privacy"] as const;
export type SiteSection = (typeof SITE_SECTIONS)[number];

export const SECTION_TITLES: Record<SiteSection, string> = {
  home: "Home",
  about: "Who We Are",
  donating: "Donating",
  contact: "Contact and footer",
  privacy: "Privacy page",
};

export const SECTION_DESCRIPTIONS: Record<SiteSection, string> = {
  home: "Hero slides, introduction, impact figures, donation needs, FAQ and mission cards (also on Our Impact)",
  about: "Vision, mission, founder, story, theory of change, values, team and board",
  donating: "Bank details, crowdfunding link and the amounts the donation pop-up offers",
  contact: "Address, phone, e-mail, office hours, map, social links and the footer tagline",
  privacy:
    "The privacy page's introduction and whom to write to; the rest of the page comes from the records of processing",
};

/** The public page each section is seen on, for the preview link. */
export const SECTION_PAGES: Record<SiteSection, string> = {
  home: "/",
  about: "/about",
  donating: "/",
  contact: "/contact",
  privacy: "/privacy",
};

export const isSiteSection = (value: string): value is SiteSection =>
  (SITE_SECTIONS as readonly string[]).includes(value);

export const SITE_CONTENT_MESSAGES = {
  unknownSection: "There is no such section of site content.",
  unknownVersion: "That version is not kept any more (only the last 50 are).",
  stale:
    "Someone else saved this section after you opened it, so your changes were not saved. They are still in the form: copy what you need, then load the latest version, or replace theirs with yours.",
  revision: "The form's revision is missing. Reload the page and try again.",
  richTextEmptied:
    "Nothing is left of this text once the markup the site does not allow (scripts, styles, embedded frames) is removed. Type the text in the editor.",
  defaultAmount: "The default amount must be one of the preset amounts.",
  etbPerUsd: "Please enter the rate in birr per US dollar, e.g. 155.42, or leave it empty.",
  image: "Please upload an image.",
  url: "Please enter a full web address starting with https://",
  email: "Please enter a valid email address.",
  duplicateId: "Two items of this list have the same id.",
  pictureGone:
    "This picture was removed because it was not saved within an hour of uploading it. Please choose it again, then save.",
} as const;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label}: please keep this under ${max} characters`);

const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label}: please keep this under ${max} characters`)
    .default("");

/** Rich text as HTML; the length counts markup too, so the limit is generous. */
const richText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label}: please keep this under ${max} characters`)
    .refine((html) => html.replace(/<[^>]*>/g, "").trim().length > 0, `${label} is required`);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}`);

const list = <T extends z.ZodType>(item: T, label: string, min: number, max: number) =>
  z
    .array(item, { error: `${label} must be a list` })
    .min(min, `${label}: add at least ${min}`)
    .max(max, `At most ${max} ${label.toLowerCase()}`);

/**
 * A list item's stable name (a key, an anchor, and what its Amharic version is stored under,
 * docs/decisions/0506): the form makes one when an item is added; the service gives one to an item
 * saved without it (site-content.item-ids.ts). It never changes when the list is reordered.
 */
const itemId = z
  .string({ error: "Item id is required" })
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Item id: lower-case letters, digits and hyphens");

/** Ids name items on the page (keys, anchors): two items of one list may not share one. */
const uniqueIds = (items: Array<{ id: string }>, context: z.RefinementCtx) => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id))
      context.addIssue({ code: "custom", message: SITE_CONTENT_MESSAGES.duplicateId, path: [index, "id"] });
    seen.add(item.id);
  });
};

/** Root-relative (our uploads and illustrations) or an absolute https address (S3_PUBLIC_URL). */
const imageUrl = z
  .string({ error: SITE_CONTENT_MESSAGES.image })
  .max(1000, SITE_CONTENT_MESSAGES.image)
  .refine((url) => /^\/[^/\\]/.test(url) || /^https:\/\/[^\s]+$/.test(url), SITE_CONTENT_MESSAGES.image);

/** A picture as the media pipeline stores it (core/media/media.schema.ts). */
export const ImageSchema = z.object(
  {
    url: imageUrl,
    width: z.number().int().min(0).max(20000),
    height: z.number().int().min(0).max(20000),
    variants: z
      .array(
        z.object({
          format: z.enum(["avif", "webp", "jpeg"]),
          width: z.number().int().min(1).max(20000),
          url: imageUrl,
        }),
      )
      .max(60),
    /**
     * Ours, optional: what the picture shows (docs/decisions/0770-every-picture-described.md); a card
     * that keeps its own `imageAlt` or `alt` beside the picture is described by that.
     */
    alt: z.string().trim().max(300, "Image description: please keep this under 300 characters").optional(),
    /** Ours, optional: the picture is decorative, served with an empty alt on purpose. */
    decorative: z.boolean().optional(),
  },
  { error: SITE_CONTENT_MESSAGES.image },
);

const httpsUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(500, `${label}: please keep this under 500 characters`)
    .refine((url) => url === "" || /^https:\/\/[^\s]+\.[^\s]+$/.test(url), SITE_CONTENT_MESSAGES.url)
    .default("");

export const CTA_COLORS = ["accent", "brand"] as const;
/** Colour of a card's donate button; each pairs white text with a background that passes WCAG AA. */
export type CtaColor = (typeof CTA_COLORS)[number];

const HeroSlideSchema = z.object({
  id: itemId,
  image: ImageSchema,
  /** Describes the picture for screen readers. */
  imageAlt: required("Image description", 300),
  title: required("Title", 80),
  description: required("Description", 300),
  /** Label of the slide's donate button. */
  ctaText: required("Button text", 40),
  /** The amount the donation pop-up opens with; null: the default amount. */
  ctaAmount: wholeNumber("Preset amount", 1, 100000).nullable().default(null),
});

const ImpactFigureSchema = z.object({
  id: itemId,
  value: wholeNumber("Value", 0, 10_000_000),
  suffix: optional("Suffix", 4),
  label: required("Label", 60),
});

/**
 * Spec §3 Donation-need card. Each card is a fund (its `id`, stable once gifts name it): the public
 * "raised" figure is the opening balance plus the gifts recorded for it (core/funds).
 */
/** A fund's thank-you message, in either language: a few sentences, not a letter. */
export const THANK_YOU_MESSAGE_MAX = 300;

const DonationNeedFields = z.object({
  /** Stable: gifts designated to this card carry it. */
  id: itemId,
  image: ImageSchema,
  imageAlt: required("Image description", 300),
  category: required("Category", 40),
  title: required("Title", 80),
  description: required("Description", 400),
  /** US dollars. */
  goal: wholeNumber("Goal", 1, 10_000_000),
  /** US dollars raised before the site counted gifts (or outside it); recorded gifts add to it. */
  openingBalance: wholeNumber("Opening balance", 0, 10_000_000),
  ctaText: required("Button text", 40),
  /** The amount the donation pop-up opens with. */
  ctaAmount: wholeNumber("Button amount", 1, 100000),
  ctaColor: z.enum(CTA_COLORS, { error: "Please choose a button colour" }),
  /**
   * The charity's words to a donor who gave to this fund, on the thank-you page and the receipt
   * (docs/decisions/0840): plain text, empty for none; cards saved before it have none.
   */
  thankYouMessage: z
    .string()
    .trim()
    .max(THANK_YOU_MESSAGE_MAX, `Thank-you message: please keep this under ${THANK_YOU_MESSAGE_MAX} characters`)
    .default(""),
});

/** Cards saved before funds were live called their opening balance `raised`. */
const DonationNeedSchema = z.preprocess((value) => {
  if (value === null || typeof value !== "object" || "openingBalance" in value || !("raised" in value)) return value;
  const { raised, ...rest } = value as Record<string, unknown>;
  return { ...rest, openingBalance: raised };
}, DonationNeedFields);

const FaqItemSchema = z.object({
  id: itemId,
  question: required("Question", 200),
  answer: required("Answer", 1500),
});

const TitledTextSchema = z.object({
  id: itemId,
  title: required("Title", 60),
  text: required("Text", 600),
});

export const HomeContentSchema = z.object({
  heroSlides: list(HeroSlideSchema, "Hero slides", 1, 6).superRefine(uniqueIds),
  introHeading: required("Introduction heading", 120),
  introText: richText("Introduction text", 3000),
  impactFigures: list(ImpactFigureSchema, "Impact figures", 1, 6).superRefine(uniqueIds),
  donationNeeds: list(DonationNeedSchema, "Donation needs", 1, 12).superRefine(uniqueIds),
  faq: list(FaqItemSchema, "Questions", 1, 20).superRefine(uniqueIds),
  /** Our Mission, Our Vision, Our Core Values, in that order (each has its icon). */
  missionCards: z
    .array(TitledTextSchema)
    .length(3, "There are exactly three cards: mission, vision and core values")
    .superRefine(uniqueIds),
});

const PersonSchema = z.object({
  name: required("Name", 80),
  role: required("Role", 80),
  image: ImageSchema,
});

export const AboutContentSchema = z.object({
  vision: required("Vision", 600),
  mission: required("Mission", 600),
  founder: PersonSchema.extend({
    quote: required("Quote", 600),
    /** Shown under the quote when set. */
    story: z.string().trim().max(5000, "Founder's story: please keep this under 5000 characters").default(""),
  }),
  storyImage: z.object({ image: ImageSchema, alt: required("Image description", 300) }),
  story: richText("Our story", 10000),
  theoryOfChange: list(TitledTextSchema, "Steps", 1, 8).superRefine(uniqueIds),
  changeOutcome: required("The change we work for", 600),
  coreValues: list(TitledTextSchema, "Values", 1, 6).superRefine(uniqueIds),
  team: list(PersonSchema.extend({ id: itemId, bio: required("Bio", 400) }), "Team members", 0, 24).superRefine(
    uniqueIds,
  ),
  /** Spec §3 Board member: the `thought` is the quote shown when the member is chosen. */
  board: list(PersonSchema.extend({ id: itemId, thought: required("Quote", 600) }), "Board members", 0, 24).superRefine(
    uniqueIds,
  ),
});

const amount = wholeNumber("Amount", 1, 100000);

export const DonatingContentSchema = z
  .object({
    /** A named Ethiopian commercial bank. */
    bank: required("Bank name", 100),
    accountName: required("Account name", 100),
    accountNumber: required("Account number", 40),
    branch: optional("Branch", 100),
    swift: optional("SWIFT code", 11),
    /** Empty: the CROWDFUNDING_URL the site was installed with. */
    crowdfundingUrl: httpsUrl("Crowdfunding address"),
    /** Spec §9: 25, 50, 100 with 50 selected. */
    presets: list(amount, "Preset amounts", 1, 6),
    defaultAmount: amount,
    /** "Pay in birr" offers these (whole birr). */
    birrPresets: list(wholeNumber("Birr amount", 1, 1_000_000), "Preset amounts in birr", 1, 6),
    /**
     * Birr per US dollar as staff keep it up to date ("155.42"); each birr gift paid online keeps its
     * dollar value at the rate of its day. Empty: birr gifts count in no dollar total until it is set.
     */
    etbPerUsd: z
      .string({ error: SITE_CONTENT_MESSAGES.etbPerUsd })
      .trim()
      .refine((rate) => rate === "" || parseEtbPerUsd(rate) !== undefined, SITE_CONTENT_MESSAGES.etbPerUsd)
      .transform((rate) => (rate === "" ? "" : (parseEtbPerUsd(rate) ?? "")))
      .default(""),
    /**
     * The N of "Add N % so all of my gift reaches the programme", offered with card and birr gifts
     * (docs/decisions/0830-covering-the-fees.md); 0 hides the option.
     */
    feeCoverPercent: wholeNumber("Fee cover percent", 0, 20).default(0),
  })
  .refine((content) => content.presets.includes(content.defaultAmount), {
    message: SITE_CONTENT_MESSAGES.defaultAmount,
    path: ["defaultAmount"],
  });

export const SOCIAL_NETWORKS = ["Facebook", "Instagram", "LinkedIn", "YouTube"] as const;

export const ContactContentSchema = z.object({
  addressLines: list(required("Address line", 100), "Address lines", 1, 6),
  phone: z.object({
    display: required("Phone number", 40),
    /** What a phone dials: digits and a leading +. */
    dial: z
      .string({ error: "Number to dial is required" })
      .trim()
      .regex(/^\+?[0-9]{4,20}$/, "Number to dial: digits only, with an optional leading +"),
  }),
  email: z.email(SITE_CONTENT_MESSAGES.email).max(254, SITE_CONTENT_MESSAGES.email),
  officeHours: required("Office hours", 200),
  map: z.object({
    latitude: z
      .number({ error: "Latitude must be a number" })
      .min(-90, "Latitude: -90 to 90")
      .max(90, "Latitude: -90 to 90"),
    longitude: z
      .number({ error: "Longitude must be a number" })
      .min(-180, "Longitude: -180 to 180")
      .max(180, "Longitude: -180 to 180"),
    label: required("Map label", 120),
  }),
  /** A link is hidden while its address is empty. */
  social: z.object({
    Facebook: httpsUrl("Facebook"),
    Instagram: httpsUrl("Instagram"),
    LinkedIn: httpsUrl("LinkedIn"),
    YouTube: httpsUrl("YouTube"),
  }),
  footerTagline: required("Footer tagline", 200),
  /** The charity's registration or tax number, printed on every receipt; empty prints none. */
  registrationNumber: optional("Registration or tax number", 80),
  /**
   * The organisation's logo, drawn on receipts and year statements; none draws the site's wordmark
   * (docs/decisions/0891-organisation-logo-on-receipts.md).
   */
  logo: ImageSchema.nullable().default(null),
});

/** The words of /privacy staff write; what is held, why and how long comes from core/personal-data. */
export const PrivacyContentSchema = z.object({
  intro: required("Introduction", 2000),
  contactPerson: required("Whom to write to", 300),
});

export const SECTION_SCHEMAS = {
  home: HomeContentSchema,
  about: AboutContentSchema,
  donating: DonatingContentSchema,
  contact: ContactContentSchema,
  privacy: PrivacyContentSchema,
} as const;

export type HomeContent = z.output<typeof HomeContentSchema>;
export type AboutContent = z.output<typeof AboutContentSchema>;
export type DonatingContent = z.output<typeof DonatingContentSchema>;
export type ContactContent = z.output<typeof ContactContentSchema>;
export type PrivacyContent = z.output<typeof PrivacyContentSchema>;
export type SiteContent = { [S in SiteSection]: z.output<(typeof SECTION_SCHEMAS)[S]> };

export type HeroSlide = HomeContent["heroSlides"][number];
export type ImpactFigure = HomeContent["impactFigures"][number];
export type DonationNeed = HomeContent["donationNeeds"][number];
export type FaqItem = HomeContent["faq"][number];
export type MissionCard = HomeContent["missionCards"][number];
export type BoardMember = AboutContent["board"][number];

/** What a save sends: the whole section and the revision the form started from. */
export const SaveRequestSchema = z.object({
  revision: z.number({ error: SITE_CONTENT_MESSAGES.revision }).int().min(0),
  content: z.unknown(),
});
export const RevisionRequestSchema = z.object({
  revision: z.number({ error: SITE_CONTENT_MESSAGES.revision }).int().min(0),
});

/** A section as the back office edits it. */
export interface SectionEditorState<S extends SiteSection = SiteSection> {
  section: S;
  /** The working copy: the draft, or the published content when there is no draft yet. */
  draft: SiteContent[S];
  published: SiteContent[S];
  revision: number;
  hasUnpublishedChanges: boolean;
  draftSavedAt: string | null;
  draftSavedBy: string | null;
  publishedAt: string | null;
  publishedBy: string | null;
  lastVersion: number;
}
