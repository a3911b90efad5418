import type { Donation } from "../../../../core/donations/donations.schema";
import { formatMoney } from "../../../../core/money/money";
import type { OfflineGift } from "../../../../core/offline-gifts/offline-gifts.schema";
import { GIFT_METHOD_LABELS } from "../../../../core/offline-gifts/offline-gifts.schema";

/** One line of the ledger: a card donation or an offline gift, in the terms the filters use. */
export interface LedgerRow {
  key: string;
  /** ISO timestamp or 'yyyy-MM-dd': when the money came (or the checkout opened). */
  date: string;
  method: "card" | "offline";
  status: string;
  fundId: string | null;
  donorName: string | null;
  donorEmail: string | null;
  amount: string;
  detail: string;
  received: string;
  receiptId: string | null;
  test: boolean;
}

export const cardRow = (donation: Donation): LedgerRow => ({
  key: donation._id,
  date: donation.paidAt ?? donation.createdAt,
  method: "card",
  status: donation.status,
  fundId: donation.fundId,
  donorName: donation.donorName,
  donorEmail: donation.donorEmail,
  amount: formatMoney(donation.amountCents, donation.currency),
  detail: donation.frequency === "monthly" ? " monthly" : " one-time",
  received:
    donation.paymentCount === 0
      ? "—"
      : `${formatMoney(donation.receivedCents, donation.currency)} in ${donation.paymentCount} payment${donation.paymentCount === 1 ? "" : "s"}`,
  receiptId: donation.receiptId,
  test: donation.provider === "sandbox",
});

export const offlineRow = (gift: OfflineGift): LedgerRow => ({
  key: gift._id,
  date: gift.receivedOn,
  method: "offline",
  status: "received",
  fundId: gift.fundId,
  donorName: gift.donorName,
  donorEmail: gift.donorEmail,
  amount: formatMoney(gift.amountMinor, gift.currency),
  detail: ` ${GIFT_METHOD_LABELS[gift.method].toLowerCase()}`,
  received: gift.currency === "usd" ? formatMoney(gift.usdCents) : `${formatMoney(gift.usdCents)} at ${gift.etbPerUsd}`,
  receiptId: gift.receiptId,
  test: false,
});

export const PERIODS = [
  ["all", "Any time"],
  ["month", "This month"],
  ["year", "This year"],
  ["12m", "Last 12 months"],
] as const;
export type Period = (typeof PERIODS)[number][0];

export interface LedgerFilters {
  period: Period;
  fund: string;
  method: string;
  status: string;
}

export const NO_FILTERS: LedgerFilters = { period: "all", fund: "all", method: "all", status: "all" };

function since(period: Period, now: Date): string {
  const year = now.getUTCFullYear();
  if (period === "month") return new Date(Date.UTC(year, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
  if (period === "year") return `${year}-01-01`;
  if (period === "12m")
    return new Date(Date.UTC(year - 1, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
  return "";
}

/** The rows a set of filters keeps, newest first. */
export function filterRows(rows: readonly LedgerRow[], filters: LedgerFilters, now = new Date()): LedgerRow[] {
  const from = since(filters.period, now);
  return rows
    .filter((row) => row.date.slice(0, 10) >= from)
    .filter((row) => filters.fund === "all" || (row.fundId ?? "none") === filters.fund)
    .filter((row) => filters.method === "all" || row.method === filters.method)
    .filter((row) => filters.status === "all" || row.status === filters.status)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
