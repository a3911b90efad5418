import { type Kysely, sql } from "kysely";

// Frozen once merged. The one durable job queue (core/jobs, docs/decisions/0100-durable-jobs.md).
// It replaces the staff-mail outbox: unsent e-mails move over as `staff-mail` jobs with their
// attempts and next try kept, and the old table goes.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    // Enqueuing a key that exists already is a no-op: one job per key, ever.
    .addColumn("key", "text", (c) => c.unique())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("run_at", "text", (c) => c.notNull())
    // A worker owns a running job until `locked_until`; a crashed worker's claim expires.
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("progress", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addCheckConstraint("jobs_status_check", sql`status in ('queued', 'running', 'done', 'failed')`)
    .execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["status", "run_at"]).execute();

  const unsent = await db
    .selectFrom("staff_notifications")
    .select(["id", "subject", "body", "reply_to", "attempts", "next_attempt_at", "last_error", "created_at"])
    .where("sent_at", "is", null)
    .execute();
  const maxAttempts = 20; // the outbox's limit
  for (const row of unsent) {
    const attempts = Number(row.attempts);
    await db
      .insertInto("jobs")
      .values({
        id: row.id,
        type: "staff-mail",
        key: null,
        payload: JSON.stringify({ subject: row.subject, text: row.body, replyTo: row.reply_to ?? undefined }),
        status: attempts >= maxAttempts ? "failed" : "queued",
        attempts,
        max_attempts: maxAttempts,
        run_at: row.next_attempt_at,
        last_error: row.last_error,
        created_at: row.created_at,
        updated_at: row.created_at,
      })
      .execute();
  }
  await db.schema.dropTable("staff_notifications").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("jobs").ifExists().execute();
}
