import type { Readable } from "node:stream";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { toMajorDecimal } from "../money/money.ts";
import { keysetBatches } from "../shared/batches.ts";
import type { Clock } from "../shared/clock.ts";
import { csvStream } from "../shared/csv.ts";
import { ValidationError } from "../shared/errors.ts";
import { type LapsedDonor, lapsedIn, type RetentionRow, retentionOfYears } from "./donor-retention.repository.ts";

/** One year of the retention view: donors kept, new, won back and lost, with their money and the rate. */
export interface RetentionYear extends RetentionRow {
  year: number;
  /** Retained donors as a share of last year's donors, in per cent to one decimal; null without any. */
  retentionRate: number | null;
}

export const RETENTION_YEARS = 5;
/** Lapsed donors read per batch: each batch runs the year's aggregate again, so batches are large. */
const LAPSED_BATCH = 2000;
export const RETENTION_YEAR_MESSAGE = "Choose one of the last five years.";

/**
 * Admin → Donations' retention view (docs/decisions/0701-donor-retention.md): per year, who gave this
 * year and last (retained), for the first time (new), again after a gap (recaptured), or not again
 * (lapsed), from the ledger's card payments and offline gifts.
 */
export function createDonorRetentionService({ db, clock, audit }: { db: Db; clock: Clock; audit: Audit }) {
  const years = () => {
    const current = clock().getUTCFullYear();
    return Array.from({ length: RETENTION_YEARS }, (_, index) => current - RETENTION_YEARS + 1 + index);
  };
  return {
    async years(): Promise<RetentionYear[]> {
      const shown = years();
      const figures = await retentionOfYears(db, shown);
      return shown.map((year) => {
        const row = figures.get(year) as RetentionRow;
        const retentionRate =
          row.lastYearDonors === 0 ? null : Math.round((row.retained / row.lastYearDonors) * 1000) / 10;
        return { year, ...row, retentionRate };
      });
    },

    /** The donors who lapsed in `year` as CSV (their addresses: the export is recorded). */
    lapsedCsv(input: unknown, actor: Actor): Readable {
      const year = Number(input);
      if (!years().includes(year)) throw new ValidationError(RETENTION_YEAR_MESSAGE, { year: RETENTION_YEAR_MESSAGE });
      return csvStream<LapsedDonor>(
        [
          { header: "E-mail", value: (d) => d.email },
          { header: "Name", value: (d) => d.name },
          { header: "Last gift", value: (d) => d.lastGiftOn },
          { header: `Given in ${year - 1} (USD)`, value: (d) => toMajorDecimal(d.lastYearCents) },
        ],
        keysetBatches((after, limit) => lapsedIn(db, year, after?.email, limit), LAPSED_BATCH),
        (rows) =>
          db.transaction().execute((trx) =>
            audit.record(trx, actor, {
              action: "export",
              entity: "donation",
              values: { report: "lapsed donors", year, rows },
            }),
          ),
      );
    },
  };
}
