import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { formatMoney } from "../../../../core/money/money";
import type { RetentionYear } from "../../../../core/reports/donor-retention.service";
import { api } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/download-file";
import { buttonClasses } from "../../button";

/** Who gave again, for the first time, after a gap, or not again: per year, from the ledger. */
export function DonorRetentionPanel() {
  const [years, setYears] = useState<RetentionYear[] | null>(null);
  useEffect(() => {
    api<{ years: RetentionYear[] }>("/api/donations/retention")
      .then((answer) => setYears(answer.years))
      .catch(() => setYears([]));
  }, []);
  if (!years?.length) return null;

  async function exportLapsed(year: number) {
    try {
      await downloadFile(`/api/donations/retention/lapsed.csv?year=${year}`);
    } catch {
      toast.error("Failed to export lapsed donors.");
    }
  }

  const columns = ["Retained", "New", "Recaptured", "Lapsed", "Retention rate"];
  const figures = (y: RetentionYear) => [
    `${y.retained} · ${formatMoney(y.retainedCents)}`,
    `${y.new} · ${formatMoney(y.newCents)}`,
    `${y.recaptured} · ${formatMoney(y.recapturedCents)}`,
    `${y.lapsed} · ${formatMoney(y.lapsedCents)}`,
    y.retentionRate === null ? "—" : `${y.retentionRate}%`,
  ];
  // On a phone each year is a block of labelled lines instead of a row seven columns wide. A table
  // shown as blocks loses its table semantics in some browsers: the roles keep them.
  const stacked = "max-sm:block";
  return (
    <section aria-labelledby="retention-heading" className="mt-10">
      <h2 id="retention-heading" className="text-xl font-bold">
        Donor retention
      </h2>
      <p className="mt-1 text-sm text-muted">
        Donors by e-mail address, card and offline gifts in US dollars. Retained: gave this year and last. New: first
        gift ever. Recaptured: gave again after a year or more without. Lapsed: gave last year, not this year (the money
        is what they gave last year).
      </p>
      {/* Between phone and desktop widths it may scroll sideways: focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
      <section
        aria-label="Donor retention by year"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
        tabIndex={0}
        className="mt-3 overflow-x-auto rounded-2xl border border-black/10 bg-white"
      >
        {/* biome-ignore lint/a11y/noRedundantRoles: kept for browsers that drop a block-displayed table's roles */}
        <table role="table" className={`w-full text-sm sm:min-w-[40rem] ${stacked}`}>
          <thead className="bg-gray-50 max-sm:sr-only">
            {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
            <tr role="row">
              {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
              <th role="columnheader" scope="col" className="px-3 py-2 text-left font-semibold">
                Year
              </th>
              {columns.map((heading) => (
                // biome-ignore lint/a11y/noRedundantRoles: as above
                <th key={heading} role="columnheader" scope="col" className="px-3 py-2 text-right font-semibold">
                  {heading}
                </th>
              ))}
              {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
              <th role="columnheader" scope="col" className="px-3 py-2">
                <span className="sr-only">Export</span>
              </th>
            </tr>
          </thead>
          {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
          <tbody role="rowgroup" className={stacked}>
            {years.map((y) => (
              // biome-ignore lint/a11y/noRedundantRoles: as above
              <tr key={y.year} role="row" className={`border-t border-black/5 first:border-t-0 ${stacked} max-sm:py-2`}>
                {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
                <th role="rowheader" scope="row" className={`px-3 py-2 text-left font-semibold ${stacked}`}>
                  {y.year}
                </th>
                {figures(y).map((figure, index) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                    key={index}
                    // biome-ignore lint/a11y/noRedundantRoles: as above
                    role="cell"
                    data-label={columns[index]}
                    className="px-3 py-2 text-right tabular-nums max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:py-1 max-sm:before:text-muted max-sm:before:content-[attr(data-label)]"
                  >
                    {figure}
                  </td>
                ))}
                {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
                <td role="cell" className="px-3 py-2 text-right max-sm:block max-sm:text-left">
                  {y.lapsed > 0 && (
                    <button
                      type="button"
                      onClick={() => exportLapsed(y.year)}
                      className={buttonClasses("secondary", "sm")}
                    >
                      Lapsed in {y.year} (CSV)
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
