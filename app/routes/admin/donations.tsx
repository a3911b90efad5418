import { format } from "date-fns/format";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { DONATION_STATUSES, PAID_WITH_LABELS } from "../../../core/donations/donations.schema";
import { LEDGER_PERIODS, type LedgerEntry } from "../../../core/donations/ledger.schema";
import type { LedgerSummary } from "../../../core/donations/ledger.service";
import { WHERE_MOST_NEEDED } from "../../../core/funds/funds.schema";
import { formatMoney } from "../../../core/money/money";
import type { GivingReport } from "../../../core/reports/reports.schema";
import { DonorRetentionPanel } from "../../components/admin/donations/donor-retention-panel";
import { GivingDashboard } from "../../components/admin/donations/giving-dashboard";
import { type LedgerRow, ledgerRow } from "../../components/admin/donations/ledger-rows";
import { ReceiptActions } from "../../components/admin/donations/receipt-actions";
import { TestGiftDelete } from "../../components/admin/donations/test-gift-delete";
import { YearStatementsPanel } from "../../components/admin/donations/year-statements-panel";
import { EmptyState } from "../../components/admin/empty-state";
import { ListBody } from "../../components/admin/lists/list-body";
import { ListFilter } from "../../components/admin/lists/list-filter";
import { ListPager } from "../../components/admin/lists/list-pager";
import { ListSearch } from "../../components/admin/lists/list-search";
import { useListPage } from "../../components/admin/lists/use-list-page";
import { buttonClasses } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { downloadFile } from "../../lib/download-file";

export const meta = () => adminMeta("Donations");

const STATUS_STYLES: Record<string, string> = {
  paid: "bg-green-100 text-green-800",
  received: "bg-green-100 text-green-800",
  pending: "bg-yellow-100 text-yellow-800",
  refunded: "bg-red-100 text-red-800",
  canceled: "bg-gray-200 text-gray-700",
  payment_failed: "bg-orange-100 text-orange-900",
};

const day = (date: string) => format(new Date(date.length === 10 ? `${date}T12:00:00Z` : date), "MMM d, yyyy");

function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLES[status] ?? ""}`}>
      {status.replace("_", " ")}
    </span>
  );
}

function Donor({ row }: { row: LedgerRow }) {
  if (!row.donorName && !row.donorEmail) return <span className="text-muted">No details given</span>;
  return (
    <>
      {row.donorName && <span className="block font-medium">{row.donorName}</span>}
      {row.donorEmail && <span className="block break-all text-sm text-muted">{row.donorEmail}</span>}
    </>
  );
}

function Amount({ row, fund }: { row: LedgerRow; fund: string }) {
  return (
    <>
      <span className="font-semibold">{row.amount}</span>
      <span className="text-sm text-muted">
        {row.detail}
        {row.paidWith && ` · ${row.paidWith}`}
      </span>
      {row.test && (
        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800">Test</span>
      )}
      <span className="block text-sm text-muted">For {fund}</span>
      {row.tribute && <span className="block text-sm italic">{row.tribute}</span>}
    </>
  );
}

const VERIFY_OUTCOMES: Record<string, string> = {
  paid: "Chapa confirms the payment: the gift is paid.",
  failed: "Chapa reports the payment failed: the gift is canceled.",
  pending: "Chapa has no payment for it yet; it stays pending.",
  unknown: "Chapa does not know this checkout (the donor never reached it); it stays pending.",
  mismatch: "Chapa reports another amount or currency than was asked: it stays pending. Check Chapa's dashboard.",
  settled: "This gift is no longer pending.",
  unreachable: "Chapa could not be reached. Try again in a few minutes.",
};

/** Birr gifts: ask Chapa again about a pending one; record one refunded in Chapa's dashboard. */
function BirrActions({ row, onDone }: { row: LedgerRow; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  if (!row.canReverify && !row.canMarkRefunded) return null;
  const who = row.donorEmail ?? row.donorName ?? "this gift";
  async function run(action: "verify" | "refunded") {
    if (action === "refunded" && !window.confirm("Mark this gift refunded? It leaves its fund's total.")) return;
    setBusy(true);
    try {
      if (action === "verify") {
        const { outcome } = await api<{ outcome: string }>(`/api/donations/${row.key}/verify`, { method: "POST" });
        toast(VERIFY_OUTCOMES[outcome] ?? outcome);
      } else {
        await api(`/api/donations/${row.key}/refunded`, { method: "POST" });
        toast.success("Marked refunded.");
      }
      onDone();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "That did not work.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="mt-1 flex flex-wrap gap-2">
      {row.canReverify && (
        <button
          type="button"
          disabled={busy}
          onClick={() => run("verify")}
          aria-label={`Re-verify the gift of ${who}`}
          className="text-sm font-semibold text-brand underline underline-offset-2"
        >
          Re-verify
        </button>
      )}
      {row.canMarkRefunded && (
        <button
          type="button"
          disabled={busy}
          onClick={() => run("refunded")}
          className="text-sm font-semibold text-brand underline underline-offset-2"
        >
          {/* The visible words start the accessible name (WCAG 2.5.3, label in name). */}
          Mark refunded<span className="sr-only"> the gift of {who}</span>
        </button>
      )}
    </span>
  );
}

const FILTERS = ["period", "fund", "method", "paidWith", "status", "gifts"] as const;

/** Admin → Donations: the tiles and dashboard (aggregated in SQL), and the ledger a page at a time. */
export default function AdminDonations() {
  const list = useListPage<LedgerEntry>("/api/admin/lists/donations", FILTERS);
  const [summary, setSummary] = useState<LedgerSummary | null>(null);
  const [report, setReport] = useState<GivingReport | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    api<LedgerSummary>("/api/admin/donations/summary")
      .then(setSummary)
      .catch(() => toast.error("Failed to fetch donations."));
    api<GivingReport>("/api/donations/report")
      .then(setReport)
      .catch(() => undefined);
  }, []);

  const rows: LedgerRow[] = list.items.map(ledgerRow);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile("/api/donations/export.csv");
    } catch {
      toast.error("Failed to export donations.");
    } finally {
      setExporting(false);
    }
  }

  const totals = summary;
  const tiles = totals && [
    { label: "This month", value: formatMoney(totals.thisMonthCents, totals.currency) },
    { label: "Last 12 months", value: formatMoney(totals.last12MonthsCents, totals.currency) },
    { label: "Active monthly donors", value: String(totals.activeMonthlyDonors) },
  ];
  const funds = report?.funds ?? [];
  const fundTitle = (id: string | null) =>
    id ? (funds.find((fund) => fund.id === id)?.title ?? id) : WHERE_MOST_NEEDED;
  const filter = (name: (typeof FILTERS)[number]) => ({ list, name, id: `ledger-${name}` });
  const narrowed = Boolean(list.value("q")) || FILTERS.some((name) => list.value(name));

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Donations</h1>
          <p className="mt-1 text-sm text-muted">
            Card donations as the card provider confirms them, and offline gifts. Totals are net of refunds.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/donations/offline" className={buttonClasses("secondary", "md")}>
            Offline gifts
          </Link>
          <button
            type="button"
            onClick={exportCsv}
            disabled={exporting || !summary}
            className={buttonClasses("secondary", "md")}
          >
            {exporting ? "Exporting..." : "Export CSV"}
          </button>
        </div>
      </div>

      {summary === null ? (
        <p className="mt-8 text-muted">Loading donations...</p>
      ) : (
        <>
          <dl className="mt-6 grid grid-cols-3 gap-2 sm:gap-4">
            {tiles?.map((tile) => (
              <div key={tile.label} className="rounded-2xl border border-black/10 bg-white p-3 shadow-sm sm:p-5">
                <dt className="text-xs font-medium text-muted sm:text-sm">{tile.label}</dt>
                <dd className="mt-1 text-xl font-bold text-brand sm:text-3xl">{tile.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-muted">
            Card gifts net of refunds and offline gifts at their dollar value (birr at the day's rate), in US dollars.
            Test gifts count in no total.
          </p>
          {summary.atRiskMonthly > 0 && (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-orange-300 bg-orange-50 px-4 py-3">
              <p className="font-medium text-orange-950">
                {summary.atRiskMonthly === 1
                  ? "1 monthly gift is at risk: its last payment failed."
                  : `${summary.atRiskMonthly} monthly gifts are at risk: their last payment failed.`}{" "}
                The donors were e-mailed a link to update their card; the card provider retries.
              </p>
              <button
                type="button"
                onClick={() => list.set({ status: "payment_failed" })}
                className={buttonClasses("secondary", "sm")}
              >
                Show at-risk gifts
              </button>
            </div>
          )}

          {report && <GivingDashboard report={report} />}
          <DonorRetentionPanel />
          <YearStatementsPanel />

          <h2 className="mt-10 text-xl font-bold">Ledger</h2>
          <div className="mt-3">
            <ListSearch list={list} id="ledger-search" label="Search donors" />
          </div>
          <fieldset className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3">
            <legend className="sr-only">Filter the ledger</legend>
            <ListFilter {...filter("period")} label="Period" choices={LEDGER_PERIODS} />
            <ListFilter
              {...filter("fund")}
              label="For"
              choices={[
                ["all", "Every need"],
                ["none", WHERE_MOST_NEEDED],
                ...funds.map((f) => [f.id, f.title] as const),
              ]}
            />
            <ListFilter
              {...filter("method")}
              label="Method"
              choices={[
                ["all", "Card and offline"],
                ["card", "Card"],
                ["offline", "Offline"],
              ]}
            />
            <ListFilter
              {...filter("paidWith")}
              label="Paid with"
              choices={[["all", "Any way"], ...Object.entries(PAID_WITH_LABELS)]}
            />
            <ListFilter
              {...filter("status")}
              label="Status"
              choices={[
                ["all", "Any status"],
                ...DONATION_STATUSES.map((s) => [s, s.replace("_", " ")] as const),
                ["received", "received (offline)"],
              ]}
            />
            <ListFilter
              {...filter("gifts")}
              label="Real or test"
              choices={[
                ["all", "Real and test gifts"],
                ["real", "Real gifts"],
                ["test", "Test gifts"],
              ]}
            />
          </fieldset>

          <ListBody
            list={list}
            footer={<ListPager list={list} noun="donations" />}
            loadingText="Loading donations..."
            narrowed={narrowed}
            empty={
              <EmptyState title="No donations yet">
                Card donations appear here as soon as donors give through the website.
              </EmptyState>
            }
            noMatch={<p className="mt-6 text-muted">No donations match these filters.</p>}
          >
            <table className="mt-6 hidden w-full overflow-hidden rounded-2xl bg-white text-left shadow-sm md:table">
              <thead className="border-b border-black/10 bg-gray-50 text-sm text-muted">
                <tr>
                  {["Date", "Donor", "Amount", "Status", "Received"].map((heading) => (
                    <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-black/5">
                {rows.map((row) => (
                  <tr key={row.key} className="align-top">
                    <td className="whitespace-nowrap px-4 py-3">{day(row.date)}</td>
                    <td className="px-4 py-3">
                      <Donor row={row} />
                    </td>
                    <td className="px-4 py-3">
                      <Amount row={row} fund={fundTitle(row.fundId)} />
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge status={row.status} />
                    </td>
                    <td className="px-4 py-3 text-sm">
                      {row.received}
                      <div className="mt-1">
                        <ReceiptActions receiptId={row.receiptId} label={row.donorEmail ?? "this gift"} />
                        <BirrActions row={row} onDone={list.reload} />
                        <TestGiftDelete row={row} onDone={list.reload} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>

            <ul className="mt-6 space-y-3 md:hidden" aria-label="Donations">
              {rows.map((row) => (
                <li key={row.key} className="rounded-2xl bg-white p-4 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <Amount row={row} fund={fundTitle(row.fundId)} />
                    </div>
                    <StatusBadge status={row.status} />
                  </div>
                  <div className="mt-2">
                    <Donor row={row} />
                  </div>
                  <p className="mt-2 text-sm text-muted">
                    {day(row.date)} · {row.received}
                  </p>
                  <div className="mt-2">
                    <ReceiptActions receiptId={row.receiptId} label={row.donorEmail ?? "this gift"} />
                    <BirrActions row={row} onDone={list.reload} />
                    <TestGiftDelete row={row} onDone={list.reload} />
                  </div>
                </li>
              ))}
            </ul>
          </ListBody>
        </>
      )}
    </div>
  );
}
