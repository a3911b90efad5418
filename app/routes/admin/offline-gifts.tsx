import { useCallback, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { type Fund, WHERE_MOST_NEEDED } from "../../../core/funds/funds.schema";
import { formatMoney } from "../../../core/money/money";
import { GIFT_METHOD_LABELS, type OfflineGift, type Pledge } from "../../../core/offline-gifts/offline-gifts.schema";
import type { VoidReceipt } from "../../../core/receipts/receipts.service";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { OfflineGiftForm } from "../../components/admin/donations/offline-gift-form";
import { PledgeCard } from "../../components/admin/donations/pledge-card";
import { ReceiptActions } from "../../components/admin/donations/receipt-actions";
import { EmptyState } from "../../components/admin/empty-state";
import { adminMeta } from "../../lib/admin-meta";
import { api, errorMessage } from "../../lib/api-client";
import { downloadFile } from "../../lib/download-file";

export const meta = () => adminMeta("Offline gifts");

interface Data {
  gifts: OfflineGift[];
  pledges: Pledge[];
  funds: Fund[];
  voided: VoidReceipt[];
}

/** Gifts by bank, cash or cheque, and donors' transfer notices waiting to be confirmed
 * (docs/decisions/0322-offline-gifts-and-pledges.md). */
export default function OfflineGifts() {
  const [data, setData] = useState<Data | null>(null);
  const [editing, setEditing] = useState<OfflineGift | null>(null);

  const load = useCallback(() => {
    Promise.all([
      api<OfflineGift[]>("/api/offline-gifts"),
      api<Pledge[]>("/api/pledges"),
      api<Fund[]>("/api/funds"),
      api<VoidReceipt[]>("/api/receipts/void"),
    ])
      .then(([gifts, pledges, funds, voided]) => setData({ gifts, pledges, funds, voided }))
      .catch(() => toast.error("Failed to fetch offline gifts."));
  }, []);
  useEffect(load, [load]);

  async function remove(gift: OfflineGift) {
    const sure = await confirmInToast({
      message: gift.receiptId ? "Delete this gift? Its receipt stays, marked void." : "Delete this gift?",
      detail: `${formatMoney(gift.amountMinor, gift.currency)} on ${gift.receivedOn}`,
      confirmLabel: "Delete",
    });
    if (!sure) return;
    try {
      await api(`/api/offline-gifts/${gift._id}`, { method: "DELETE" });
      toast.success("Gift deleted.");
      load();
    } catch (error) {
      toast.error(errorMessage(error, "Could not delete the gift."));
    }
  }

  if (!data) return <p className="text-muted">Loading offline gifts...</p>;
  const fundTitle = (id: string | null) =>
    id ? (data.funds.find((fund) => fund.id === id)?.title ?? id) : WHERE_MOST_NEEDED;
  const pending = data.pledges.filter((pledge) => pledge.status === "pending");

  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <Link to="/admin/donations" className="text-sm font-semibold text-brand underline underline-offset-2">
          Back to donations
        </Link>
        <h1 className="mt-2 text-2xl font-bold">Offline gifts</h1>
        <p className="mt-1 text-sm text-muted">
          Gifts by bank transfer, cash or cheque, and the transfers donors told us about. Confirmed gifts count towards
          the need cards at once.
        </p>
      </div>

      <section aria-labelledby="pledges-heading">
        <h2 id="pledges-heading" className="text-lg font-bold">
          Transfer notices to confirm
        </h2>
        {pending.length === 0 ? (
          <p className="mt-2 text-muted">No transfer notices are waiting.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {pending.map((pledge) => (
              <PledgeCard key={pledge._id} pledge={pledge} funds={data.funds} onDecided={load} />
            ))}
          </ul>
        )}
      </section>

      <OfflineGiftForm
        funds={data.funds}
        editing={editing}
        onSaved={() => {
          setEditing(null);
          load();
        }}
        onCancel={() => setEditing(null)}
      />

      <section aria-labelledby="gifts-heading">
        <h2 id="gifts-heading" className="text-lg font-bold">
          Recorded offline gifts
        </h2>
        {data.gifts.length === 0 ? (
          <EmptyState title="No offline gifts yet">Gifts you record above appear here.</EmptyState>
        ) : (
          <ul className="mt-3 divide-y divide-black/5 rounded-2xl bg-white shadow-sm" aria-label="Offline gifts">
            {data.gifts.map((gift) => (
              <li key={gift._id} className="flex flex-wrap items-start justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {formatMoney(gift.amountMinor, gift.currency)}
                    {gift.currency !== "usd" && (
                      <span className="font-normal text-muted">
                        {" "}
                        = {formatMoney(gift.usdCents, "usd")} at {gift.etbPerUsd}
                      </span>
                    )}{" "}
                    · {fundTitle(gift.fundId)}
                  </p>
                  <p className="break-all text-sm text-muted">
                    {gift.receivedOn} · {GIFT_METHOD_LABELS[gift.method]}
                    {gift.donorName && ` · ${gift.donorName}`}
                    {gift.donorEmail && ` · ${gift.donorEmail}`}
                    {gift.reference && ` · ${gift.reference}`}
                  </p>
                  <p className="text-xs text-muted">
                    Recorded by {gift.createdBy}
                    {gift.updatedAt !== gift.createdAt &&
                      `, last changed by ${gift.updatedBy} on ${gift.updatedAt.slice(0, 10)}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <ReceiptActions receiptId={gift.receiptId} label={`gift of ${gift.receivedOn}`} />
                  <button
                    type="button"
                    onClick={() => setEditing(gift)}
                    className="rounded-full px-3 py-1 text-sm font-semibold text-brand ring-1 ring-brand/40 hover:bg-brand-light"
                  >
                    Edit<span className="sr-only"> gift of {gift.receivedOn}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => remove(gift)}
                    className="rounded-full px-3 py-1 text-sm font-semibold text-red-700 ring-1 ring-red-300 hover:bg-red-50"
                  >
                    Delete<span className="sr-only"> gift of {gift.receivedOn}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {data.voided.length > 0 && (
        <section aria-labelledby="void-heading">
          <h2 id="void-heading" className="text-lg font-bold">
            Void receipts
          </h2>
          <p className="mt-1 text-sm text-muted">
            Receipts of deleted gifts keep their numbers, so each year's numbers have no gaps; they count nowhere.
          </p>
          <ul className="mt-3 divide-y divide-black/5 rounded-2xl bg-white shadow-sm" aria-label="Void receipts">
            {data.voided.map((receipt) => (
              <li key={receipt._id} className="flex flex-wrap items-start justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-semibold">
                    Receipt {receipt.number} · <span className="text-red-700">void</span> ·{" "}
                    {formatMoney(receipt.amountMinor, receipt.currency)}
                  </p>
                  <p className="break-all text-sm text-muted">
                    Gift of {receipt.giftDate} · {receipt.donorEmail} · deleted
                    {receipt.voidedBy && ` by ${receipt.voidedBy}`} on {receipt.voidedAt.slice(0, 10)}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() =>
                    downloadFile(`/api/receipts/${receipt._id}/pdf`).catch(() =>
                      toast.error("Could not download the receipt."),
                    )
                  }
                  className="rounded-full px-3 py-1 text-sm font-semibold text-brand ring-1 ring-brand/40 hover:bg-brand-light"
                >
                  Receipt {receipt.number} (PDF)
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
