import { z } from "zod";
import { htmlText, isHttpUrl } from "../blogs/blogs.schema.ts";
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
     * Consent for the newsletter's pictures, sent with the write (ours, like the item forms'
     * `imageConsent`): one entry per picture, `imageUrl` naming it. docs/decisions/0751
     */
    pictureConsents: PictureConsentsSchema,
  })
  .refine((input) => Boolean(input.buttonLabel) === Boolean(input.buttonUrl), {
    message: "A button needs both a label and a link.",
    path: ["buttonUrl"],
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

export const FromPostSchema = z.object({ postId: z.string().min(1).max(100) });

/** What staff are asked before a send or a schedule: how many it goes to, counted now. */
export interface NewsletterAudience {
  subject: string;
  recipients: number;
  /** Only when asked with `?lapsedYear=`: the year whose lapsed donors are counted. */
  lapsedYear?: number;
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
  scheduledAt: string | null;
  recipients: number | null;
  sendStartedAt: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FailedDelivery {
  email: string;
  error: string;
}

/** A sent newsletter's page in the public archive (the e-mail's "read it on our website" link and the RSS item). */
export const archiveLink = (siteUrl: string, id: string) => `${siteUrl}/newsletter/${id}`;
