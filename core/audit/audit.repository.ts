import type { Db } from "../../db/database.ts";
import type { AuditLogTable } from "./audit.table.ts";

/** Adds one entry to the audit log, in the caller's transaction (core/audit/audit.ts decides what). */
export async function insertAuditEntry(trx: Db, entry: AuditLogTable): Promise<void> {
  await trx.insertInto("audit_log").values(entry).execute();
}

/**
 * Where each kind of content keeps its name. Content only: a person's name is personal data, erased
 * with the person, so entries about people name them from the live record while it exists
 * (docs/decisions/0880-the-activity-log-names-deleted-content.md).
 */
export const CONTENT_LABEL_SOURCES = {
  blog: { table: "blog_posts", column: "title" },
  publication: { table: "publications", column: "title" },
  "gallery-item": { table: "gallery_items", column: "title" },
  video: { table: "videos", column: "title" },
  newsletter: { table: "newsletters", column: "subject" },
} as const;

/**
 * The name an entry about `entity` `id` keeps: the content's name now, or, once it is deleted (an
 * entry written after the delete in the same transaction), the name the record's last entry kept.
 */
export async function contentLabel(trx: Db, entity: string, id: string): Promise<string | null> {
  const source = CONTENT_LABEL_SOURCES[entity as keyof typeof CONTENT_LABEL_SOURCES];
  if (!source) return null;
  const row = (await trx
    .selectFrom(source.table)
    .select(`${source.column} as label`)
    .where("id", "=", id)
    .executeTakeFirst()) as { label: string } | undefined;
  if (row) return row.label;
  const kept = await trx
    .selectFrom("audit_log")
    .select("label")
    .where("entity", "=", entity)
    .where("entity_id", "=", id)
    .where("label", "is not", null)
    .orderBy("at", "desc")
    .limit(1)
    .executeTakeFirst();
  return kept?.label ?? null;
}
