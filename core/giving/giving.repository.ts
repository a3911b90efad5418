import type { Db } from "../../db/database.ts";

// Addresses are compared lower-cased: Stripe and staff keep them as typed.

export async function hasGifts(db: Db, email: string): Promise<boolean> {
  const card = await db
    .selectFrom("donations")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["donor_email"]), "=", email))
    .where("status", "!=", "pending")
    .limit(1)
    .executeTakeFirst();
  if (card) return true;
  const offline = await db
    .selectFrom("offline_gifts")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["donor_email"]), "=", email))
    .where("deleted_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  return offline !== undefined;
}

export async function insertSession(
  db: Db,
  session: { id: string; email: string; tokenHash: string; now: string; expiresAt: string },
) {
  await db
    .insertInto("donor_sessions")
    .values({
      id: session.id,
      email: session.email,
      token_hash: session.tokenHash,
      created_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
}

export async function findSession(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom("donor_sessions")
    .select(["email", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.deleteFrom("donor_sessions").where("token_hash", "=", tokenHash).execute();
}

export async function deleteExpiredSessions(db: Db, now: string) {
  await db.deleteFrom("donor_sessions").where("expires_at", "<=", now).execute();
}

/** The donor's card gifts that were paid at some point (a checkout never completed is no gift). */
export async function cardGifts(db: Db, email: string) {
  return db
    .selectFrom("donations")
    .select([
      "id",
      "frequency",
      "status",
      "amount_cents",
      "fee_cover_cents",
      "currency",
      "fund_id",
      "created_at",
      "paid_at",
      "ended_at",
    ])
    .select(["paused_until", "failed_invoice_id"])
    .select((eb) => [
      eb
        .selectFrom("donation_payments")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("donation_payments.donation_id", "=", "donations.id")
        .as("payments"),
      eb
        .selectFrom("donation_payments")
        .select(eb.fn.max("paid_at").as("last"))
        .whereRef("donation_payments.donation_id", "=", "donations.id")
        .as("last_paid_at"),
    ])
    .where((eb) => eb(eb.fn("lower", ["donor_email"]), "=", email))
    .where("status", "!=", "pending")
    .orderBy("created_at", "desc")
    .execute();
}

export async function offlineGifts(db: Db, email: string) {
  return db
    .selectFrom("offline_gifts")
    .select(["id", "received_on", "amount_minor", "currency", "fund_id"])
    .where((eb) => eb(eb.fn("lower", ["donor_email"]), "=", email))
    .where("deleted_at", "is", null)
    .orderBy("received_on", "desc")
    .execute();
}

/** Every receipt issued to the address, with the gift it is for. */
export async function receiptsOf(db: Db, email: string) {
  return db
    .selectFrom("receipts as r")
    .leftJoin("donation_payments as p", "p.id", "r.payment_id")
    .select(["r.id", "r.number", "r.offline_gift_id", "r.voided_at", "p.donation_id"])
    .where((eb) => eb(eb.fn("lower", ["r.donor_email"]), "=", email))
    .orderBy("r.number")
    .execute();
}

/** A receipt, if it was issued to this address. */
export async function ownReceipt(db: Db, id: string, email: string) {
  return db
    .selectFrom("receipts")
    .select("id")
    .where("id", "=", id)
    .where((eb) => eb(eb.fn("lower", ["donor_email"]), "=", email))
    .executeTakeFirst();
}

/** A card gift, if it is this address's. */
export async function ownDonation(db: Db, id: string, email: string) {
  return db
    .selectFrom("donations")
    .select(["id", "currency"])
    .where("id", "=", id)
    .where((eb) => eb(eb.fn("lower", ["donor_email"]), "=", email))
    .executeTakeFirst();
}

/** When a donation's newest payment arrived (a pause counts its skipped months from it). */
export async function lastPaymentAt(db: Db, donationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("donation_payments")
    .select((eb) => eb.fn.max("paid_at").as("last"))
    .where("donation_id", "=", donationId)
    .executeTakeFirst();
  return row?.last ? String(row.last) : undefined;
}
