import { type Insertable, type Selectable, sql, type Updateable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Locale } from "../i18n/locale.ts";
import { lapsedAddresses } from "../reports/donor-retention.repository.ts";
import type { DeliveryStatus, NewsletterState } from "./newsletters.constants.ts";
import type { FailedDelivery, Newsletter, NewsletterProgress } from "./newsletters.schema.ts";
import type { NewsletterTable } from "./newsletters.table.ts";

export type NewsletterRow = Selectable<NewsletterTable>;

export const toNewsletter = (row: NewsletterRow): Newsletter => ({
  _id: row.id,
  subject: row.subject,
  previewText: row.preview_text,
  content: row.content,
  imageUrl: row.image_url ?? "",
  buttonLabel: row.button_label ?? "",
  buttonUrl: row.button_url ?? "",
  state: row.state,
  inArchive: Number(row.in_archive) === 1,
  subjectAm: row.subject_am,
  previewTextAm: row.preview_text_am,
  contentAm: row.content_am,
  buttonLabelAm: row.button_label_am,
  scheduledAt: row.scheduled_at,
  recipients: row.recipients === null ? null : Number(row.recipients),
  sendStartedAt: row.send_started_at,
  sentAt: row.sent_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function listNewsletters(db: Db): Promise<NewsletterRow[]> {
  return db.selectFrom("newsletters").selectAll().orderBy("updated_at", "desc").orderBy("id").execute();
}

/** Sent and archived, newest first: the public archive and its feed. */
export async function listArchive(db: Db, limit = 200): Promise<NewsletterRow[]> {
  return db
    .selectFrom("newsletters")
    .selectAll()
    .where("state", "=", "sent")
    .where("in_archive", "=", 1)
    .orderBy("sent_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function findNewsletter(db: Db, id: string): Promise<NewsletterRow | undefined> {
  return db.selectFrom("newsletters").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertNewsletter(db: Db, row: Insertable<NewsletterTable>): Promise<void> {
  await db.insertInto("newsletters").values(row).execute();
}

/** Updates only while the newsletter is in one of `states`; false when it was not. */
export async function updateNewsletterIn(
  db: Db,
  id: string,
  states: readonly NewsletterState[],
  patch: Updateable<NewsletterTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("newsletters")
    .set(patch)
    .where("id", "=", id)
    .where("state", "in", states)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteNewsletter(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("newsletters")
    .where("id", "=", id)
    .where("state", "=", "draft")
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Who a newsletter goes to: every confirmed subscriber, or with `lapsedYear` only those whose address
 * is a donor's who lapsed in that year (docs/decisions/0792). The count staff are asked about and the
 * freeze read the same rows.
 */
const audience = (db: Db, lapsedYear: number | null = null) =>
  db
    .selectFrom("subscribers")
    .where("status", "=", "confirmed")
    .$if(lapsedYear !== null, (q) =>
      q.where(sql<string>`lower(email)`, "in", lapsedAddresses(db, lapsedYear as number)),
    );

/**
 * How many a send started now would go to (one SQL count, never the list); with `locale`, only those
 * whose language it is (docs/decisions/0884).
 */
export async function countAudience(db: Db, lapsedYear: number | null = null, locale?: Locale): Promise<number> {
  const row = await audience(db, lapsedYear)
    .$if(locale !== undefined, (q) => q.where("locale", "=", locale as Locale))
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Freezes the recipients: one delivery per confirmed subscriber at this moment, in one statement.
 * Someone who confirms later is not added; someone who unsubscribes meanwhile is skipped at send time.
 */
export async function freezeRecipients(db: Db, newsletterId: string): Promise<number> {
  const newsletter = await findNewsletter(db, newsletterId);
  const lapsedYear = newsletter?.audience_year == null ? null : Number(newsletter.audience_year);
  await db
    .insertInto("newsletter_deliveries")
    .columns(["newsletter_id", "subscriber_id", "email", "status"])
    .expression(
      audience(db, lapsedYear).select([
        sql.lit(newsletterId).as("newsletter_id"),
        "id",
        "email",
        sql.lit("queued").as("status"),
      ]),
    )
    .execute();
  const row = await db
    .selectFrom("newsletter_deliveries")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("newsletter_id", "=", newsletterId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next deliveries due: queued ones, and any a crash left `sending` (their answer was never recorded). */
export async function dueDeliveries(db: Db, newsletterId: string, now: string, limit: number) {
  return (
    db
      .selectFrom("newsletter_deliveries")
      .innerJoin("subscribers", "subscribers.id", "newsletter_deliveries.subscriber_id")
      .select([
        "newsletter_deliveries.subscriber_id as subscriberId",
        "newsletter_deliveries.email as email",
        "newsletter_deliveries.attempts as attempts",
        "subscribers.status as subscriberStatus",
        // Read at their turn, like the status: the version goes by the language they have then.
        "subscribers.locale as locale",
      ])
      .where("newsletter_deliveries.newsletter_id", "=", newsletterId)
      .where("newsletter_deliveries.status", "in", ["queued", "sending"])
      .where((eb) =>
        eb.or([
          eb("newsletter_deliveries.next_attempt_at", "is", null),
          eb("newsletter_deliveries.next_attempt_at", "<=", now),
        ]),
      )
      // No ORDER BY: sorting meant reading every remaining row for each batch; the index on
      // (newsletter_id, status) hands the next ones straight away, in whatever order.
      .limit(limit)
      .execute()
  );
}

export async function markDelivery(
  db: Db,
  newsletterId: string,
  subscriberId: string,
  patch: {
    status: DeliveryStatus;
    attempts?: number;
    next_attempt_at?: string | null;
    last_error?: string | null;
    sent_at?: string | null;
  },
): Promise<void> {
  await db
    .updateTable("newsletter_deliveries")
    .set(patch)
    .where("newsletter_id", "=", newsletterId)
    .where("subscriber_id", "=", subscriberId)
    .execute();
}

/**
 * Marks a batch `sending` (one write, one disk flush) before their messages go out one by one; each is
 * then marked `sent` as soon as the mail server accepts it. A crash leaves the unsent ones `sending`,
 * which are sent again: none of them had been accepted.
 */
export async function markSending(db: Db, newsletterId: string, subscriberIds: string[]): Promise<void> {
  if (subscriberIds.length === 0) return;
  await db
    .updateTable("newsletter_deliveries")
    .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1) }))
    .where("newsletter_id", "=", newsletterId)
    .where("subscriber_id", "in", subscriberIds)
    .execute();
}

/** Deliveries whose subscriber is gone (deleted): nobody to send to. */
export async function dropOrphanDeliveries(db: Db, newsletterId: string): Promise<void> {
  await db
    .deleteFrom("newsletter_deliveries")
    .where("newsletter_id", "=", newsletterId)
    .where("subscriber_id", "not in", db.selectFrom("subscribers").select("id"))
    .execute();
}

export async function progressOf(db: Db, newsletterId: string): Promise<NewsletterProgress> {
  const rows = await db
    .selectFrom("newsletter_deliveries")
    .select(["status", (eb) => eb.fn.countAll().as("n")])
    .where("newsletter_id", "=", newsletterId)
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return {
    sent: count("sent"),
    failed: count("failed"),
    skipped: count("skipped"),
    remaining: count("queued") + count("sending"),
  };
}

/** When the next retry is due, if any delivery waits for one. */
export async function nextRetryAt(db: Db, newsletterId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("newsletter_deliveries")
    .select((eb) => eb.fn.min("next_attempt_at").as("at"))
    .where("newsletter_id", "=", newsletterId)
    .where("status", "in", ["queued", "sending"])
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? undefined;
}

export async function failedDeliveries(db: Db, newsletterId: string, limit = 200): Promise<FailedDelivery[]> {
  const rows = await db
    .selectFrom("newsletter_deliveries")
    .select(["email", "last_error"])
    .where("newsletter_id", "=", newsletterId)
    .where("status", "=", "failed")
    .orderBy("email")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ email: row.email, error: row.last_error ?? "" }));
}

/** The newsletters that are breaches' letters to the people they affect (docs/decisions/0861). */
export async function breachLetterIds(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom("data_breaches")
    .select("newsletter_id")
    .where("newsletter_id", "is not", null)
    .execute();
  return new Set(rows.map((row) => row.newsletter_id as string));
}

/** Whether a draft is a breach's letter to the people it affects (docs/decisions/0861). */
export async function isBreachLetter(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom("data_breaches").select("id").where("newsletter_id", "=", id).executeTakeFirst());
}
