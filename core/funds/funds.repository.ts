import type { Db } from "../../db/database.ts";
import { countsAsGiving } from "../donations/counted-gifts.ts";
import { netUsdCents } from "../donations/donations.repository.ts";

/**
 * Money received per fund, in US cents: card payments net of refunds, plus offline gifts at the
 * dollar value fixed when they were recorded. Grouped queries on indexed fund columns, not a scan
 * per card. Test gifts count on no card.
 */
export async function receivedByFund(db: Db): Promise<Map<string, number>> {
  const [card, offline] = await Promise.all([
    db
      .selectFrom("donation_payments as p")
      .innerJoin("donations as d", "d.id", "p.donation_id")
      // Totals in dollars add dollars only (core/money): birr at the dollar value fixed on the payment.
      .select((eb) => ["d.fund_id", eb.fn.sum<number>(netUsdCents("p")).as("total")])
      .where("d.fund_id", "is not", null)
      .where(countsAsGiving("d"))
      .groupBy("d.fund_id")
      .execute(),
    db
      .selectFrom("offline_gifts")
      .select((eb) => ["fund_id", eb.fn.sum<number>("usd_cents").as("total")])
      .where("fund_id", "is not", null)
      .where("deleted_at", "is", null)
      .groupBy("fund_id")
      .execute(),
  ]);
  const totals = new Map<string, number>();
  for (const row of [...card, ...offline]) {
    const fund = row.fund_id as string;
    totals.set(fund, (totals.get(fund) ?? 0) + Number(row.total ?? 0));
  }
  return totals;
}
