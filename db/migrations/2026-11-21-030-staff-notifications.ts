import type { Kysely } from "kysely";

// Outbox of e-mails to staff (new volunteer applications, contact messages). Rows are written in
// the same transaction as the submission and sent later by a background worker, so a slow or
// failing mail server can never fail, delay or lose a visitor's submission.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("reply_to", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    // A worker claims a row until this time, so two instances never send the same e-mail.
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("staff_notifications_due_idx")
    .on("staff_notifications")
    .columns(["sent_at", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_notifications").ifExists().execute();
}
