import type { Generated } from "kysely";

export interface GalleryItemTable {
  id: string;
  title: string;
  description: string;
  category: string;
  /** Calendar date 'yyyy-MM-dd'. */
  event_date: string;
  /** Lower-cased "title\ndescription" for literal search (migration 020 indexes it). */
  search_text: string;
  created_at: string;
  updated_at: string;
  /** `draft | scheduled | published` (core/versions/item-states.ts); rows from before it are `published`. */
  status: Generated<string>;
  /** When a scheduled row goes live (ISO); null otherwise. */
  publish_at: string | null;
}

export interface GalleryImageTable {
  id: string;
  gallery_item_id: string;
  position: number;
  url: string;
  variants: string | null;
  /** What the picture shows, for those who cannot see it; null when not given (docs/decisions/0770). */
  alt: string | null;
  /** The same in Amharic, for the Amharic pages; null: they use `alt` (docs/decisions/0883). */
  alt_am: string | null;
  /** 1 when staff marked the picture decorative: it is served with an empty alt on purpose. */
  decorative: Generated<number>;
}
