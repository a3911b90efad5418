import type { Kysely } from "kysely";

// Frozen once merged. docs/decisions/0760-test-gifts-count-nowhere.md: `donations.test` is 1 for a
// gift no money stands behind (Stripe's test mode, the sandbox where the site says so); such a gift
// counts in no figure. docs/decisions/0761-receipts-say-how-the-money-came.md: a receipt keeps the
// offline gift's method and reference as issued, so a resend says the same thing.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("donations")
    .addColumn("test", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // One column per statement: SQLite adds columns one at a time.
  await db.schema.alterTable("receipts").addColumn("method", "text").execute();
  await db.schema.alterTable("receipts").addColumn("reference", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("receipts").dropColumn("reference").execute();
  await db.schema.alterTable("receipts").dropColumn("method").execute();
  await db.schema.alterTable("donations").dropColumn("test").execute();
}
