import { z } from "zod";
import { htmlText } from "../blogs/blogs.schema.ts";
import { PictureConsentsSchema } from "../newsletters/newsletters.schema.ts";

/** The series there are; each has its steps in `email_series_steps`. */
export const EMAIL_SERIES = ["welcome"] as const;
export type EmailSeriesName = (typeof EMAIL_SERIES)[number];

/** How staff screens name a series' e-mails ("Welcome e-mail, step 2"). */
export const SERIES_TITLES: Record<EmailSeriesName, string> = { welcome: "Welcome e-mail" };

const subject = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`);
const content = z.string().max(100_000, "This text is too long.");

/** What staff send when they save a step (Admin → Welcome e-mails). */
export const StepInputSchema = z
  .object({
    dayOffset: z
      .number({ error: "Enter a number of days." })
      .int("Enter a whole number of days.")
      .min(1, "A step goes at least a day after the gift (the receipt is day 0).")
      .max(365, "Please choose at most 365 days."),
    enabled: z.boolean(),
    stopsOnSecondGift: z.boolean(),
    subjectEn: subject(150).min(1, "Subject is required"),
    contentEn: content.refine((html) => htmlText(html).length > 0, "Write the e-mail first."),
    subjectAm: subject(150).optional().default(""),
    contentAm: content.optional().default(""),
    /** Consent for the step's pictures, as newsletters send it (docs/decisions/0751). */
    pictureConsents: PictureConsentsSchema,
  })
  .refine((input) => (input.subjectAm === "") === (htmlText(input.contentAm).length === 0), {
    message: "An Amharic text needs both a subject and a text (or leave both empty to send English).",
    path: ["subjectAm"],
  });

export interface EmailSeriesStep {
  _id: string;
  series: EmailSeriesName;
  position: number;
  dayOffset: number;
  enabled: boolean;
  stopsOnSecondGift: boolean;
  subjectEn: string;
  contentEn: string;
  subjectAm: string;
  contentAm: string;
  updatedAt: string;
}

export interface EmailSeriesSummary {
  series: EmailSeriesName;
  steps: EmailSeriesStep[];
  /** Addresses enrolled, and of them those still receiving it (not stopped). */
  enrolled: number;
  active: number;
}
