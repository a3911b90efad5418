import type { ItemState } from "../versions/states.ts";
/**
 * Spec §9 constants, apart from the zod schemas so public pages can import them without shipping
 * zod to visitors (videos.schema.ts re-exports them for everything else).
 */
export const VIDEO_CATEGORIES = ["Testimonials", "Program Highlights", "Community Stories"] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];
/** The filter-only chip; the API also takes an empty category for all. */
export const ALL_VIDEOS = "All";

/** `status` and `publishAt` are ours (docs/decisions/0300-publishing-states.md): public answers only ever hold published videos. */
export interface Video extends ItemState {
  _id: string;
  title: string;
  description: string;
  youtubeId: string;
  /** The watch URL, so the edit form can show what it submits (spec §3). */
  youtubeUrl: string;
  category: VideoCategory;
  createdAt: string;
}
