import type { Kysely } from "kysely";

// Frozen once merged. Receipt numbers stay gap-free (docs/decisions/0461-void-receipts.md): deleting an
// offline gift keeps its row, marked deleted (who and when), so its receipt keeps its number and is
// marked void instead of vanishing with it (the receipts' foreign key deleted them in cascade).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("offline_gifts").addColumn("deleted_at", "text").execute();
  await db.schema.alterTable("offline_gifts").addColumn("deleted_by", "text").execute();
  await db.schema.alterTable("receipts").addColumn("voided_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("receipts").dropColumn("voided_at").execute();
  await db.schema.alterTable("offline_gifts").dropColumn("deleted_by").execute();
  await db.schema.alterTable("offline_gifts").dropColumn("deleted_at").execute();
}
