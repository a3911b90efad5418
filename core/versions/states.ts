/**
 * The one vocabulary of publishing states, for versioned documents (versions.ts) and
 * content items (item-states.ts). Free of zod and Node, so screens can import it.
 */
export const DOCUMENT_STATES = ["draft", "scheduled", "published"] as const;
/** `draft`: never published or taken down; `scheduled`: goes live at `publishAt`; `published`: public. */
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** The state of a content item (blog post, publication, gallery item, video) as the API answers it. */
export interface ItemState {
  status: DocumentState;
  /** When a scheduled item goes live (ISO); null unless `status` is `scheduled`. */
  publishAt: string | null;
}

/** What the admin lists and forms call each state. */
export const STATE_LABELS: Record<DocumentState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};
