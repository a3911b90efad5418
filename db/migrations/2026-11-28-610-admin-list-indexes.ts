import { type Kysely, sql } from "kysely";

// Frozen once merged. docs/decisions/0610: the back office's lists are paged, filtered and sorted in
// SQL; these indexes serve their filters and orders at 50,000 subscribers and 25,000 gifts. The
// expression indexes are written the same way on SQLite and PostgreSQL.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("contact_messages_read_created_idx")
    .on("contact_messages")
    .columns(["is_read", "created_at"])
    .execute();
  await db.schema
    .createIndex("volunteer_applications_status_created_idx")
    .on("volunteer_applications")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("volunteer_applications_name_idx")
    .on("volunteer_applications")
    .expression(sql`lower(full_name)`)
    .execute();
  await db.schema.createIndex("subscribers_email_lower_idx").on("subscribers").expression(sql`lower(email)`).execute();
  // The ledger's order: when the money came, else when the checkout opened.
  await db.schema
    .createIndex("donations_ledger_date_idx")
    .on("donations")
    .expression(sql`coalesce(paid_at, created_at)`)
    .execute();
  await db.schema.createIndex("donations_status_idx").on("donations").column("status").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "contact_messages_read_created_idx",
    "volunteer_applications_status_created_idx",
    "volunteer_applications_name_idx",
    "subscribers_email_lower_idx",
    "donations_ledger_date_idx",
    "donations_status_idx",
  ])
    await db.schema.dropIndex(name).execute();
}
