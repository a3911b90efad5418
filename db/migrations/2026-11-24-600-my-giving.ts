import type { Kysely } from "kysely";

// Frozen once merged. "My giving" (core/giving, docs/decisions/0460-my-giving.md): a donor signs in with a single-use
// link sent to their address (15 minutes) and gets a short session of their own, apart from staff
// sessions. Only HMACs of the link's and the session's secrets are stored. A monthly gift's amount
// can change through the payment provider; `amount_changed_at` keeps the time of the provider event
// that set it, so an older change arriving late does not undo a newer one.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("donor_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    // As the donor typed it, lower-cased.
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("donor_links_email_idx").on("donor_links").columns(["email", "created_at"]).execute();
  await db.schema
    .createTable("donor_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("donations").addColumn("amount_changed_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("donations").dropColumn("amount_changed_at").execute();
  await db.schema.dropTable("donor_sessions").execute();
  await db.schema.dropTable("donor_links").execute();
}
