import { type Kysely, sql } from "kysely";

// Frozen once merged. Donor receipts (docs/decisions/0323-receipts.md), numbered per calendar year by a counter row that
// one upsert increments, so two gifts never share a number. A receipt is for one card payment or one
// offline gift (each unique), and keeps what it says so a resend is the same receipt.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("receipt_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("receipts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.unique().references("donation_payments.id").onDelete("cascade"))
    .addColumn("offline_gift_id", "text", (c) => c.unique().references("offline_gifts.id").onDelete("cascade"))
    .addColumn("donor_email", "text", (c) => c.notNull())
    .addColumn("donor_name", "text")
    .addColumn("gift_date", "text", (c) => c.notNull())
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("fund_id", "text")
    .addColumn("frequency", "text", (c) => c.notNull())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("sent_count", "integer", (c) => c.notNull().defaultTo(0))
    .addCheckConstraint("receipts_source_check", sql`(payment_id is null) <> (offline_gift_id is null)`)
    .execute();
  await db.schema.createIndex("receipts_email_idx").on("receipts").columns(["donor_email", "year"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("receipts").execute();
  await db.schema.dropTable("receipt_counters").execute();
}
