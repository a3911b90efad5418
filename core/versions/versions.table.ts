/**
 * A versioned document (core/versions): one row per (kind, key) with its draft and its published
 * snapshot, each JSON text. docs/decisions/0260-versions-and-states.md
 */
export interface VersionedDocumentTable {
  kind: string;
  key: string;
  /** `draft | scheduled | published` (DocumentState). */
  state: string;
  /** JSON; null until a draft is first saved. */
  draft: string | null;
  /** Grows with every draft write; a save names the revision it started from (optimistic check). */
  revision: number;
  draft_saved_at: string | null;
  draft_saved_by: string | null;
  /** JSON; null until first published. */
  published: string | null;
  published_at: string | null;
  published_by: string | null;
  /** The number of the newest version row (0 before the first publish). */
  last_version: number;
  /** When a scheduled document goes live (state `scheduled`); null otherwise. */
  publish_at: string | null;
}

/** One published snapshot: who, when, what. */
export interface DocumentVersionTable {
  id: string;
  kind: string;
  key: string;
  /** 1, 2, 3… per document. */
  number: number;
  snapshot: string;
  created_at: string;
  /** Null for work the site did by itself. */
  created_by_id: string | null;
  /** Copied, so a version still names its author after their account is renamed or deleted. */
  created_by_email: string;
}
