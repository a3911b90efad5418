import type { Kysely } from "kysely";

// Frozen once merged. The Activity screen (core/audit/activity.ts) pages the audit log newest first by
// (at, id) and filters by action or entity; these indexes answer each such page from an index walk,
// without sorting the table. The (at, id) index supersedes the one on `at` alone; the retention job's
// `at < cutoff` uses it too.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("audit_log_at_id_idx").on("audit_log").columns(["at", "id"]).execute();
  await db.schema.dropIndex("audit_log_at_idx").execute();
  await db.schema.createIndex("audit_log_action_at_idx").on("audit_log").columns(["action", "at", "id"]).execute();
  await db.schema.createIndex("audit_log_entity_at_idx").on("audit_log").columns(["entity", "at", "id"]).execute();
  await db.schema.createIndex("audit_log_actor_at_idx").on("audit_log").columns(["actor_id", "at", "id"]).execute();
  await db.schema.dropIndex("audit_log_actor_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id", "at"]).execute();
  await db.schema.dropIndex("audit_log_actor_at_idx").execute();
  await db.schema.dropIndex("audit_log_entity_at_idx").execute();
  await db.schema.dropIndex("audit_log_action_at_idx").execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
  await db.schema.dropIndex("audit_log_at_id_idx").execute();
}
