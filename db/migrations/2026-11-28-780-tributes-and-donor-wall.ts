import type { Kysely } from "kysely";

// Frozen once merged. docs/decisions/0780-gifts-in-honour-or-in-memory.md: a gift given in honour or
// in memory of someone has one `donation_tributes` row; `card_queued_at` is set, in the transaction
// that queues the card e-mail, the first time the gift is paid, so a replay never queues it again.
// docs/decisions/0781-donor-wall.md: a donor who agreed to appear on the wall has one
// `donor_wall_entries` row, `pending` until staff approve it (`approved`) or hide it (`hidden`).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("donation_tributes")
    .addColumn("donation_id", "text", (c) => c.primaryKey().references("donations.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("notify_name", "text")
    .addColumn("notify_email", "text")
    .addColumn("show_amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("card_queued_at", "text")
    .execute();
  await db.schema
    .createTable("donor_wall_entries")
    .addColumn("donation_id", "text", (c) => c.primaryKey().references("donations.id").onDelete("cascade"))
    .addColumn("display_name", "text")
    .addColumn("message", "text")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("moderated_at", "text")
    .execute();
  // The public wall reads approved entries newest first.
  await db.schema
    .createIndex("donor_wall_entries_state_created")
    .on("donor_wall_entries")
    .columns(["state", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("donor_wall_entries").execute();
  await db.schema.dropTable("donation_tributes").execute();
}
