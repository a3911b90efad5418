import type { Kysely } from "kysely";

// Frozen once merged. A subscriber import runs as a job, in batches (docs/decisions/0614-import-jobs.md):
// the uploaded file waits here (not on one instance's disk, not in public storage), and each batch's
// counts are saved in the transaction that adds its addresses, so a run resumed after a restart goes
// on from the last saved batch and adds nothing twice.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("subscriber_imports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("csv", "text")
    .addColumn("csv_length", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("rows_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("chars_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("added", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("confirmed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("already_known", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("invalid_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("invalid_shown", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("finished_at", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("subscriber_imports").execute();
}
