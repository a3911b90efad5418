import type { Kysely } from "kysely";

// Frozen once merged. Newsletter consent (docs/decisions/0340-newsletter-consent.md): each address is
// pending until its confirmation link is opened, then confirmed; an unsubscribed address stays as a
// row so no import or send mails it again. Addresses collected before this migration had no
// confirmation step: they are kept as confirmed from the day they subscribed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("subscribers")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("confirmed"))
    .execute();
  await db.schema.alterTable("subscribers").addColumn("confirmed_at", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("unsubscribed_at", "text").execute();
  /** Where the consent came from: the site's form, or an import's note. */
  await db.schema.alterTable("subscribers").addColumn("source", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("confirm_token_hash", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("confirm_expires_at", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("confirm_sent_at", "text").execute();
  await db
    .updateTable("subscribers")
    .set((eb: any) => ({ confirmed_at: eb.ref("created_at"), source: "Website form" }))
    .execute();
  await db.schema.createIndex("subscribers_status_idx").on("subscribers").columns(["status", "created_at"]).execute();
  await db.schema
    .createIndex("subscribers_confirm_token_idx")
    .on("subscribers")
    .column("confirm_token_hash")
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("subscribers_confirm_token_idx").execute();
  await db.schema.dropIndex("subscribers_status_idx").execute();
  for (const column of [
    "confirm_sent_at",
    "confirm_expires_at",
    "confirm_token_hash",
    "source",
    "unsubscribed_at",
    "confirmed_at",
    "status",
  ]) {
    await db.schema.alterTable("subscribers").dropColumn(column).execute();
  }
}
