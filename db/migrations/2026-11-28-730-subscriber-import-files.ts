import type { Kysely } from "kysely";

// Frozen once merged. An import's file moves out of its progress row into a row of its own
// (docs/decisions/0614-import-jobs.md): SQLite rewrites a whole row on every update, so each batch's
// saved counts rewrote the file with them (5 MB to the WAL and its checkpoint per batch, tens of ms
// to hundreds on the event loop).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("subscriber_import_files")
    .addColumn("import_id", "text", (c) => c.primaryKey().references("subscriber_imports.id").onDelete("cascade"))
    .addColumn("csv", "text", (c) => c.notNull())
    .execute();
  await db
    .insertInto("subscriber_import_files")
    .columns(["import_id", "csv"])
    .expression(db.selectFrom("subscriber_imports").select(["id", "csv"]).where("csv", "is not", null))
    .execute();
  await db.schema.alterTable("subscriber_imports").dropColumn("csv").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subscriber_imports").addColumn("csv", "text").execute();
  const files = await db.selectFrom("subscriber_import_files").select(["import_id", "csv"]).execute();
  for (const file of files) {
    await db.updateTable("subscriber_imports").set({ csv: file.csv }).where("id", "=", file.import_id).execute();
  }
  await db.schema.dropTable("subscriber_import_files").execute();
}
