import type { StoredImage } from "../media/media.schema.ts";
import type { ItemState } from "../versions/states.ts";

/**
 * Spec §9 constants and the shapes pages read, apart from the zod schemas so public pages can
 * import them without shipping zod to visitors (gallery.schema.ts re-exports them).
 */
export const GALLERY_CATEGORIES = ["Partnerships", "Education", "Support", "Skills Training"] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];
/** The filter-only chip; the API also takes an empty category for all. */
export const ALL_GALLERY = "All";
export const GALLERY_PAGE_SIZE = 9;
export const GALLERY_PREVIEW_SIZE = 4;
export const MAX_GALLERY_LIMIT = 50;
export const MAX_GALLERY_IMAGES = 10;
export const SEARCH_DEBOUNCE_MS = 500;

/** `status` and `publishAt` are ours (docs/decisions/0300-publishing-states.md): public answers only ever hold published items. */
export interface GalleryItem extends ItemState {
  _id: string;
  title: string;
  description: string;
  category: GalleryCategory;
  /** Calendar date 'yyyy-MM-dd': the same day in every time zone. */
  eventDate: string;
  /** Plain image URLs, the first is the cover (spec §3). */
  imageUrls: string[];
  /** The same images with their AVIF/WebP/JPEG width ladder, for srcset. */
  images: StoredImage[];
  /** Ours: each image's description in the same order, "" where there is none (docs/decisions/0770). */
  imageAlts: string[];
  /** Ours: the same in Amharic, "" where there is none (the Amharic pages fall back to `imageAlts`; decision 0883). */
  imageAltsAm: string[];
  /** Ours: whether each image is decorative (served with an empty alt on purpose). */
  imageDecoratives: boolean[];
  createdAt: string;
}

export interface GalleryPage {
  images: GalleryItem[];
  hasMore: boolean;
}
