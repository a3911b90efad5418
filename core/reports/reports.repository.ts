import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { countsAsGiving } from "../donations/counted-gifts.ts";
import { netUsdCents } from "../donations/donations.repository.ts";
import { REPORTING_CURRENCY } from "../money/money.ts";

/** Online money (cards and birr, no test gifts) per calendar month and frequency since `from` (ISO), net of refunds, dollars only. */
export async function cardByMonth(db: Db, from: string) {
  const month = sql<string>`substr(p.paid_at, 1, 7)`;
  const rows = await db
    .selectFrom("donation_payments as p")
    .innerJoin("donations as d", "d.id", "p.donation_id")
    .select((eb) => [
      month.as("month"),
      "d.frequency",
      // Birr at the dollar value fixed on each payment (core/money: dollars add dollars only).
      eb.fn.sum<number>(netUsdCents("p")).as("total"),
    ])
    .where("p.paid_at", ">=", from)
    .where(countsAsGiving("d"))
    .groupBy([month, "d.frequency"])
    .execute();
  return rows.map((row) => ({ month: row.month, frequency: row.frequency, cents: Number(row.total ?? 0) }));
}

/** Offline gifts' dollar value per calendar month since `fromDay` ('yyyy-MM-dd'). */
export async function offlineByMonth(db: Db, fromDay: string) {
  const month = sql<string>`substr(received_on, 1, 7)`;
  const rows = await db
    .selectFrom("offline_gifts")
    .select((eb) => [month.as("month"), eb.fn.sum<number>("usd_cents").as("total")])
    .where("received_on", ">=", fromDay)
    .where("deleted_at", "is", null)
    .groupBy(month)
    .execute();
  return rows.map((row) => ({ month: row.month, cents: Number(row.total ?? 0) }));
}

/** Active monthly gifts: how many, and their monthly amounts together (dollars only). */
export async function activeMonthly(db: Db) {
  const row = await db
    .selectFrom("donations")
    .select((eb) => [eb.fn.countAll<number>().as("donors"), eb.fn.sum<number>("amount_cents").as("total")])
    .where("frequency", "=", "monthly")
    .where("status", "=", "paid")
    .where("currency", "=", REPORTING_CURRENCY)
    .where(countsAsGiving())
    .executeTakeFirstOrThrow();
  return { donors: Number(row.donors), perMonthCents: Number(row.total ?? 0) };
}
