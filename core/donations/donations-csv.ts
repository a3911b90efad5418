import { toMajorDecimal } from "../money/money.ts";
import { GIFT_METHOD_LABELS, type GiftMethod, type OfflineGift } from "../offline-gifts/offline-gifts.schema.ts";
import type { CsvColumn } from "../shared/csv.ts";
import type { Donation } from "./donations.schema.ts";

/**
 * One line of the export: a card donation or an offline gift. Amounts are in the row's own currency;
 * "USD value" is the dollars it counts for (a birr gift at the rate staff entered), so a column of
 * dollars never mixes in unconverted birr.
 */
export interface ExportRow {
  created: string;
  paid: string | null;
  donorEmail: string | null;
  donorName: string | null;
  amountMinor: number;
  currency: string;
  frequency: string;
  status: string;
  payments: number;
  receivedMinor: number;
  /** Added to cover the fees and received with it (decision 0830), in the row's currency; 0: none. */
  feeCoverMinor: number;
  provider: string;
  id: string;
  method: string;
  fund: string;
  etbPerUsd: string | null;
  /** In US cents; null when the row's money is not dollars and has no rate (a birr gift paid before one was set). */
  usdCents: number | null;
}

/** The ledger export's columns: card donations, then offline gifts. */
export const DONATION_CSV_COLUMNS: CsvColumn<ExportRow>[] = [
  { header: "Created", value: (r) => r.created },
  { header: "Paid", value: (r) => r.paid },
  { header: "Donor email", value: (r) => r.donorEmail },
  { header: "Donor name", value: (r) => r.donorName },
  { header: "Amount", value: (r) => toMajorDecimal(r.amountMinor, r.currency) },
  { header: "Currency", value: (r) => r.currency.toUpperCase() },
  { header: "Frequency", value: (r) => r.frequency },
  { header: "Status", value: (r) => r.status },
  { header: "Payments", value: (r) => r.payments },
  { header: "Received (net of refunds)", value: (r) => toMajorDecimal(r.receivedMinor, r.currency) },
  { header: "Provider", value: (r) => r.provider },
  { header: "Id", value: (r) => r.id },
  { header: "Method", value: (r) => r.method },
  { header: "For", value: (r) => r.fund },
  { header: "ETB per USD", value: (r) => r.etbPerUsd },
  { header: "USD value", value: (r) => (r.usdCents === null ? null : toMajorDecimal(r.usdCents, "usd")) },
  // Last, so the columns before keep their places: the gift's figures above leave it out.
  { header: "Fee cover received", value: (r) => toMajorDecimal(r.feeCoverMinor, r.currency) },
];

/** `fund`: the title of the need the gift is for. */
export const cardExportRow = (d: Donation, fund: string): ExportRow => ({
  created: d.createdAt,
  paid: d.paidAt,
  donorEmail: d.donorEmail,
  donorName: d.donorName,
  amountMinor: d.amountCents,
  currency: d.currency,
  frequency: d.frequency,
  status: d.status,
  payments: d.paymentCount,
  receivedMinor: d.receivedCents,
  feeCoverMinor: d.receivedFeeCoverCents,
  provider: d.provider,
  id: d._id,
  method: d.method ?? "card",
  fund,
  etbPerUsd: d.etbPerUsd,
  usdCents: d.receivedUsdCents,
});

export const offlineExportRow = (g: OfflineGift, fund: string): ExportRow => ({
  created: g.createdAt,
  paid: g.receivedOn,
  donorEmail: g.donorEmail,
  donorName: g.donorName,
  amountMinor: g.amountMinor,
  currency: g.currency,
  frequency: "offline",
  status: "received",
  payments: 1,
  receivedMinor: g.amountMinor,
  feeCoverMinor: 0,
  provider: "",
  id: g._id,
  method: GIFT_METHOD_LABELS[g.method as GiftMethod].toLowerCase(),
  fund,
  etbPerUsd: g.etbPerUsd,
  usdCents: g.usdCents,
});
