import { type Donation, PAID_WITH_LABELS, type PaidWith } from "../../../../core/donations/donations.schema";
import type { LedgerEntry } from "../../../../core/donations/ledger.schema";
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
  /** A test gift (no money behind it): labelled, counted nowhere, and an Administrator may delete it. */
  test: boolean;
  /** How it was paid, for people ("telebirr", "CBE Birr", "Card"); empty when not known yet. */
  paidWith: string;
  /** A pending gift staff may ask Chapa about again. */
  canReverify: boolean;
  /** A paid birr gift staff may mark refunded (refunds are made in Chapa's dashboard). */
  canMarkRefunded: boolean;
  /** "In memory of Abebe (card to Hanna)": the gift's tribute; empty: none. */
  tribute: string;
}

/**
 * A birr gift's dollar value beside it; one paid before staff set a rate says so, and counts once a
 * rate is published (decision note 0740).
 */
function dollarNote(donation: Donation): string {
  if (donation.currency === "usd") return "";
  if (donation.receivedUsdCents === null) return " (no dollar rate yet)";
  return ` (${formatMoney(donation.receivedUsdCents)} at ${donation.etbPerUsd})`;
}

/** What the donor added to cover the fees, kept apart from the gift (decision note 0830). */
const feeCoverNote = (cents: number, currency: string): string =>
  cents > 0 ? ` + ${formatMoney(cents, currency)} to cover fees` : "";

export const cardRow = (donation: Donation): LedgerRow => ({
  key: donation._id,
  date: donation.paidAt ?? donation.createdAt,
  method: "card",
  status: donation.status,
  fundId: donation.fundId,
  donorName: donation.donorName,
  donorEmail: donation.donorEmail,
  amount: formatMoney(donation.amountCents, donation.currency),
  detail: `${donation.frequency === "monthly" ? " monthly" : " one-time"}${feeCoverNote(donation.feeCoverCents, donation.currency)}`,
  received:
    donation.paymentCount === 0
      ? "—"
      : `${formatMoney(donation.receivedCents, donation.currency)} in ${donation.paymentCount} payment${donation.paymentCount === 1 ? "" : "s"}${feeCoverNote(donation.receivedFeeCoverCents, donation.currency)}${dollarNote(donation)}`,
  receiptId: donation.receiptId,
  test: donation.test,
  paidWith: donation.method && donation.method in PAID_WITH_LABELS ? PAID_WITH_LABELS[donation.method as PaidWith] : "",
  canReverify: donation.currency === "etb" && donation.status === "pending",
  canMarkRefunded: donation.currency === "etb" && donation.status === "paid",
  tribute: tributeNote(donation),
});

function tributeNote({ tribute }: Donation): string {
  if (!tribute) return "";
  if (!tribute.notifyEmail) return tribute.line;
  const to = tribute.notifyName ? `${tribute.notifyName} <${tribute.notifyEmail}>` : tribute.notifyEmail;
  return `${tribute.line} (card ${tribute.cardQueuedAt ? "sent" : "to send"} to ${to})`;
}

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
  paidWith: "",
  canReverify: false,
  canMarkRefunded: false,
  tribute: "",
});

/** A ledger entry as the table shows it. */
export const ledgerRow = (entry: LedgerEntry): LedgerRow =>
  entry.method === "card" ? cardRow(entry.donation) : offlineRow(entry.gift);
