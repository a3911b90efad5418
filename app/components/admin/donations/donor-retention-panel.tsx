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

  const cell = "px-3 py-2 text-right tabular-nums";
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
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
      <section
        aria-label="Donor retention by year"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
        tabIndex={0}
        className="mt-3 overflow-x-auto rounded-2xl border border-black/10 bg-white"
      >
        <table className="w-full min-w-[40rem] text-sm">
          <thead className="bg-gray-50 text-left">
            <tr>
              {["Year", "Retained", "New", "Recaptured", "Lapsed", "Retention rate", ""].map((heading, index) => (
                <th key={heading || index} scope="col" className="px-3 py-2 font-semibold">
                  {heading || <span className="sr-only">Export</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {years.map((y) => (
              <tr key={y.year} className="border-t border-black/5">
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  {y.year}
                </th>
                <td className={cell}>
                  {y.retained} · {formatMoney(y.retainedCents)}
                </td>
                <td className={cell}>
                  {y.new} · {formatMoney(y.newCents)}
                </td>
                <td className={cell}>
                  {y.recaptured} · {formatMoney(y.recapturedCents)}
                </td>
                <td className={cell}>
                  {y.lapsed} · {formatMoney(y.lapsedCents)}
                </td>
                <td className={cell}>{y.retentionRate === null ? "—" : `${y.retentionRate}%`}</td>
                <td className="px-3 py-2 text-right">
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
