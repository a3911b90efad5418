import type { Selectable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Actor } from "../audit/audit.ts";
import type { Clock } from "../shared/clock.ts";
import { ConflictError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import type { DocumentState } from "./states.ts";
import type { DocumentVersionTable, VersionedDocumentTable } from "./versions.table.ts";

/**
 * The one pattern for content that is drafted, published and versioned
 * (docs/decisions/0260-versions-and-states.md). A document is named by (kind, key), e.g.
 * ("site-content", "home"). It keeps a draft and a published snapshot; every publish writes a
 * version (who, when, snapshot); the newest `keep` versions are kept. Every draft write names the
 * revision it started from, so a second editor's stale save is refused instead of overwriting.
 *
 * Snapshots are JSON values the feature owns: this module never looks inside them, and a feature
 * re-parses them with its own schema when it reads them (a schema may have grown since).
 */

export type { DocumentState } from "./states.ts";

/** How many versions a document keeps unless its feature says otherwise. */
export const VERSIONS_KEPT = 50;

export interface VersionedDocument {
  kind: string;
  key: string;
  state: DocumentState;
  /** The working copy; null before the first save. */
  draft: unknown;
  /** 0 before the first save; a save must name the revision it started from. */
  revision: number;
  draftSavedAt: string | null;
  draftSavedBy: string | null;
  /** What the public sees; null before the first publish. */
  published: unknown;
  publishedAt: string | null;
  publishedBy: string | null;
  /** The newest version's number; 0 before the first publish. */
  lastVersion: number;
  publishAt: string | null;
}

export interface VersionSummary {
  number: number;
  createdAt: string;
  createdBy: string;
}

export interface DocumentVersion extends VersionSummary {
  snapshot: unknown;
}

/** A save or publish that started from an older revision than the stored one. */
export class StaleRevisionError extends ConflictError {}

export const STALE_REVISION_MESSAGE =
  "Someone else saved this since you opened it. Your changes were not saved; they are still in the form.";

export interface WriteOptions {
  /** The revision the editor started from (0 for a document never saved). */
  revision: number;
  actor: Actor;
}

type DocumentRow = Selectable<VersionedDocumentTable>;
type VersionRow = Selectable<DocumentVersionTable>;

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

function toDocument(row: DocumentRow): VersionedDocument {
  return {
    kind: row.kind,
    key: row.key,
    state: row.state as DocumentState,
    draft: parse(row.draft),
    revision: Number(row.revision),
    draftSavedAt: row.draft_saved_at,
    draftSavedBy: row.draft_saved_by,
    published: parse(row.published),
    publishedAt: row.published_at,
    publishedBy: row.published_by,
    lastVersion: Number(row.last_version),
    publishAt: row.publish_at,
  };
}

const toSummary = (row: Pick<VersionRow, "number" | "created_at" | "created_by_email">): VersionSummary => ({
  number: Number(row.number),
  createdAt: row.created_at,
  createdBy: row.created_by_email,
});

export function createVersionStore({
  clock,
  keep = VERSIONS_KEPT,
  staleMessage = STALE_REVISION_MESSAGE,
}: {
  clock: Clock;
  /** How many versions a document keeps. */
  keep?: number;
  /** The conflict's message when a save started from an older revision. */
  staleMessage?: string;
}) {
  async function get(db: Db, kind: string, key: string): Promise<VersionedDocument | null> {
    const row = await db
      .selectFrom("versioned_documents")
      .selectAll()
      .where("kind", "=", kind)
      .where("key", "=", key)
      .executeTakeFirst();
    return row ? toDocument(row) : null;
  }

  async function getVersion(db: Db, kind: string, key: string, number: number): Promise<DocumentVersion | null> {
    const row = await db
      .selectFrom("document_versions")
      .selectAll()
      .where("kind", "=", kind)
      .where("key", "=", key)
      .where("number", "=", number)
      .executeTakeFirst();
    return row ? { ...toSummary(row), snapshot: JSON.parse(row.snapshot) } : null;
  }

  /** Writes the draft if `revision` is still the stored one (0: the document must not exist yet). */
  async function writeDraft(db: Db, kind: string, key: string, snapshot: unknown, options: WriteOptions) {
    const now = clock().toISOString();
    const draft = JSON.stringify(snapshot);
    if (options.revision === 0) {
      // Inserting races only with another first save; the primary key refuses the second.
      const inserted = await db
        .insertInto("versioned_documents")
        .values({
          kind,
          key,
          state: "draft",
          draft,
          revision: 1,
          draft_saved_at: now,
          draft_saved_by: options.actor.email,
          published: null,
          published_at: null,
          published_by: null,
          last_version: 0,
          publish_at: null,
        })
        .onConflict((conflict) => conflict.columns(["kind", "key"]).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) throw new StaleRevisionError(staleMessage);
      return toDocument(inserted);
    }
    const updated = await db
      .updateTable("versioned_documents")
      .set({ draft, revision: options.revision + 1, draft_saved_at: now, draft_saved_by: options.actor.email })
      .where("kind", "=", kind)
      .where("key", "=", key)
      .where("revision", "=", options.revision)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new StaleRevisionError(staleMessage);
    return toDocument(updated);
  }

  return {
    get,

    /** Saves the working copy; the public sees nothing until `publish`. */
    saveDraft: writeDraft,

    /**
     * Makes the draft public as a new version (run it in the caller's transaction, with the audit
     * record). Refused if the draft changed since `revision`, so what is published is what the
     * editor saw.
     */
    async publish(db: Db, kind: string, key: string, options: WriteOptions) {
      const now = clock().toISOString();
      const current = await get(db, kind, key);
      if (!current || current.revision !== options.revision) throw new StaleRevisionError(staleMessage);
      // The conditional update serialises concurrent publishes: each takes the next number.
      const row = await db
        .updateTable("versioned_documents")
        .set((eb) => ({
          state: "published",
          published: eb.ref("draft"),
          published_at: now,
          published_by: options.actor.email,
          last_version: eb("last_version", "+", 1),
          publish_at: null,
        }))
        .where("kind", "=", kind)
        .where("key", "=", key)
        .where("revision", "=", options.revision)
        .returningAll()
        .executeTakeFirst();
      if (!row || row.published === null) throw new StaleRevisionError(staleMessage);
      const number = Number(row.last_version);
      await db
        .insertInto("document_versions")
        .values({
          id: newId(),
          kind,
          key,
          number,
          snapshot: row.published,
          created_at: now,
          created_by_id: options.actor.id,
          created_by_email: options.actor.email,
        })
        .execute();
      await db
        .deleteFrom("document_versions")
        .where("kind", "=", kind)
        .where("key", "=", key)
        .where("number", "<=", number - keep)
        .execute();
      return { document: toDocument(row), version: { number, createdAt: now, createdBy: options.actor.email } };
    },

    /** The newest versions first, at most `limit` (the store keeps `keep`). */
    async listVersions(db: Db, kind: string, key: string, limit = keep): Promise<VersionSummary[]> {
      const rows = await db
        .selectFrom("document_versions")
        .select(["number", "created_at", "created_by_email"])
        .where("kind", "=", kind)
        .where("key", "=", key)
        .orderBy("number", "desc")
        .limit(limit)
        .execute();
      return rows.map(toSummary);
    },

    getVersion,

    /**
     * Puts an older version back into the draft (revision-checked like a save), so the editor can
     * preview it and publish it as a new version; history is never rewritten. Null if the version
     * is not kept.
     */
    async restore(db: Db, kind: string, key: string, number: number, options: WriteOptions) {
      const version = await getVersion(db, kind, key, number);
      if (!version) return null;
      return writeDraft(db, kind, key, version.snapshot, options);
    },

    /** Every document of a kind (a feature with a few fixed documents reads them at once). */
    async listDocuments(db: Db, kind: string): Promise<VersionedDocument[]> {
      const rows = await db.selectFrom("versioned_documents").selectAll().where("kind", "=", kind).execute();
      return rows.map(toDocument);
    },
  };
}

/** Every stored snapshot of a kind (drafts, published copies, kept versions): for owners of uploaded files. */
export async function allSnapshots(db: Db, kind: string): Promise<unknown[]> {
  const documents = await db
    .selectFrom("versioned_documents")
    .select(["draft", "published"])
    .where("kind", "=", kind)
    .execute();
  const versions = await db.selectFrom("document_versions").select("snapshot").where("kind", "=", kind).execute();
  return [
    ...documents.flatMap((row) => [parse(row.draft), parse(row.published)]),
    ...versions.map((row) => parse(row.snapshot)),
  ].filter((snapshot) => snapshot !== null);
}

/**
 * Passes every stored snapshot of a kind (drafts, published copies, kept versions) through `map` and
 * writes back those it changed: for a picture that must be gone from history too (consent withdrawn,
 * a blurred picture's unblurred files). Revisions are not bumped: an editor's open form keeps its
 * place, and the change is the site's own, recorded in the audit log by the caller.
 */
export async function rewriteSnapshots(
  db: Db,
  kind: string,
  map: (snapshot: unknown, key: string) => unknown,
): Promise<number> {
  let changed = 0;
  const rewrite = (json: string | null, key: string): string | null => {
    if (json === null) return null;
    const next = JSON.stringify(map(JSON.parse(json), key));
    return next === json ? json : next;
  };
  const documents = await db
    .selectFrom("versioned_documents")
    .select(["key", "draft", "published"])
    .where("kind", "=", kind)
    .execute();
  for (const row of documents) {
    const draft = rewrite(row.draft, row.key);
    const published = rewrite(row.published, row.key);
    if (draft === row.draft && published === row.published) continue;
    changed++;
    await db
      .updateTable("versioned_documents")
      .set({ draft, published })
      .where("kind", "=", kind)
      .where("key", "=", row.key)
      .execute();
  }
  const versions = await db
    .selectFrom("document_versions")
    .select(["id", "key", "snapshot"])
    .where("kind", "=", kind)
    .execute();
  for (const row of versions) {
    const snapshot = rewrite(row.snapshot, row.key) as string;
    if (snapshot === row.snapshot) continue;
    changed++;
    await db.updateTable("document_versions").set({ snapshot }).where("id", "=", row.id).execute();
  }
  return changed;
}
