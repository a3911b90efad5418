import { z } from "zod";
import type { StoredImage } from "../media/media.schema.ts";
import { isCalendarDate } from "../shared/calendar-days.ts";
import type { ItemState } from "../versions/states.ts";

export const PUBLICATION_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  link: "A valid URL is required",
  publicationDate: "Date is required",
  invalidDate: "Please enter a real date (yyyy-MM-dd).",
  image: "Image is required",
} as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);

export const PublicationInputSchema = z.object({
  title: required(PUBLICATION_MESSAGES.title, 200),
  description: required(PUBLICATION_MESSAGES.description, 2000),
  link: z
    .string({ error: PUBLICATION_MESSAGES.link })
    .trim()
    .max(2000, PUBLICATION_MESSAGES.link)
    .refine(isHttpUrl, PUBLICATION_MESSAGES.link),
  publicationDate: z
    .string({ error: PUBLICATION_MESSAGES.publicationDate })
    .trim()
    .min(1, PUBLICATION_MESSAGES.publicationDate)
    .refine(isCalendarDate, PUBLICATION_MESSAGES.invalidDate),
});

/** `status` and `publishAt` are ours (docs/decisions/0300-publishing-states.md): public answers only ever hold published ones. */
export interface Publication extends ItemState {
  _id: string;
  title: string;
  description: string;
  /** Plain URL of the screenshot (spec); `image` adds its sizes and formats. */
  imageUrl: string;
  image: StoredImage;
  /** Ours: what the picture shows, "" when there is none (docs/decisions/0770-every-picture-described.md). */
  imageAlt: string;
  /** Ours: the picture is decorative, served with an empty alt on purpose. */
  imageDecorative: boolean;
  link: string;
  /** Calendar date 'yyyy-MM-dd': the same day in every time zone. */
  publicationDate: string;
  createdAt: string;
  updatedAt: string;
}
