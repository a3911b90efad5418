import type { Generated } from "kysely";

export interface VideoTable {
  id: string;
  title: string;
  description: string;
  youtube_id: string;
  category: string;
  created_at: string;
  updated_at: string;
  /** `draft | scheduled | published` (core/versions/item-states.ts); rows from before it are `published`. */
  status: Generated<string>;
  /** When a scheduled row goes live (ISO); null otherwise. */
  publish_at: string | null;
}
