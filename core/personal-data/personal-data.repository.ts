import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";

/**
 * What each retention rule selects and does, table by table (docs/decisions/0680). The preview
 * counts with the same `where` the run deletes or clears with, so it shows exactly what the next run
 * removes. A run works a batch of keys at a time, each batch its own short transaction.
 */

/** The moment a period ends: rows dated before it are due. `day` for calendar-date columns. */
export interface Cutoff {
  at: string;
  day: string;
}

type AnyDb = Kysely<any>;
type Where = (eb: ExpressionBuilder<any, any>, cutoff: Cutoff) => Expression<SqlBool>;

interface Step {
  table: keyof Database;
  /** The row's key column(s). */
  key: readonly string[];
  where: Where;
  /** Clear these columns instead of deleting the row (gifts keep their amounts for the accounts). */
  set?: Record<string, null | string>;
}

const before =
  (column: string): Where =>
  (eb, cutoff) =>
    eb(column, "<", cutoff.at);

/** A receipt's copy of the donor, cleared with its gift. `donor_email` is NOT NULL: "" once cleared. */
const receiptsOf = (source: "payment_id" | "offline_gift_id", currency?: Where): Step => ({
  table: "receipts",
  key: ["id"],
  where: (eb, cutoff) =>
    eb.and([
      eb(source, "is not", null),
      eb("gift_date", "<", cutoff.day),
      eb("donor_email", "<>", ""),
      ...(currency ? [currency(eb, cutoff)] : []),
    ]),
  set: { donor_email: "", donor_name: null },
});

/** Online gifts in birr (Chapa, or the sandbox standing in for it) have a rule of their own. */
const inBirr = (eb: ExpressionBuilder<any, any>) => eb("currency", "=", "etb");
const notInBirr = (eb: ExpressionBuilder<any, any>) => eb("currency", "<>", "etb");

/** Online gifts (card or birr) whose time is up. */
const onlineGifts = (currency: Where): Step => ({
  // A monthly gift still being paid is never due, however old its first payment.
  table: "donations",
  key: ["id"],
  where: (eb, cutoff) =>
    eb.and([
      eb("status", "<>", "pending"),
      eb.or([eb("frequency", "=", "one-time"), eb("status", "in", ["refunded", "canceled"])]),
      eb(eb.fn.coalesce("ended_at", "paid_at", "created_at"), "<", cutoff.at),
      eb.or([eb("donor_email", "is not", null), eb("donor_name", "is not", null)]),
      currency(eb, cutoff),
    ]),
  set: { donor_email: null, donor_name: null },
});

export const RETENTION_STEPS: Record<string, readonly Step[]> = {
  cardGifts: [onlineGifts(notInBirr), receiptsOf("payment_id", notInBirr)],
  birrGifts: [onlineGifts(inBirr), receiptsOf("payment_id", inBirr)],
  tributes: [
    { table: "donation_tributes", key: ["donation_id"], where: before("created_at") },
    { table: "donor_wall_entries", key: ["donation_id"], where: before("created_at") },
  ],
  unfinishedCheckouts: [
    {
      table: "donations",
      key: ["id"],
      where: (eb, cutoff) =>
        eb.and([
          eb("status", "=", "pending"),
          eb("created_at", "<", cutoff.at),
          eb.not(
            eb.exists(
              eb.selectFrom("donation_payments as p").select("p.id").whereRef("p.donation_id", "=", "donations.id"),
            ),
          ),
        ]),
    },
  ],
  offlineGifts: [
    {
      table: "offline_gifts",
      key: ["id"],
      where: (eb, cutoff) =>
        eb.and([
          eb("received_on", "<", cutoff.day),
          eb.or([
            eb("donor_name", "is not", null),
            eb("donor_email", "is not", null),
            eb("reference", "is not", null),
            eb("note", "is not", null),
          ]),
        ]),
      set: { donor_name: null, donor_email: null, reference: null, note: null },
    },
    receiptsOf("offline_gift_id"),
    {
      table: "gift_pledges",
      key: ["id"],
      where: (eb, cutoff) =>
        eb.and([eb("status", "=", "confirmed"), eb("transferred_on", "<", cutoff.day), eb("donor_email", "<>", "")]),
      set: { donor_name: "", donor_email: "", bank_reference: "" },
    },
  ],
  dismissedTransferNotices: [
    {
      table: "gift_pledges",
      key: ["id"],
      where: (eb, cutoff) => eb.and([eb("status", "=", "dismissed"), eb("decided_at", "<", cutoff.at)]),
    },
  ],
  statementSends: [{ table: "statement_sends", key: ["batch_id", "donor_email"], where: before("sent_at") }],
  unconfirmedSubscribers: [
    {
      table: "subscribers",
      key: ["id"],
      where: (eb, cutoff) => eb.and([eb("status", "=", "pending"), eb("created_at", "<", cutoff.at)]),
    },
  ],
  subscriberImports: [
    {
      table: "subscriber_imports",
      key: ["id"],
      where: (eb, cutoff) => eb.and([eb("finished_at", "is not", null), eb("finished_at", "<", cutoff.at)]),
    },
  ],
  volunteerApplications: [
    {
      table: "volunteer_applications",
      key: ["id"],
      where: (eb, cutoff) => eb(eb.fn.coalesce("status_changed_at", "created_at"), "<", cutoff.at),
    },
  ],
  contactMessages: [{ table: "contact_messages", key: ["id"], where: before("created_at") }],
  // An enrolment's record of sent steps goes first: it refers to the enrolment.
  welcomeEmails: [
    {
      table: "email_series_sends",
      key: ["enrolment_id", "step_id"],
      where: (eb, cutoff) =>
        eb(
          "enrolment_id",
          "in",
          eb.selectFrom("email_series_enrolments").select("id").where("enrolled_at", "<", cutoff.at),
        ),
    },
    { table: "email_series_enrolments", key: ["id"], where: before("enrolled_at") },
  ],
  singleUseLinks: [
    { table: "single_use_links", key: ["id"], where: before("expires_at") },
    { table: "donor_sessions", key: ["id"], where: before("expires_at") },
  ],
  loginThrottle: [
    {
      table: "login_throttle",
      key: ["key"],
      where: (eb, cutoff) =>
        eb.and([
          eb("updated_at", "<", cutoff.at),
          eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<", cutoff.at)]),
        ]),
    },
  ],
  staffSessions: [
    { table: "admin_sessions", key: ["id"], where: before("expires_at") },
    { table: "login_tickets", key: ["id"], where: before("expires_at") },
    { table: "webauthn_challenges", key: ["challenge_hash"], where: before("expires_at") },
  ],
  staffInvitations: [
    {
      table: "staff_invitations",
      key: ["id"],
      where: (eb, cutoff) => eb(eb.fn.coalesce("accepted_at", "revoked_at", "expires_at"), "<", cutoff.at),
    },
  ],
  breaches: [{ table: "data_breaches", key: ["id"], where: before("found_at") }],
  queuedEmails: [
    {
      table: "jobs",
      key: ["id"],
      where: (eb, cutoff) =>
        eb.and([
          eb("type", "=", "email"),
          eb("status", "in", ["done", "failed"]),
          eb("finished_at", "is not", null),
          eb("finished_at", "<", cutoff.at),
        ]),
    },
  ],
};

/** How many rows the rule's steps would remove now. */
export async function countDue(db: Db, kindId: string, cutoff: Cutoff): Promise<number> {
  let total = 0;
  for (const step of RETENTION_STEPS[kindId] ?? []) {
    const row = await (db as AnyDb)
      .selectFrom(step.table)
      .select((eb) => eb.fn.countAll().as("n"))
      .where((eb) => step.where(eb, cutoff))
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}

/**
 * Removes (or clears) at most `limit` due rows of one step; returns how many. Keys are read first and
 * the write names them, so a batch holds its locks only for those rows.
 */
export async function removeBatch(
  db: Db,
  kindId: string,
  stepIndex: number,
  cutoff: Cutoff,
  limit: number,
): Promise<number> {
  const step = RETENTION_STEPS[kindId]?.[stepIndex];
  if (!step) return 0;
  const anyDb = db as AnyDb;
  const keys: Record<string, unknown>[] = await anyDb
    .selectFrom(step.table)
    .select([...step.key])
    .where((eb) => step.where(eb, cutoff))
    .orderBy(step.key[0] as string)
    .limit(limit)
    .execute();
  if (keys.length === 0) return 0;
  const named = (eb: ExpressionBuilder<any, any>) => {
    if (step.key.length === 1) {
      const column = step.key[0] as string;
      return eb(
        column,
        "in",
        keys.map((key) => key[column]),
      );
    }
    return eb.or(keys.map((key) => eb.and(step.key.map((column) => eb(column, "=", key[column])))));
  };
  // The rule is asked again with the keys, so a row changed since it was read is left alone.
  const due = (eb: ExpressionBuilder<any, any>) => eb.and([named(eb), step.where(eb, cutoff)]);
  if (step.set) {
    const result = await anyDb.updateTable(step.table).set(step.set).where(due).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
  const result = await anyDb.deleteFrom(step.table).where(due).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const stepCount = (kindId: string) => RETENTION_STEPS[kindId]?.length ?? 0;

/** Where each kind keeps people's e-mail addresses: whom to tell when that kind is in a breach. */
const ADDRESSES: Record<string, readonly { table: keyof Database; column: string; only?: typeof inBirr }[]> = {
  cardGifts: [
    { table: "donations", column: "donor_email", only: notInBirr },
    { table: "receipts", column: "donor_email", only: notInBirr },
  ],
  birrGifts: [
    { table: "donations", column: "donor_email", only: inBirr },
    { table: "receipts", column: "donor_email", only: inBirr },
  ],
  unfinishedCheckouts: [{ table: "donations", column: "donor_email" }],
  tributes: [{ table: "donation_tributes", column: "notify_email" }],
  offlineGifts: [
    { table: "offline_gifts", column: "donor_email" },
    { table: "gift_pledges", column: "donor_email" },
  ],
  dismissedTransferNotices: [{ table: "gift_pledges", column: "donor_email" }],
  statementSends: [{ table: "statement_sends", column: "donor_email" }],
  subscribers: [{ table: "subscribers", column: "email" }],
  unconfirmedSubscribers: [{ table: "subscribers", column: "email" }],
  newsletterDeliveries: [{ table: "newsletter_deliveries", column: "email" }],
  volunteerApplications: [{ table: "volunteer_applications", column: "email" }],
  contactMessages: [{ table: "contact_messages", column: "email" }],
  singleUseLinks: [{ table: "donor_sessions", column: "email" }],
  staffAccounts: [{ table: "admin_users", column: "email" }],
  staffInvitations: [{ table: "staff_invitations", column: "email" }],
};

/** The distinct addresses (lower-case, sorted) held by any of these kinds. */
export async function addressesOf(db: Db, kindIds: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const source of kindIds.flatMap((id) => ADDRESSES[id] ?? [])) {
    const rows: { address: string | null }[] = await (db as AnyDb)
      .selectFrom(source.table)
      .select((eb) => eb.fn<string | null>("lower", [eb.ref(source.column)]).as("address"))
      .where(source.column, "is not", null)
      .where(source.column, "<>", "")
      .$if(source.only !== undefined, (query) => query.where((eb) => (source.only as typeof inBirr)(eb)))
      .distinct()
      .execute();
    for (const row of rows) if (row.address) found.add(row.address);
  }
  return [...found].sort();
}

/**
 * Where a person's language is kept, with when they last chose it: the page they subscribed from,
 * gave from, or asked to be erased from (docs/decisions/0886).
 */
const LANGUAGES: readonly { table: keyof Database; address: string; at: readonly string[] }[] = [
  { table: "subscribers", address: "email", at: ["confirmed_at", "created_at"] },
  { table: "donations", address: "donor_email", at: ["created_at"] },
  { table: "erasures", address: "email_key", at: ["created_at"] },
];

/**
 * Which of these addresses (lower-case) read Amharic: those whose newest known choice of language
 * is Amharic. Everyone else, and anyone whose language is not known, reads English.
 */
export async function amharicReaders(db: Db, addresses: readonly string[]): Promise<Set<string>> {
  const wanted = new Set(addresses);
  const newest = new Map<string, { at: string; locale: string }>();
  for (const source of LANGUAGES) {
    const rows: { address: string | null; locale: string | null; at: string | null }[] = await (db as AnyDb)
      .selectFrom(source.table)
      .select((eb) => [
        eb.fn<string | null>("lower", [eb.ref(source.address)]).as("address"),
        eb.ref("locale").as("locale"),
        // SQLite's coalesce wants two arguments or more.
        (source.at.length > 1
          ? eb.fn<string | null>(
              "coalesce",
              source.at.map((column) => eb.ref(column)),
            )
          : eb.ref(source.at[0] as string)
        ).as("at"),
      ])
      .where(source.address, "is not", null)
      .where("locale", "is not", null)
      .execute();
    for (const row of rows) {
      if (!row.address || !row.locale || !wanted.has(row.address)) continue;
      const known = newest.get(row.address);
      if (!known || String(row.at ?? "") > known.at)
        newest.set(row.address, { at: String(row.at ?? ""), locale: row.locale });
    }
  }
  return new Set([...newest].filter(([, known]) => known.locale === "am").map(([address]) => address));
}

export interface BreachRow {
  id: string;
  description: string;
  foundAt: string;
  affected: string;
  kinds: string[];
  authorityNotifiedAt: string | null;
  peopleInformedAt: string | null;
  recordedAt: string;
  recordedBy: string;
  newsletterId: string | null;
}

const toBreach = (row: Database["data_breaches"]): BreachRow => ({
  id: row.id,
  description: row.description,
  foundAt: row.found_at,
  affected: row.affected,
  kinds: JSON.parse(row.kinds) as string[],
  authorityNotifiedAt: row.authority_notified_at,
  peopleInformedAt: row.people_informed_at,
  recordedAt: row.recorded_at,
  recordedBy: row.recorded_by,
  newsletterId: row.newsletter_id,
});

export async function insertBreach(db: Db, row: Database["data_breaches"]): Promise<void> {
  await db.insertInto("data_breaches").values(row).execute();
}

export async function listBreaches(db: Db): Promise<BreachRow[]> {
  const rows = await db.selectFrom("data_breaches").selectAll().orderBy("found_at", "desc").orderBy("id").execute();
  return rows.map(toBreach);
}

export async function findBreach(db: Db, id: string): Promise<BreachRow | undefined> {
  const row = await db.selectFrom("data_breaches").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toBreach(row);
}

export async function setBreachSteps(
  db: Db,
  id: string,
  steps: { authority_notified_at?: string | null; people_informed_at?: string | null; newsletter_id?: string },
): Promise<void> {
  await db.updateTable("data_breaches").set(steps).where("id", "=", id).execute();
}
