import { type CsvColumn, toCsv } from "../shared/csv.ts";
import type { Donation } from "./donations.schema.ts";

const dollars = (cents: number) => (cents / 100).toFixed(2);

const CSV_COLUMNS: CsvColumn<Donation>[] = [
  { header: "Created", value: (d) => d.createdAt },
  { header: "Paid", value: (d) => d.paidAt },
  { header: "Donor email", value: (d) => d.donorEmail },
  { header: "Donor name", value: (d) => d.donorName },
  { header: "Amount", value: (d) => dollars(d.amountCents) },
  { header: "Currency", value: (d) => d.currency.toUpperCase() },
  { header: "Frequency", value: (d) => d.frequency },
  { header: "Status", value: (d) => d.status },
  { header: "Payments", value: (d) => d.paymentCount },
  { header: "Received (net of refunds)", value: (d) => dollars(d.receivedCents) },
  { header: "Provider", value: (d) => d.provider },
  { header: "Id", value: (d) => d._id },
];

/** The donations ledger as the CSV staff download. */
export const donationsCsv = (donations: Iterable<Donation>): string => toCsv(CSV_COLUMNS, donations);
