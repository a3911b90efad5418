import type { Db } from "../../db/database.ts";
import type { FundsService } from "../funds/funds.service.ts";
import type { Clock } from "../shared/clock.ts";
import * as repo from "./reports.repository.ts";
import type { GivingReport } from "./reports.schema.ts";

/** The last 12 calendar months up to this one, oldest first, as 'yyyy-MM'. */
export function lastTwelveMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + index, 1));
    return date.toISOString().slice(0, 7);
  });
}

/** What staff see first under Admin → Donations: giving by month, by fund, by kind (docs/decisions/0324-giving-dashboard.md). */
export interface ReportsServiceDeps {
  db: Db;
  clock: Clock;
  funds: Pick<FundsService, "list">;
}

export function createReportsService({ db, clock, funds }: ReportsServiceDeps) {
  return {
    async giving(): Promise<GivingReport> {
      const months = lastTwelveMonths(clock());
      const first = `${months[0]}-01`;
      const [card, offline, fundList, active] = await Promise.all([
        repo.cardByMonth(db, `${first}T00:00:00.000Z`),
        repo.offlineByMonth(db, first),
        funds.list(),
        repo.activeMonthly(db),
      ]);
      const byMonth = new Map(months.map((month) => [month, { month, cardCents: 0, offlineCents: 0 }]));
      let oneTimeCents = 0;
      let monthlyCents = 0;
      for (const row of card) {
        const entry = byMonth.get(row.month);
        if (!entry) continue;
        entry.cardCents += row.cents;
        if (row.frequency === "monthly") monthlyCents += row.cents;
        else oneTimeCents += row.cents;
      }
      for (const row of offline) {
        const entry = byMonth.get(row.month);
        if (!entry) continue;
        entry.offlineCents += row.cents;
        oneTimeCents += row.cents;
      }
      return {
        currency: "usd",
        months: [...byMonth.values()],
        funds: fundList,
        oneTimeCents,
        monthlyCents,
        activeMonthly: active,
      };
    },
  };
}
