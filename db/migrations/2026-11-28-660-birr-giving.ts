import type { Kysely } from "kysely";

// Frozen once merged. Birr gifts through Chapa (docs/decisions/0660): how the donor paid as the
// provider's verification reports it, and each birr payment's dollar value at the rate of the day.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("donations").addColumn("method", "text").execute();
  await db.schema.alterTable("donation_payments").addColumn("etb_per_usd", "text").execute();
  await db.schema.alterTable("donation_payments").addColumn("usd_cents", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("donation_payments").dropColumn("usd_cents").execute();
  await db.schema.alterTable("donation_payments").dropColumn("etb_per_usd").execute();
  await db.schema.alterTable("donations").dropColumn("method").execute();
}
