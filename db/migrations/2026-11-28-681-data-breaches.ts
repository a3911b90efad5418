import type { Kysely } from "kysely";

// Frozen once merged. docs/decisions/0680: the breach register. What staff write about a breach
// stays here, never in the audit log.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("data_breaches")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("found_at", "text", (c) => c.notNull())
    .addColumn("affected", "text", (c) => c.notNull())
    /** JSON list of personal-data kind ids (core/personal-data/personal-data.registry.ts). */
    .addColumn("kinds", "text", (c) => c.notNull())
    .addColumn("authority_notified_at", "text")
    .addColumn("people_informed_at", "text")
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("data_breaches_found_at").on("data_breaches").column("found_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("data_breaches").execute();
}
