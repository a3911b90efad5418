import { type Kysely, sql } from "kysely";

// Frozen once merged. docs/decisions/0322-offline-gifts-and-pledges.md: gifts recorded by staff (bank transfer, cash, cheque) in USD or
// ETB, and donors' notices of a transfer (pledges) that staff confirm or dismiss. Money is integer
// minor units with its currency; a birr gift keeps the day's rate as typed and its dollar value.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("gift_pledges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("donor_name", "text", (c) => c.notNull())
    .addColumn("donor_email", "text", (c) => c.notNull())
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("transferred_on", "text", (c) => c.notNull())
    .addColumn("bank_reference", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "text")
    .addCheckConstraint("gift_pledges_amount_check", sql`amount_minor > 0`)
    .addCheckConstraint("gift_pledges_currency_check", sql`currency in ('usd', 'etb')`)
    .addCheckConstraint("gift_pledges_status_check", sql`status in ('pending', 'confirmed', 'dismissed')`)
    .execute();
  await db.schema.createIndex("gift_pledges_status_idx").on("gift_pledges").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("offline_gifts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("received_on", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("etb_per_usd", "text")
    .addColumn("usd_cents", "integer", (c) => c.notNull())
    .addColumn("fund_id", "text")
    .addColumn("donor_name", "text")
    .addColumn("donor_email", "text")
    .addColumn("reference", "text")
    .addColumn("note", "text")
    // One gift per pledge: confirming twice cannot count the money twice.
    .addColumn("pledge_id", "text", (c) => c.unique().references("gift_pledges.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addCheckConstraint("offline_gifts_amount_check", sql`amount_minor > 0 and usd_cents >= 0`)
    .addCheckConstraint("offline_gifts_currency_check", sql`currency in ('usd', 'etb')`)
    .addCheckConstraint("offline_gifts_rate_check", sql`currency = 'usd' or etb_per_usd is not null`)
    .addCheckConstraint("offline_gifts_method_check", sql`method in ('bank-transfer', 'cash', 'cheque')`)
    .execute();
  await db.schema.createIndex("offline_gifts_fund_idx").on("offline_gifts").column("fund_id").execute();
  await db.schema.createIndex("offline_gifts_received_idx").on("offline_gifts").column("received_on").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("offline_gifts").execute();
  await db.schema.dropTable("gift_pledges").execute();
}
