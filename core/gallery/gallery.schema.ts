import { z } from "zod";
import { isCalendarDate } from "../shared/calendar-days.ts";
import {
  ALL_GALLERY,
  GALLERY_CATEGORIES,
  GALLERY_PAGE_SIZE,
  type GalleryCategory,
  MAX_GALLERY_IMAGES,
  MAX_GALLERY_LIMIT,
} from "./gallery.constants.ts";

export * from "./gallery.constants.ts";

export const GALLERY_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  category: "Category is required",
  categoryInvalid: "Please choose one of the gallery categories.",
  eventDate: "Date is required",
  eventDateInvalid: "Please enter a valid date.",
  imagesRequired: "Please choose at least one image.",
  tooManyImages: `Please choose at most ${MAX_GALLERY_IMAGES} images.`,
  unknownFilter: "Unknown gallery category.",
} as const;

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;

const isBlank = (value: unknown) => value == null || (typeof value === "string" && value.trim() === "");

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);

/** The text fields of the gallery form (spec §5); images are checked by the service. */
export const GalleryInputSchema = z.object({
  title: requiredText(GALLERY_MESSAGES.title, TITLE_MAX),
  description: requiredText(GALLERY_MESSAGES.description, DESCRIPTION_MAX),
  category: z.enum(GALLERY_CATEGORIES, {
    error: (issue) => (isBlank(issue.input) ? GALLERY_MESSAGES.category : GALLERY_MESSAGES.categoryInvalid),
  }),
  eventDate: z
    .string({ error: GALLERY_MESSAGES.eventDate })
    .trim()
    .min(1, GALLERY_MESSAGES.eventDate)
    .refine(isCalendarDate, GALLERY_MESSAGES.eventDateInvalid),
});

export const GalleryListQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number." })
    .int("page must be a whole number.")
    .min(1, "page must be at least 1.")
    .max(1_000_000, "page is too large.")
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a whole number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .transform((n) => Math.min(n, MAX_GALLERY_LIMIT))
    .default(GALLERY_PAGE_SIZE),
  category: z
    .union([z.literal(""), z.literal(ALL_GALLERY), z.enum(GALLERY_CATEGORIES)], {
      error: GALLERY_MESSAGES.unknownFilter,
    })
    .optional()
    .transform((c): GalleryCategory | undefined => (c === "" || c === ALL_GALLERY ? undefined : c)),
  search: z
    .string({ error: "search must be text." })
    .optional()
    .transform((s) => s?.trim() ?? ""),
});
