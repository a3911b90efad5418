import { type Kysely, sql } from "kysely";

// Frozen once merged. Amounts are integer cents; timestamps ISO-8601 text (see the initial migration).

export async function up(db: Kysely<any>): Promise<void> {
  // One row per checkout: a one-time gift, or a monthly pledge whose payments are below.
  await db.schema
    .createTable("donations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("checkout_session_id", "text", (c) => c.notNull().unique())
    .addColumn("frequency", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("donor_email", "text")
    .addColumn("donor_name", "text")
    .addColumn("customer_id", "text")
    .addColumn("subscription_id", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("ended_at", "text")
    .addCheckConstraint("donations_frequency_check", sql`frequency in ('one-time', 'monthly')`)
    .addCheckConstraint("donations_status_check", sql`status in ('pending', 'paid', 'refunded', 'canceled')`)
    .addCheckConstraint("donations_amount_check", sql`amount_cents > 0`)
    .execute();
  await db.schema.createIndex("donations_created_idx").on("donations").column("created_at").execute();

  // Money that arrived: the first payment and every monthly renewal, each once (unique reference).
  await db.schema
    .createTable("donation_payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("donation_id", "text", (c) => c.notNull().references("donations.id").onDelete("cascade"))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("payment_intent_id", "text")
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("paid_at", "text", (c) => c.notNull())
    .addColumn("refunded_at", "text")
    .addCheckConstraint("donation_payments_amount_check", sql`amount_cents >= 0 and refunded_cents >= 0`)
    .execute();
  await db.schema
    .createIndex("donation_payments_donation_idx")
    .on("donation_payments")
    .columns(["donation_id", "paid_at"])
    .execute();
  await db.schema.createIndex("donation_payments_paid_idx").on("donation_payments").column("paid_at").execute();
  await db.schema
    .createIndex("donation_payments_intent_idx")
    .on("donation_payments")
    .column("payment_intent_id")
    .execute();

  // Provider events already applied: a replayed or duplicated delivery is recognised by its id.
  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["payment_events", "donation_payments", "donations"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
