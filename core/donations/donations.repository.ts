import { type Selectable, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { type Attribution, attributionColumns } from "../campaigns/attribution.ts";
import { REPORTING_CURRENCY } from "../money/money.ts";
import { countsAsGiving } from "./counted-gifts.ts";
import type { Donation, DonationFrequency, DonationStatus, TributeKind } from "./donations.schema.ts";
import type { DonationTable } from "./donations.table.ts";
import { tributeLine } from "./tribute-card.ts";

export interface DonationRecord {
  id: string;
  provider: string;
  checkoutSessionId: string;
  frequency: DonationFrequency;
  amountCents: number;
  /** Added to each payment to cover the fees (docs/decisions/0830); 0: none. */
  feeCoverCents: number;
  currency: string;
  status: DonationStatus;
  subscriptionId: string | null;
  fundId: string | null;
}

export interface PaymentRecord {
  id: string;
  donationId: string;
  reference: string;
  amountCents: number;
  refundedCents: number;
}

/**
 * A monthly gift whose payment failed keeps `paid` in its status column (the column's CHECK predates
 * the state, and rebuilding the table on SQLite would take its payments with it) and is
 * `payment_failed` while `failed_invoice_id` is set (docs/decisions/0700). Every read derives it here.
 */
export const donationStatus = (row: { status: string; failed_invoice_id: string | null }): DonationStatus =>
  (row.status === "paid" && row.failed_invoice_id ? "payment_failed" : row.status) as DonationStatus;

const toRecord = (row: Selectable<DonationTable>): DonationRecord => ({
  id: row.id,
  provider: row.provider,
  checkoutSessionId: row.checkout_session_id,
  frequency: row.frequency as DonationFrequency,
  amountCents: Number(row.amount_cents),
  feeCoverCents: Number(row.fee_cover_cents),
  currency: row.currency,
  status: donationStatus(row),
  subscriptionId: row.subscription_id,
  fundId: row.fund_id,
});

export async function insertDonation(
  db: Db,
  donation: Omit<DonationRecord, "status" | "subscriptionId" | "feeCoverCents"> & {
    feeCoverCents?: number;
    now: string;
    locale?: string | null;
    /** No money stands behind it (the provider's test mode). */
    test?: boolean;
    /** Where the donor first came from (docs/decisions/0800-attribution.md). */
    attribution?: Attribution | null;
  },
): Promise<void> {
  await db
    .insertInto("donations")
    .values({
      id: donation.id,
      provider: donation.provider,
      checkout_session_id: donation.checkoutSessionId,
      frequency: donation.frequency,
      amount_cents: donation.amountCents,
      fee_cover_cents: donation.feeCoverCents ?? 0,
      currency: donation.currency,
      fund_id: donation.fundId,
      locale: donation.locale ?? null,
      status: "pending",
      test: donation.test ? 1 : 0,
      ...attributionColumns(donation.attribution),
      created_at: donation.now,
      updated_at: donation.now,
    })
    .onConflict((oc) => oc.column("checkout_session_id").doNothing())
    .execute();
}

/** Looks a donation up by any id a provider event may carry; the first that matches wins. */
export async function findDonation(
  db: Db,
  keys: { id?: string | undefined; sessionId?: string; subscriptionId?: string },
): Promise<DonationRecord | undefined> {
  const lookups: Array<["id" | "checkout_session_id" | "subscription_id", string | undefined]> = [
    ["id", keys.id],
    ["checkout_session_id", keys.sessionId],
    ["subscription_id", keys.subscriptionId],
  ];
  for (const [column, value] of lookups) {
    if (!value) continue;
    const row = await db.selectFrom("donations").selectAll().where(column, "=", value).executeTakeFirst();
    if (row) return toRecord(row);
  }
  return undefined;
}

/** Fills in what the provider learnt about the donor; never overwrites a known value with nothing. */
export async function updateDonor(
  db: Db,
  id: string,
  donor: {
    email?: string | null;
    name?: string | null;
    customerId?: string | null;
    subscriptionId?: string | null;
    fund?: string | null | undefined;
    method?: string | null | undefined;
  },
  now: string,
): Promise<void> {
  await db
    .updateTable("donations")
    .set((eb) => ({
      donor_email: eb.fn.coalesce(eb.val(donor.email ?? null), "donor_email"),
      donor_name: eb.fn.coalesce(eb.val(donor.name ?? null), "donor_name"),
      customer_id: eb.fn.coalesce(eb.val(donor.customerId ?? null), "customer_id"),
      subscription_id: eb.fn.coalesce("subscription_id", eb.val(donor.subscriptionId ?? null)),
      // The fund chosen when the checkout opened stays; the metadata fills it only when none is known.
      fund_id: eb.fn.coalesce("fund_id", eb.val(donor.fund ?? null)),
      method: eb.fn.coalesce(eb.val(donor.method ?? null), "method"),
      updated_at: now,
    }))
    .where("id", "=", id)
    .execute();
}

/** Moves a donation from one of `from` to `to`; a no-op from any other status (out-of-order safety). */
export async function transition(
  db: Db,
  id: string,
  from: DonationStatus[],
  to: DonationStatus,
  at: string,
): Promise<void> {
  await db
    .updateTable("donations")
    .set({
      status: to,
      updated_at: at,
      ...(to === "paid" ? { paid_at: at } : {}),
      ...(to === "refunded" || to === "canceled" ? { ended_at: at } : {}),
    })
    .where("id", "=", id)
    .where("status", "in", from)
    .execute();
}

/**
 * A monthly gift's new amount, from the provider's event. Only a newer event than the last change
 * applies (events can arrive out of order), and only while the gift runs.
 */
export async function changeAmount(
  db: Db,
  id: string,
  change: { amountCents: number; currency: string; at: string },
): Promise<void> {
  await db
    .updateTable("donations")
    .set({
      amount_cents: change.amountCents,
      currency: change.currency,
      amount_changed_at: change.at,
      updated_at: change.at,
    })
    .where("id", "=", id)
    .where("frequency", "=", "monthly")
    .where("status", "in", ["pending", "paid"])
    .where((eb) => eb.or([eb("amount_changed_at", "is", null), eb("amount_changed_at", "<", change.at)]))
    .execute();
}

/** Records that a provider event was applied; false if it already was (a replay or duplicate). */
export async function recordEvent(db: Db, event: { id: string; type: string; receivedAt: string }): Promise<boolean> {
  const result = await db
    .insertInto("payment_events")
    .values({ id: event.id, type: event.type, received_at: event.receivedAt })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Adds a payment once: a second notice of the same invoice or payment intent changes nothing. */
export async function insertPayment(
  db: Db,
  payment: {
    id: string;
    donationId: string;
    reference: string;
    paymentIntentId: string | null;
    amountCents: number;
    /** Of what the provider took, the part added to cover the fees. */
    feeCoverCents?: number;
    currency: string;
    paidAt: string;
    etbPerUsd?: string | null;
    usdCents?: number | null;
  },
): Promise<void> {
  await db
    .insertInto("donation_payments")
    .values({
      id: payment.id,
      donation_id: payment.donationId,
      reference: payment.reference,
      payment_intent_id: payment.paymentIntentId,
      amount_cents: payment.amountCents,
      fee_cover_cents: payment.feeCoverCents ?? 0,
      refunded_cents: 0,
      currency: payment.currency,
      paid_at: payment.paidAt,
      etb_per_usd: payment.etbPerUsd ?? null,
      usd_cents: payment.usdCents ?? null,
    })
    .onConflict((oc) => oc.column("reference").doNothing())
    .execute();
}

/** Birr payments that came while no rate was set: they count in no dollar total until one is. */
export function unratedBirrPayments(db: Db): Promise<Array<{ id: string; amount_cents: number }>> {
  return db
    .selectFrom("donation_payments")
    .select(["id", "amount_cents"])
    .where("currency", "=", "etb")
    .where("etb_per_usd", "is", null)
    .execute();
}

/** Fixes a birr payment's dollar value once; a payment that already has a rate keeps it. */
export async function rateBirrPayment(db: Db, id: string, etbPerUsd: string, usdCents: number): Promise<void> {
  await db
    .updateTable("donation_payments")
    .set({ etb_per_usd: etbPerUsd, usd_cents: usdCents })
    .where("id", "=", id)
    .where("etb_per_usd", "is", null)
    .execute();
}

const toPayment = (row: {
  id: string;
  donation_id: string;
  reference: string;
  amount_cents: number;
  refunded_cents: number;
}): PaymentRecord => ({
  id: row.id,
  donationId: row.donation_id,
  reference: row.reference,
  amountCents: Number(row.amount_cents),
  refundedCents: Number(row.refunded_cents),
});

export async function findPayment(
  db: Db,
  keys: { paymentIntentId?: string; reference?: string },
): Promise<PaymentRecord | undefined> {
  let query = db
    .selectFrom("donation_payments")
    .select(["id", "donation_id", "reference", "amount_cents", "refunded_cents"]);
  if (keys.paymentIntentId) query = query.where("payment_intent_id", "=", keys.paymentIntentId);
  else if (keys.reference) query = query.where("reference", "=", keys.reference);
  else return undefined;
  const row = await query.executeTakeFirst();
  return row && toPayment(row);
}

/** Refund totals only grow: an older, smaller refund notice arriving late cannot lower them. */
export async function recordRefund(
  db: Db,
  paymentId: string,
  refund: { refundedCents: number; paymentIntentId: string; at: string },
): Promise<void> {
  await db
    .updateTable("donation_payments")
    .set((eb) => ({
      // The provider's refund is of the whole charge, fee cover included: the gift is refunded first.
      refunded_cents: sql<number>`case when refunded_cents > ${refund.refundedCents} then refunded_cents when amount_cents < ${refund.refundedCents} then amount_cents else ${refund.refundedCents} end`,
      payment_intent_id: eb.fn.coalesce("payment_intent_id", eb.val(refund.paymentIntentId)),
      refunded_at: refund.at,
    }))
    .where("id", "=", paymentId)
    .execute();
}

export async function findReceipt(db: Db, sessionId: string) {
  return db
    .selectFrom("donations")
    .select([
      "amount_cents",
      "fee_cover_cents",
      "currency",
      "frequency",
      "status",
      "provider",
      "fund_id",
      "donor_email",
    ])
    .where("checkout_session_id", "=", sessionId)
    .executeTakeFirst();
}

/** Every donation newest first, or only those of `ids` (one ledger page's). */
export const listDonations = (db: Db, ids?: readonly string[]) => selectDonations(db, { ids });

/** The list in the same order after `after` (keyset on created_at, id), `limit` at most (the export's batches). */
export const donationsAfter = (db: Db, after: Donation | undefined, limit?: number) =>
  selectDonations(db, { after, limit });

async function selectDonations(
  db: Db,
  {
    ids,
    after,
    limit,
  }: { ids?: readonly string[] | undefined; after?: Donation | undefined; limit?: number | undefined },
): Promise<Donation[]> {
  if (ids?.length === 0) return [];
  const payments = db
    .selectFrom("donation_payments")
    .select((eb) => [
      "donation_id",
      eb.fn.countAll<number>().as("payment_count"),
      eb.fn.sum<number>(sql`amount_cents - refunded_cents`).as("received_cents"),
      // A refund takes the gift first: once the whole gift went back, so did its fee cover.
      eb.fn
        .sum<number>(sql`case when refunded_cents >= amount_cents then 0 else fee_cover_cents end`)
        .as("received_fee_cover_cents"),
      eb.fn.sum<number>(netUsdCents()).as("received_usd_cents"),
      eb.fn.max("etb_per_usd").as("etb_per_usd"),
    ])
    .$if(ids !== undefined, (qb) => qb.where("donation_id", "in", ids ?? []))
    .groupBy("donation_id")
    .as("p");
  let query = db
    .selectFrom("donations as d")
    .$if(ids !== undefined, (qb) => qb.where("d.id", "in", ids ?? []))
    .leftJoin(payments, "p.donation_id", "d.id")
    .leftJoin("donation_tributes as t", "t.donation_id", "d.id")
    .selectAll("d")
    .select([
      "p.payment_count",
      "p.received_cents",
      "p.received_fee_cover_cents",
      "p.received_usd_cents",
      "p.etb_per_usd",
    ])
    .select([
      "t.kind as tribute_kind",
      "t.name as tribute_name",
      "t.notify_name as tribute_notify_name",
      "t.notify_email as tribute_notify_email",
      "t.show_amount as tribute_show_amount",
      "t.card_queued_at as tribute_card_queued_at",
    ])
    .select((eb) =>
      eb
        .selectFrom("receipts as r")
        .innerJoin("donation_payments as rp", "rp.id", "r.payment_id")
        .select("r.id")
        .whereRef("rp.donation_id", "=", "d.id")
        .orderBy("r.issued_at", "desc")
        .orderBy("r.number", "desc")
        .limit(1)
        .as("receipt_id"),
    )
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc");
  if (after) {
    query = query.where((eb) => eb(eb.refTuple("d.created_at", "d.id"), "<", eb.tuple(after.createdAt, after._id)));
  }
  const rows = await (limit === undefined ? query : query.limit(limit)).execute();
  return rows.map((row) => ({
    _id: row.id,
    provider: row.provider,
    frequency: row.frequency as DonationFrequency,
    status: donationStatus(row),
    amountCents: Number(row.amount_cents),
    feeCoverCents: Number(row.fee_cover_cents),
    currency: row.currency,
    donorEmail: row.donor_email,
    donorName: row.donor_name,
    fundId: row.fund_id,
    method: row.method ?? (row.currency === "usd" ? "card" : null),
    receiptId: row.receipt_id ?? null,
    paymentCount: Number(row.payment_count ?? 0),
    receivedCents: Number(row.received_cents ?? 0),
    receivedFeeCoverCents: Number(row.received_fee_cover_cents ?? 0),
    // Birr count in dollars only at a rate: without one, no dollar value at all.
    receivedUsdCents: row.currency === "usd" || row.etb_per_usd ? Number(row.received_usd_cents ?? 0) : null,
    etbPerUsd: row.etb_per_usd ?? null,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    endedAt: row.ended_at,
    test: Number(row.test) === 1,
    tribute:
      row.tribute_kind && row.tribute_name
        ? {
            kind: row.tribute_kind as TributeKind,
            name: row.tribute_name,
            line: tributeLine({ kind: row.tribute_kind, name: row.tribute_name }),
            notifyName: row.tribute_notify_name,
            notifyEmail: row.tribute_notify_email,
            showAmount: Number(row.tribute_show_amount) === 1,
            cardQueuedAt: row.tribute_card_queued_at,
          }
        : null,
  }));
}

/**
 * A payment's net value in US cents, for sums: dollars net of refunds; birr at the dollar value fixed
 * when they came (nothing once refunded: birr gifts are only ever refunded whole, by staff); birr
 * without a rate count nothing, never as dollars.
 */
export const netUsdCents = (table: "donation_payments" | "p" = "donation_payments") =>
  sql<number>`case when ${sql.ref(`${table}.currency`)} = ${REPORTING_CURRENCY} then ${sql.ref(`${table}.amount_cents`)} - ${sql.ref(`${table}.refunded_cents`)} when ${sql.ref(`${table}.refunded_cents`)} > 0 then 0 else coalesce(${sql.ref(`${table}.usd_cents`)}, 0) end`;

/** What came in since a day, one figure per way it came: how many gifts and their US cents. */
export interface ChannelTotal {
  cents: number;
  gifts: number;
}

/**
 * Online payments since `from` (ISO), net of refunds, split into cards (dollars) and birr (at their
 * dollar value); each payment is one gift (a monthly donor's payment this month too). Test gifts
 * count nowhere.
 */
export async function onlineReceivedSince(db: Db, from: string): Promise<{ card: ChannelTotal; birr: ChannelTotal }> {
  const rows = await db
    .selectFrom("donation_payments as p")
    .innerJoin("donations as d", "d.id", "p.donation_id")
    .select((eb) => ["p.currency", eb.fn.sum<number>(netUsdCents("p")).as("total"), eb.fn.countAll<number>().as("n")])
    .where("p.paid_at", ">=", from)
    .where(countsAsGiving("d"))
    .groupBy("p.currency")
    .execute();
  const of = (currency: string): ChannelTotal => {
    const row = rows.find((r) => r.currency === currency);
    return { cents: Number(row?.total ?? 0), gifts: Number(row?.n ?? 0) };
  };
  return { card: of(REPORTING_CURRENCY), birr: of("etb") };
}

/** Offline gifts (not deleted) received since the day `fromDay`: how many, and their dollar value (US cents). */
export async function offlineReceivedSince(db: Db, fromDay: string): Promise<ChannelTotal> {
  const row = await db
    .selectFrom("offline_gifts")
    .select((eb) => [eb.fn.sum<number>("usd_cents").as("total"), eb.fn.countAll<number>().as("n")])
    .where("received_on", ">=", fromDay)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return { cents: Number(row?.total ?? 0), gifts: Number(row?.n ?? 0) };
}

export async function countActiveMonthly(db: Db): Promise<number> {
  const row = await db
    .selectFrom("donations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("frequency", "=", "monthly")
    .where("status", "=", "paid")
    .where("failed_invoice_id", "is", null)
    .where(countsAsGiving())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A running monthly gift's payment failed: `paid` → `payment_failed`, unless a newer notice (the
 * retry that paid) was applied already. True when it moved now, so the donor is told once per failure.
 */
export async function markPaymentFailed(
  db: Db,
  id: string,
  failure: { invoiceId: string; updateCardUrl: string | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("donations")
    .set({
      failed_invoice_id: failure.invoiceId,
      update_card_url: failure.updateCardUrl,
      payment_state_at: failure.at,
      updated_at: failure.at,
    })
    .where("id", "=", id)
    .where("frequency", "=", "monthly")
    .where("status", "=", "paid")
    .where("failed_invoice_id", "is", null)
    .where((eb) => eb.or([eb("payment_state_at", "is", null), eb("payment_state_at", "<", failure.at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A monthly payment went through: a failed gift runs again, and the time is kept either way so that an
 * older failure notice arriving after it changes nothing.
 */
export async function markPaymentSucceeded(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable("donations")
    .set({ failed_invoice_id: null, update_card_url: null, updated_at: at })
    .where("id", "=", id)
    .where("failed_invoice_id", "is not", null)
    // A payment and a failure in the same second (Stripe's times are whole seconds): the money wins.
    .where("payment_state_at", "<=", at)
    .execute();
  await db
    .updateTable("donations")
    .set({ payment_state_at: at })
    .where("id", "=", id)
    .where("frequency", "=", "monthly")
    .where((eb) => eb.or([eb("payment_state_at", "is", null), eb("payment_state_at", "<", at)]))
    .execute();
}

/** A pause set or lifted by the provider's event; an older event arriving late changes nothing. */
export async function changePause(db: Db, id: string, pause: { pausedUntil: string | null; at: string }) {
  await db
    .updateTable("donations")
    .set({ paused_until: pause.pausedUntil, pause_changed_at: pause.at, updated_at: pause.at })
    .where("id", "=", id)
    .where("frequency", "=", "monthly")
    .where((eb) => eb.or([eb("pause_changed_at", "is", null), eb("pause_changed_at", "<", pause.at)]))
    .execute();
}

/** What the failure e-mail needs of a donation. */
export async function failureNotice(db: Db, id: string) {
  return db
    .selectFrom("donations")
    .select(["id", "donor_email", "donor_name", "locale", "amount_cents", "currency", "update_card_url"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Monthly gifts whose last payment failed and that the provider is still retrying. */
export async function countAtRiskMonthly(db: Db): Promise<number> {
  const row = await db
    .selectFrom("donations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("frequency", "=", "monthly")
    .where("status", "=", "paid")
    .where("failed_invoice_id", "is not", null)
    .where(countsAsGiving())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Birr gifts paid online while no rate was set: in no dollar total until one is published (decision 0740). */
export async function countAwaitingRate(db: Db): Promise<number> {
  const row = await db
    .selectFrom("donation_payments as p")
    .innerJoin("donations", "donations.id", "p.donation_id")
    .select((eb) => eb.fn.count<number>("p.donation_id").distinct().as("n"))
    .where("p.currency", "=", "etb")
    .where("p.etb_per_usd", "is", null)
    .where("p.refunded_cents", "=", 0)
    .where(countsAsGiving())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function customerOf(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom("donations").select("customer_id").where("id", "=", id).executeTakeFirst();
  return row?.customer_id ?? null;
}

export async function failedInvoiceOf(db: Db, id: string): Promise<string | null> {
  const row = await db
    .selectFrom("donations")
    .select("failed_invoice_id")
    .where("id", "=", id)
    .where("status", "=", "paid")
    .executeTakeFirst();
  return row?.failed_invoice_id ?? null;
}

export async function paymentCountOf(db: Db, donationId: string): Promise<number> {
  const row = await db
    .selectFrom("donation_payments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("donation_id", "=", donationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When a donation's checkout opened (the reconciling job gives a pending birr gift up after a day). */
export async function createdAt(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom("donations").select("created_at").where("id", "=", id).executeTakeFirst();
  return row?.created_at;
}

/** Marks a gift a test gift (the provider's event says no money moved); never the other way. */
export async function markTest(db: Db, id: string): Promise<void> {
  await db.updateTable("donations").set({ test: 1 }).where("id", "=", id).where("test", "=", 0).execute();
}

/**
 * Deletes a test gift with its payments and receipts (cascading); a gift that counts is never
 * deleted. False when `id` is no test gift.
 */
export async function deleteTestGift(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("donations").where("id", "=", id).where("test", "=", 1).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Staff marked a one-time gift refunded in full (birr, refunded in Chapa's dashboard). */
export async function refundWhole(db: Db, donationId: string, at: string): Promise<void> {
  await db
    .updateTable("donation_payments")
    .set((eb) => ({ refunded_cents: eb.ref("amount_cents"), refunded_at: at }))
    .where("donation_id", "=", donationId)
    .execute();
}
