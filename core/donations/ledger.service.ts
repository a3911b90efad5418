import { subMonths } from "date-fns/subMonths";
import type { Db } from "../../db/database.ts";
import { serveList } from "../admin-lists/list-query.ts";
import { REPORTING_CURRENCY } from "../money/money.ts";
import type { Clock } from "../shared/clock.ts";
import * as repo from "./donations.repository.ts";
import type { DonationTotals } from "./donations.schema.ts";
import { ledgerPage } from "./ledger.repository.ts";
import { type LedgerPeriod, LedgerQuerySchema } from "./ledger.schema.ts";

/** The tiles above the ledger, and the dashboard's: what came in, by aggregate queries. */
export interface LedgerSummary extends DonationTotals {
  /**
   * This month's `thisMonthCents` by the way it came, so a figure says what it adds up: cards
   * (dollars online), birr online (at their dollar value) and offline gifts (bank, cash, cheque).
   */
  thisMonthBy: { card: repo.ChannelTotal; birr: repo.ChannelTotal; offline: repo.ChannelTotal };
  /** Monthly gifts whose last payment failed, while the provider retries (decision 0700). */
  atRiskMonthly: number;
  /** Birr gifts paid before a rate was set, counted in no dollar figure until one is (decision 0740). */
  awaitingRate: number;
}

const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();

/** The first day ('yyyy-MM-dd') a period keeps, or "" for any time. */
export function periodStart(period: LedgerPeriod, now: Date): string {
  const year = now.getUTCFullYear();
  if (period === "month") return monthStartOf(now).slice(0, 10);
  if (period === "year") return `${year}-01-01`;
  if (period === "12m")
    return new Date(Date.UTC(year - 1, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
  return "";
}

/** Online money net of refunds plus offline gifts at their dollar value: dollars only (core/money); no test gifts. */
async function totalsWithChannels(db: Db, now: Date) {
  const monthStart = monthStartOf(now);
  const yearAgo = subMonths(now, 12).toISOString();
  const [onlineMonth, online12, offlineMonth, offline12, activeMonthlyDonors] = await Promise.all([
    repo.onlineReceivedSince(db, monthStart),
    repo.onlineReceivedSince(db, yearAgo),
    repo.offlineReceivedSince(db, monthStart.slice(0, 10)),
    repo.offlineReceivedSince(db, yearAgo.slice(0, 10)),
    repo.countActiveMonthly(db),
  ]);
  const totals: DonationTotals = {
    currency: REPORTING_CURRENCY,
    thisMonthCents: onlineMonth.card.cents + onlineMonth.birr.cents + offlineMonth.cents,
    last12MonthsCents: online12.card.cents + online12.birr.cents + offline12.cents,
    activeMonthlyDonors,
  };
  return { totals, thisMonthBy: { ...onlineMonth, offline: offlineMonth } };
}

/** The ledger's totals alone, as `GET /api/admin/donations` answers them. */
export async function ledgerTotals(db: Db, now: Date): Promise<DonationTotals> {
  return (await totalsWithChannels(db, now)).totals;
}

/** Admin → Donations' ledger a page at a time, and its tiles (docs/decisions/0610-admin-lists.md). */
export function createLedgerService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    page: serveList(LedgerQuerySchema, (query) => ledgerPage(db, query, periodStart(query.period, clock()))),

    async summary(): Promise<LedgerSummary> {
      const now = clock();
      const [{ totals, thisMonthBy }, atRiskMonthly, awaitingRate] = await Promise.all([
        totalsWithChannels(db, now),
        repo.countAtRiskMonthly(db),
        repo.countAwaitingRate(db),
      ]);
      return { ...totals, thisMonthBy, atRiskMonthly, awaitingRate };
    },
  };
}
