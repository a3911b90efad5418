import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { REPORTING_CURRENCY } from "../money/money.ts";

/**
 * Money received per fund, in US cents: card payments net of refunds. One grouped query over the
 * payments joined to their donation (indexed by fund), not a scan per card.
 */
export async function receivedByFund(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("donation_payments as p")
    .innerJoin("donations as d", "d.id", "p.donation_id")
    .select((eb) => ["d.fund_id", eb.fn.sum<number>(sql`p.amount_cents - p.refunded_cents`).as("received")])
    .where("d.fund_id", "is not", null)
    // Totals in dollars add dollars only (core/money).
    .where("p.currency", "=", REPORTING_CURRENCY)
    .groupBy("d.fund_id")
    .execute();
  return new Map(rows.map((row) => [row.fund_id as string, Number(row.received ?? 0)]));
}
