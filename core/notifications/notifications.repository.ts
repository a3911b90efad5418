import type { Db } from "../../db/database.ts";
import type { StaffMail } from "./notifications.service.ts";

export interface OutboxEntry extends StaffMail {
  id: string;
  attempts: number;
}

export async function insertNotification(db: Db, entry: StaffMail & { id: string; now: string }) {
  await db
    .insertInto("staff_notifications")
    .values({
      id: entry.id,
      subject: entry.subject,
      body: entry.text,
      reply_to: entry.replyTo ?? null,
      attempts: 0,
      next_attempt_at: entry.now,
      created_at: entry.now,
    })
    .execute();
}

/**
 * Claims up to `limit` unsent, due rows for this worker until `claimUntil`. The conditional
 * update makes the claim atomic, so two instances never send the same row.
 */
export async function claimDue(
  db: Db,
  { now, claimUntil, limit, maxAttempts }: { now: string; claimUntil: string; limit: number; maxAttempts: number },
): Promise<OutboxEntry[]> {
  const candidates = await db
    .selectFrom("staff_notifications")
    .select(["id", "subject", "body", "reply_to", "attempts"])
    .where("sent_at", "is", null)
    .where("attempts", "<", maxAttempts)
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .orderBy("created_at")
    .limit(limit)
    .execute();
  const claimed: OutboxEntry[] = [];
  for (const row of candidates) {
    const result = await db
      .updateTable("staff_notifications")
      .set({ claimed_until: claimUntil })
      .where("id", "=", row.id)
      .where("sent_at", "is", null)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      claimed.push({
        id: row.id,
        subject: row.subject,
        text: row.body,
        replyTo: row.reply_to ?? undefined,
        attempts: Number(row.attempts),
      });
    }
  }
  return claimed;
}

export async function markSent(db: Db, id: string, now: string) {
  await db
    .updateTable("staff_notifications")
    .set((eb) => ({ sent_at: now, claimed_until: null, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

export async function markFailed(
  db: Db,
  id: string,
  failure: { attempts: number; nextAttemptAt: string; error: string },
) {
  await db
    .updateTable("staff_notifications")
    .set({
      attempts: failure.attempts,
      next_attempt_at: failure.nextAttemptAt,
      last_error: failure.error.slice(0, 500),
      claimed_until: null,
    })
    .where("id", "=", id)
    .execute();
}
