import type { Db } from "../../db/database.ts";
import type { DonationTributeTable } from "./tributes.table.ts";

/** Gifts in honour or in memory (docs/decisions/0780) and the donor wall (docs/decisions/0781). */

export async function insertTribute(db: Db, row: Omit<DonationTributeTable, "card_queued_at">): Promise<void> {
  await db
    .insertInto("donation_tributes")
    .values({ ...row, card_queued_at: null })
    .execute();
}

export async function insertWallEntry(
  db: Db,
  row: { donation_id: string; display_name: string | null; message: string | null; created_at: string },
): Promise<void> {
  await db
    .insertInto("donor_wall_entries")
    .values({ ...row, state: "pending", moderated_at: null })
    .execute();
}

/**
 * Claims the tribute card of a paid gift: true only for the one call that set `card_queued_at`, so
 * the card is queued once however often the payment's event arrives.
 */
export async function claimCard(db: Db, donationId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("donation_tributes")
    .set({ card_queued_at: at })
    .where("donation_id", "=", donationId)
    .where("card_queued_at", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("donations as d")
          .select("d.id")
          .whereRef("d.id", "=", "donation_tributes.donation_id")
          .where("d.status", "=", "paid"),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What the card says, with the gift it is for. */
export async function cardOf(db: Db, donationId: string) {
  return db
    .selectFrom("donation_tributes as t")
    .innerJoin("donations as d", "d.id", "t.donation_id")
    .select([
      "t.kind",
      "t.name",
      "t.notify_name",
      "t.notify_email",
      "t.show_amount",
      "d.donor_name",
      "d.amount_cents",
      "d.currency",
      "d.locale",
      "d.frequency",
    ])
    .where("t.donation_id", "=", donationId)
    .executeTakeFirst();
}

/** The tribute of the gift a payment belongs to (a receipt's line). */
export async function tributeOfPayment(db: Db, paymentId: string) {
  return db
    .selectFrom("donation_payments as p")
    .innerJoin("donation_tributes as t", "t.donation_id", "p.donation_id")
    .select(["t.kind", "t.name"])
    .where("p.id", "=", paymentId)
    .executeTakeFirst();
}

/** A gift shows on the wall once it was paid and while it was not refunded; test gifts never do. */
const PAID_FOR_WALL = ["paid", "payment_failed", "canceled"] as const;

/** Approved entries of paid gifts, newest first; `fund` narrows to one need card's gifts. */
export async function approvedWall(db: Db, { fund, offset, limit }: { fund?: string; offset: number; limit: number }) {
  const base = db
    .selectFrom("donor_wall_entries as w")
    .innerJoin("donations as d", "d.id", "w.donation_id")
    .where("w.state", "=", "approved")
    .where("d.status", "in", [...PAID_FOR_WALL])
    .where("d.paid_at", "is not", null)
    .where("d.test", "=", 0)
    .$if(fund !== undefined, (qb) => qb.where("d.fund_id", "=", fund ?? ""));
  const [rows, total] = await Promise.all([
    base
      .select(["w.donation_id", "w.display_name", "w.message", "d.paid_at"])
      .orderBy("d.paid_at", "desc")
      .orderBy("w.donation_id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Every entry of a paid gift for staff to moderate, waiting ones first, then newest first. */
export async function wallForStaff(db: Db) {
  return db
    .selectFrom("donor_wall_entries as w")
    .innerJoin("donations as d", "d.id", "w.donation_id")
    .select([
      "w.donation_id",
      "w.display_name",
      "w.message",
      "w.state",
      "w.created_at",
      "w.moderated_at",
      "d.donor_name",
      "d.paid_at",
      "d.fund_id",
    ])
    .where("d.paid_at", "is not", null)
    .where("d.status", "in", [...PAID_FOR_WALL])
    .orderBy((eb) => eb.case().when("w.state", "=", "pending").then(0).else(1).end())
    .orderBy("d.paid_at", "desc")
    .limit(500)
    .execute();
}

export async function setWallState(db: Db, donationId: string, state: string, at: string): Promise<string | undefined> {
  const before = await db
    .selectFrom("donor_wall_entries")
    .select("state")
    .where("donation_id", "=", donationId)
    .executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable("donor_wall_entries")
    .set({ state, moderated_at: at })
    .where("donation_id", "=", donationId)
    .execute();
  return before.state;
}
