import type { Kysely } from "kysely";

// Frozen once merged. "Add N % so all of my gift reaches the programme" (docs/decisions/0830): what the
// donor added to cover the fees, kept apart from the gift on the donation and on each payment.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("donations")
    .addColumn("fee_cover_cents", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("donation_payments")
    .addColumn("fee_cover_cents", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  // A receipt is a copy of what it says: the fee cover received with the gift, printed apart.
  await db.schema
    .alterTable("receipts")
    .addColumn("fee_cover_minor", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("receipts").dropColumn("fee_cover_minor").execute();
  await db.schema.alterTable("donation_payments").dropColumn("fee_cover_cents").execute();
  await db.schema.alterTable("donations").dropColumn("fee_cover_cents").execute();
}
