import type { FastifyInstance } from "fastify";
import type { Donation } from "../../core/donations/donations.schema.ts";
import { type CsvColumn, csvAttachment, toCsv } from "../../core/shared/csv.ts";

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

/** The donations ledger for staff (admin only, by the central guard). */
export default async function donationsRoutes(app: FastifyInstance) {
  const { donations, clock } = app.services;

  app.get("/api/donations", async () => donations.ledger());

  app.get("/api/donations/export.csv", async (_request, reply) => {
    const { donations: rows } = await donations.ledger();
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", csvAttachment("donations", clock()))
      .header("cache-control", "no-store")
      .send(toCsv(CSV_COLUMNS, rows));
  });
}
