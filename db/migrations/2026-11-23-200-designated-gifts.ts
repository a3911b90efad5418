import type { Kysely } from "kysely";

// Frozen once merged. docs/decisions/0321-funds-are-need-cards.md: a gift may be designated to a fund (a donation-need card's id in
// the site content); null means "where most needed". Fund totals group payments by it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("donations").addColumn("fund_id", "text").execute();
  await db.schema.createIndex("donations_fund_idx").on("donations").column("fund_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("donations_fund_idx").execute();
  await db.schema.alterTable("donations").dropColumn("fund_id").execute();
}
