import type { Kysely } from "kysely";

// Frozen once merged. An entry about a piece of content keeps the content's name as it was written,
// so the log still names a post, picture or newsletter after it is deleted
// (docs/decisions/0880-the-activity-log-names-deleted-content.md).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("label", "text").execute();
  // An entry written after its record was deleted finds the name the record's last entry kept.
  await db.schema.createIndex("audit_log_record").on("audit_log").columns(["entity", "entity_id", "at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("audit_log_record").execute();
  await db.schema.alterTable("audit_log").dropColumn("label").execute();
}
