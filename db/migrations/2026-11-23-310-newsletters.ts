import type { Kysely } from "kysely";

// Frozen once merged. Newsletters and their deliveries (docs/decisions/0341-newsletter-sending.md).
// A newsletter is written as a draft, then scheduled or sent; sending freezes its recipients into
// `newsletter_deliveries`, one row per confirmed subscriber, and marks each row before and after its
// message goes to the mail server, so a restart resumes without sending anyone a second copy.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("newsletters")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("preview_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("image_url", "text")
    .addColumn("button_label", "text")
    .addColumn("button_url", "text")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("in_archive", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("scheduled_at", "text")
    .addColumn("send_attempt", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("recipients", "integer")
    .addColumn("send_started_at", "text")
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("newsletters_state_sent_idx").on("newsletters").columns(["state", "sent_at"]).execute();
  await db.schema
    .createTable("newsletter_deliveries")
    .addColumn("newsletter_id", "text", (c) => c.notNull().references("newsletters.id").onDelete("cascade"))
    .addColumn("subscriber_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "text")
    .addPrimaryKeyConstraint("newsletter_deliveries_pk", ["newsletter_id", "subscriber_id"])
    .execute();
  await db.schema
    .createIndex("newsletter_deliveries_status_idx")
    .on("newsletter_deliveries")
    .columns(["newsletter_id", "status", "email"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("newsletter_deliveries").execute();
  await db.schema.dropTable("newsletters").execute();
}
