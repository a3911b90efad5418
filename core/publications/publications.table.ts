import type { Generated } from "kysely";

export interface PublicationTable {
  id: string;
  title: string;
  description: string;
  link: string;
  /** Calendar date 'yyyy-MM-dd'. */
  publication_date: string;
  image_url: string;
  image_variants: string | null;
  created_at: string;
  updated_at: string;
  /** `draft | scheduled | published` (core/versions/item-states.ts); rows from before it are `published`. */
  status: Generated<string>;
  /** When a scheduled row goes live (ISO); null otherwise. */
  publish_at: string | null;
}
