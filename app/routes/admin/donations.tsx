import { format } from "date-fns";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { Donation, DonationLedger } from "../../../core/donations/donations.schema";
import { formatMoney } from "../../../core/money/money";
import { ReceiptActions } from "../../components/admin/donations/receipt-actions";
import { EmptyState } from "../../components/admin/empty-state";
import { buttonClasses } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { downloadFile } from "../../lib/download-file";

export const meta = () => adminMeta("Donations");

const STATUS_STYLES: Record<Donation["status"], string> = {
  paid: "bg-green-100 text-green-800",
  pending: "bg-yellow-100 text-yellow-800",
  refunded: "bg-red-100 text-red-800",
  canceled: "bg-gray-200 text-gray-700",
};

const day = (iso: string) => format(new Date(iso), "MMM d, yyyy");

function StatusBadge({ status }: { status: Donation["status"] }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLES[status]}`}>
      {status}
    </span>
  );
}

function Donor({ donation }: { donation: Donation }) {
  if (!donation.donorName && !donation.donorEmail) return <span className="text-muted">No details given</span>;
  return (
    <>
      {donation.donorName && <span className="block font-medium">{donation.donorName}</span>}
      {donation.donorEmail && <span className="block break-all text-sm text-muted">{donation.donorEmail}</span>}
    </>
  );
}

function Amount({ donation }: { donation: Donation }) {
  return (
    <>
      <span className="font-semibold">{formatMoney(donation.amountCents, donation.currency)}</span>
      <span className="text-sm text-muted">{donation.frequency === "monthly" ? " monthly" : " one-time"}</span>
      {donation.provider === "sandbox" && (
        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800">Test</span>
      )}
    </>
  );
}

const received = (donation: Donation) =>
  donation.paymentCount === 0
    ? "—"
    : `${formatMoney(donation.receivedCents, donation.currency)} in ${donation.paymentCount} payment${donation.paymentCount === 1 ? "" : "s"}`;

export default function AdminDonations() {
  const [ledger, setLedger] = useState<DonationLedger | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    api<DonationLedger>("/api/donations")
      .then(setLedger)
      .catch(() => {
        toast.error("Failed to fetch donations.");
        setLedger({
          donations: [],
          totals: { currency: "usd", thisMonthCents: 0, last12MonthsCents: 0, activeMonthlyDonors: 0 },
        });
      });
  }, []);

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

  const totals = ledger?.totals;
  const tiles = totals && [
    { label: "This month", value: formatMoney(totals.thisMonthCents, totals.currency) },
    { label: "Last 12 months", value: formatMoney(totals.last12MonthsCents, totals.currency) },
    { label: "Active monthly donors", value: String(totals.activeMonthlyDonors) },
  ];

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Donations</h1>
          <p className="mt-1 text-sm text-muted">
            Card donations as the card provider confirms them. Totals are net of refunds.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/donations/offline" className={buttonClasses("secondary", "md")}>
            Offline gifts
          </Link>
          <button
            type="button"
            onClick={exportCsv}
            disabled={exporting || !ledger?.donations.length}
            className={buttonClasses("secondary", "md")}
          >
            {exporting ? "Exporting..." : "Export CSV"}
          </button>
        </div>
      </div>

      {ledger === null ? (
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

          {ledger.donations.length === 0 ? (
            <EmptyState title="No donations yet">
              Card donations appear here as soon as donors give through the website.
            </EmptyState>
          ) : (
            <>
              <table className="mt-8 hidden w-full overflow-hidden rounded-2xl bg-white text-left shadow-sm md:table">
                <thead className="border-b border-black/10 bg-gray-50 text-sm text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Date
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Donor
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Amount
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Received
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-black/5">
                  {ledger.donations.map((donation) => (
                    <tr key={donation._id} className="align-top">
                      <td className="whitespace-nowrap px-4 py-3">{day(donation.paidAt ?? donation.createdAt)}</td>
                      <td className="px-4 py-3">
                        <Donor donation={donation} />
                      </td>
                      <td className="whitespace-nowrap px-4 py-3">
                        <Amount donation={donation} />
                      </td>
                      <td className="px-4 py-3">
                        <StatusBadge status={donation.status} />
                      </td>
                      <td className="px-4 py-3 text-sm">
                        {received(donation)}
                        <div className="mt-1">
                          <ReceiptActions receiptId={donation.receiptId} label={donation.donorEmail ?? "this gift"} />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>

              <ul className="mt-6 space-y-3 md:hidden" aria-label="Donations">
                {ledger.donations.map((donation) => (
                  <li key={donation._id} className="rounded-2xl bg-white p-4 shadow-sm">
                    <div className="flex items-start justify-between gap-3">
                      <div>
                        <Amount donation={donation} />
                      </div>
                      <StatusBadge status={donation.status} />
                    </div>
                    <div className="mt-2">
                      <Donor donation={donation} />
                    </div>
                    <p className="mt-2 text-sm text-muted">
                      {day(donation.paidAt ?? donation.createdAt)} · {received(donation)}
                    </p>
                    <div className="mt-2">
                      <ReceiptActions receiptId={donation.receiptId} label={donation.donorEmail ?? "this gift"} />
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
