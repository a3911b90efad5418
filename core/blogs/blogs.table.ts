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
  /** What the picture shows, for those who cannot see it; null when not given (docs/decisions/0770). */
  image_alt: string | null;
  /** 1 when staff marked the picture decorative: it is served with an empty alt on purpose. */
  image_decorative: Generated<number>;
  created_at: string;
  updated_at: string;
  /** `draft | scheduled | published` (core/versions/item-states.ts); rows from before it are `published`. */
  status: Generated<string>;
  /** When a scheduled row goes live (ISO); null otherwise. */
  publish_at: string | null;
}
