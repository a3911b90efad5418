import { z } from "zod";
import { htmlText, isHttpUrl } from "../blogs/blogs.schema.ts";
import { type Locale, localizePath } from "../i18n/locale.ts";
import type { NewsletterState } from "./newsletters.constants.ts";

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .optional()
    .transform((value) => value || undefined);

/** A link a newsletter's button may open: http(s), or a page of this site. */
const isButtonUrl = (value: string) => isHttpUrl(value) || (value.startsWith("/") && !value.startsWith("//"));

/**
 * Consent for an e-mail's pictures, sent with the write (like the item forms' `imageConsent`): one
 * entry per picture, `imageUrl` naming it. Newsletters and the e-mail series' steps take it.
 */
export const PictureConsentsSchema = z
  .array(z.looseObject({ imageUrl: z.string().max(2048) }))
  .max(50)
  .optional();

const AMHARIC_VERSION_INCOMPLETE =
  "An Amharic version needs both a subject and a text (or leave both empty to send the English to everyone).";

export const NewsletterInputSchema = z
  .object({
    subject: text("Subject is required", 150),
    previewText: optionalText(200),
    content: z
      .string({ error: "Write the newsletter first." })
      .max(200_000, "The newsletter is too long.")
      .refine((html) => htmlText(html).length > 0, "Write the newsletter first."),
    /** A picture already on this site (e.g. a blog post's), shown above the text. */
    imageUrl: optionalText(500).refine(
      (value) => value === undefined || /^\/uploads\/[\w./-]+$/.test(value) || isHttpUrl(value),
      "Choose a picture from this site.",
    ),
    buttonLabel: optionalText(60),
    buttonUrl: optionalText(500).refine(
      (value) => value === undefined || isButtonUrl(value),
      "Enter a link starting with https:// or /",
    ),
    inArchive: z.boolean().optional().default(true),
    /**
     * Ours, optional: the Amharic version, sent to subscribers whose language is Amharic
     * (docs/decisions/0884). Without a subject and text they get the English one.
     */
    subjectAm: optionalText(150),
    previewTextAm: optionalText(200),
    contentAm: z.string().max(200_000, "The newsletter is too long.").optional(),
    /** The button's label in Amharic; its link is the English one's. Empty: the English label. */
    buttonLabelAm: optionalText(60),
    /**
     * Consent for the newsletter's pictures, sent with the write (ours, like the item forms'
     * `imageConsent`): one entry per picture, `imageUrl` naming it. docs/decisions/0751
     */
    pictureConsents: PictureConsentsSchema,
  })
  .refine((input) => Boolean(input.buttonLabel) === Boolean(input.buttonUrl), {
    message: "A button needs both a label and a link.",
    path: ["buttonUrl"],
  })
  .refine((input) => Boolean(input.subjectAm) || htmlText(input.contentAm ?? "").length === 0, {
    message: AMHARIC_VERSION_INCOMPLETE,
    path: ["subjectAm"],
  })
  .refine((input) => !input.subjectAm || htmlText(input.contentAm ?? "").length > 0, {
    message: AMHARIC_VERSION_INCOMPLETE,
    path: ["contentAm"],
  });

/** A year whose lapsed donors (who are confirmed subscribers) a newsletter may go to (docs/decisions/0792). */
const lapsedYear = z.coerce
  .number({ error: "Choose a year." })
  .int("Choose a year.")
  .min(2000, "Choose a year.")
  .max(9999, "Choose a year.");

export const ScheduleSchema = z.object({
  /** Absent: send now. */
  at: z.iso.datetime({ offset: true, error: "Choose a date and time." }).optional(),
  /** Ours: only to confirmed subscribers who are donors lapsed in this year. Absent: every confirmed subscriber. */
  lapsedYear: lapsedYear.optional(),
});

export const AudienceQuerySchema = z.object({ lapsedYear: lapsedYear.optional() });

/** `?lang=`: which language's e-mail a preview shows (a newsletter's, an e-mail series step's). */
export const PreviewQuerySchema = z.object({ lang: z.enum(["en", "am"]).optional().default("en") });

export const FromPostSchema = z.object({ postId: z.string().min(1).max(100) });

/** What staff are asked before a send or a schedule: how many it goes to, counted now. */
export interface NewsletterAudience {
  subject: string;
  recipients: number;
  /** Only when asked with `?lapsedYear=`: the year whose lapsed donors are counted. */
  lapsedYear?: number;
  /**
   * Only when the newsletter has an Amharic version: how many of `recipients` get it (their language
   * is Amharic); the others get the English (docs/decisions/0884).
   */
  amharic?: number;
}

export interface NewsletterProgress {
  sent: number;
  failed: number;
  /** Unsubscribed before their turn. */
  skipped: number;
  remaining: number;
}

export interface Newsletter {
  _id: string;
  subject: string;
  previewText: string;
  content: string;
  imageUrl: string;
  buttonLabel: string;
  buttonUrl: string;
  state: NewsletterState;
  inArchive: boolean;
  /** The Amharic version ("" when there is none: `subjectAm` empty). docs/decisions/0884 */
  subjectAm: string;
  previewTextAm: string;
  contentAm: string;
  buttonLabelAm: string;
  scheduledAt: string | null;
  recipients: number | null;
  sendStartedAt: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A newsletter as Administrators' newsletter screens list and open it: a breach's letter to the
 * people it affects says so; others carry nothing more (docs/decisions/0886).
 */
export type ListedNewsletter = Newsletter & { breachLetter?: true };

export interface FailedDelivery {
  email: string;
  error: string;
}

/** A sent newsletter's page in the public archive (the e-mail's "read it on our website" link and the RSS item). */
export const archiveLink = (siteUrl: string, id: string, locale: Locale = "en") =>
  `${siteUrl}${localizePath(`/newsletter/${id}`, locale)}`;

/** What a reader in one language is sent and shown: the newsletter's words in it, and that language. */
export interface NewsletterVersion {
  lang: Locale;
  subject: string;
  previewText: string;
  content: string;
  buttonLabel: string;
}

export const hasAmharicVersion = (newsletter: Pick<Newsletter, "subjectAm">) => newsletter.subjectAm !== "";

/**
 * The version for a reader of `locale`: the Amharic one for Amharic readers when there is one,
 * else the English (docs/decisions/0884). An Amharic version without its own button label keeps the
 * English label.
 */
export function versionFor(newsletter: Newsletter, locale: Locale): NewsletterVersion {
  if (locale === "am" && hasAmharicVersion(newsletter)) {
    return {
      lang: "am",
      subject: newsletter.subjectAm,
      previewText: newsletter.previewTextAm,
      content: newsletter.contentAm,
      buttonLabel: newsletter.buttonLabelAm || newsletter.buttonLabel,
    };
  }
  const { subject, previewText, content, buttonLabel } = newsletter;
  return { lang: "en", subject, previewText, content, buttonLabel };
}
