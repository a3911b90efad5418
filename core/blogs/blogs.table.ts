import type { Generated } from "kysely";

export interface BlogPostTable {
  id: string;
  title: string;
  excerpt: string;
  author_name: string;
  author_linkedin: string | null;
  /** Sanitised HTML. */
  content: string;
  image_url: string;
  /** JSON of the image pipeline's variants, see core/media. */
  image_variants: string | null;
  created_at: string;
  updated_at: string;
  /** `draft | scheduled | published` (core/versions/item-states.ts); rows from before it are `published`. */
  status: Generated<string>;
  /** When a scheduled row goes live (ISO); null otherwise. */
  publish_at: string | null;
}
