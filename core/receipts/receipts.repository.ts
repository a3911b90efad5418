import { type Insertable, type Selectable, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { countsAsGiving } from "../donations/counted-gifts.ts";
import type { ReceiptTable } from "./receipts.table.ts";

/** The next number of `year`, atomically: one statement, so concurrent gifts never share one. */
export async function nextNumber(db: Db, year: number): Promise<number> {
  const row = await db
    .insertInto("receipt_counters")
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last_number: sql<number>`receipt_counters.last_number + 1` }))
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertReceipt(db: Db, receipt: Insertable<ReceiptTable>): Promise<void> {
  await db.insertInto("receipts").values(receipt).execute();
}

export async function findReceipt(db: Db, id: string): Promise<Selectable<ReceiptTable> | undefined> {
  return db.selectFrom("receipts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The language of the page a card gift was made from (an offline gift has none: English). */
export async function donorLocaleOfPayment(db: Db, paymentId: string): Promise<string | null> {
  const row = await db
    .selectFrom("donation_payments as p")
    .innerJoin("donations as d", "d.id", "p.donation_id")
    .select("d.locale")
    .where("p.id", "=", paymentId)
    .executeTakeFirst();
  return row?.locale ?? null;
}

/** Counts a send; false when the receipt is gone. */
export async function countSend(db: Db, id: string): Promise<number | undefined> {
  await db.updateTable("receipts").set({ sent_count: sql<number>`sent_count + 1` }).where("id", "=", id).execute();
  const row = await db.selectFrom("receipts").select("sent_count").where("id", "=", id).executeTakeFirst();
  return row ? Number(row.sent_count) : undefined;
}

/** The receipt of an offline gift, if it has one. */
export async function receiptOfGift(db: Db, giftId: string) {
  return db.selectFrom("receipts").select(["id", "number"]).where("offline_gift_id", "=", giftId).executeTakeFirst();
}

/** Marks a gift's receipt void (once); its number, if there was one to void. */
export async function voidReceiptOfGift(db: Db, giftId: string, at: string): Promise<string | undefined> {
  const row = await db
    .updateTable("receipts")
    .set({ voided_at: at })
    .where("offline_gift_id", "=", giftId)
    .where("voided_at", "is", null)
    .returning("number")
    .executeTakeFirst();
  return row?.number;
}

/** Void receipts, newest first: staff see that their numbers are taken, and why. */
export async function listVoided(db: Db) {
  return db
    .selectFrom("receipts as r")
    .leftJoin("offline_gifts as g", "g.id", "r.offline_gift_id")
    .select([
      "r.id",
      "r.number",
      "r.donor_email",
      "r.donor_name",
      "r.gift_date",
      "r.amount_minor",
      "r.currency",
      "r.voided_at",
      "g.deleted_by",
    ])
    .where("r.voided_at", "is not", null)
    .orderBy("r.voided_at", "desc")
    .orderBy("r.number", "desc")
    .execute();
}

/**
 * A donation's payments that have no receipt yet, with what a receipt needs. A test gift has none:
 * the numbered series is the charity's record of money received (docs/decisions/0760).
 */
export async function unreceiptedPayments(db: Db, donationId: string) {
  return db
    .selectFrom("donation_payments as p")
    .innerJoin("donations as d", "d.id", "p.donation_id")
    .leftJoin("receipts as r", "r.payment_id", "p.id")
    .select([
      "p.id",
      "p.amount_cents",
      "p.fee_cover_cents",
      "p.currency",
      "p.paid_at",
      "d.donor_email",
      "d.donor_name",
      "d.fund_id",
      "d.frequency",
    ])
    .where("p.donation_id", "=", donationId)
    .where(countsAsGiving("d"))
    .where("r.id", "is", null)
    .orderBy("p.paid_at")
    .execute();
}

/** A year's receipts for its statements, by donor, date and number. */
export async function liveReceiptsOfYear(db: Db, year: number) {
  return (
    db
      .selectFrom("receipts as r")
      // The gift's tribute, if any (docs/decisions/0780): the statement says it beside the gift.
      .leftJoin("donation_payments as p", "p.id", "r.payment_id")
      .leftJoin("donation_tributes as t", "t.donation_id", "p.donation_id")
      // The language of the page the gift was made from: the statement's words for the donor follow it.
      .leftJoin("donations as d", "d.id", "p.donation_id")
      .select(["r.donor_email", "r.donor_name", "r.gift_date", "r.number", "r.amount_minor", "r.currency"])
      .select(["r.fee_cover_minor", "d.locale"])
      .select(["t.kind as tribute_kind", "t.name as tribute_name"])
      .where("r.year", "=", year)
      // A void receipt's gift was deleted: it counts in no statement (its number stays taken).
      .where("r.voided_at", "is", null)
      .orderBy("r.donor_email")
      .orderBy("r.gift_date")
      .orderBy("r.number")
      .execute()
  );
}

/** Which of `donorEmails` a statement run (`batchId`) has already sent to. */
export async function statementsSentIn(db: Db, batchId: string, donorEmails: string[]): Promise<Set<string>> {
  if (donorEmails.length === 0) return new Set();
  const rows = await db
    .selectFrom("statement_sends")
    .select("donor_email")
    .where("batch_id", "=", batchId)
    .where("donor_email", "in", donorEmails)
    .execute();
  return new Set(rows.map((row) => row.donor_email));
}

/** Records that a statement run sent to `donorEmail`; false when that run did already. */
export async function markStatementSent(db: Db, batchId: string, donorEmail: string, sentAt: string): Promise<boolean> {
  const inserted = await db
    .insertInto("statement_sends")
    .values({ batch_id: batchId, donor_email: donorEmail, sent_at: sentAt })
    .onConflict((oc) => oc.columns(["batch_id", "donor_email"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
