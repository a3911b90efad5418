import { z } from "zod";
import { ALL_VIDEOS, VIDEO_CATEGORIES, type VideoCategory } from "./videos.constants.ts";
import { parseYoutubeId } from "./youtube-url.ts";

export * from "./videos.constants.ts";
/** A list without a limit returns at most this many (the admin list shows them all). */
export const MAX_VIDEO_LIMIT = 200;

export const VIDEO_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  youtubeUrl: "YouTube URL is required",
  youtubeUrlInvalid: "Please enter a valid YouTube video URL.",
  category: "Category is required",
  categoryInvalid: "Please choose one of the video categories.",
  unknownFilter: "Unknown video category.",
} as const;

const isBlank = (value: unknown) => value == null || (typeof value === "string" && value.trim() === "");

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);

/** What the video form sends (spec §7): a full YouTube URL, from which the server derives the id. */
export const VideoInputSchema = z
  .object({
    title: requiredText(VIDEO_MESSAGES.title, 200),
    description: requiredText(VIDEO_MESSAGES.description, 5000),
    youtubeUrl: requiredText(VIDEO_MESSAGES.youtubeUrl, 2048).refine((url) => parseYoutubeId(url) !== null, {
      message: VIDEO_MESSAGES.youtubeUrlInvalid,
    }),
    category: z.enum(VIDEO_CATEGORIES, {
      error: (issue) => (isBlank(issue.input) ? VIDEO_MESSAGES.category : VIDEO_MESSAGES.categoryInvalid),
    }),
  })
  .transform(({ youtubeUrl, ...rest }) => ({ ...rest, youtubeId: parseYoutubeId(youtubeUrl) as string }));

export const VideoListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .transform((n) => Math.min(n, MAX_VIDEO_LIMIT))
    .default(MAX_VIDEO_LIMIT),
  category: z
    .union([z.literal(""), z.literal(ALL_VIDEOS), z.enum(VIDEO_CATEGORIES)], {
      error: VIDEO_MESSAGES.unknownFilter,
    })
    .optional()
    .transform((c): VideoCategory | undefined => (c === "" || c === ALL_VIDEOS ? undefined : c)),
});
