import type { FastifyInstance } from "fastify";
import { csvAttachment } from "../../core/shared/csv.ts";
import { actorOf } from "../plugins/access.ts";

/** The donations ledger for staff (admin only, by the central guard). */
export default async function donationsRoutes(app: FastifyInstance) {
  const { donations, reports, donorRetention, clock } = app.services;

  app.get("/api/donations", async () => donations.ledger());

  // The dashboard above the ledger (docs/decisions/0324-giving-dashboard.md).
  app.get("/api/donations/report", async () => reports.giving());

  // Birr gifts (docs/decisions/0660): ask Chapa again about a pending one; record one refunded in
  // Chapa's dashboard. Both audited.
  app.post<{ Params: { id: string } }>("/api/donations/:id/verify", async (request) => ({
    outcome: await donations.reverify(request.params.id, actorOf(request)),
  }));
  app.post<{ Params: { id: string } }>("/api/donations/:id/refunded", async (request) => {
    await donations.markRefunded(request.params.id, actorOf(request));
    return { ok: true };
  });

  // Test gifts (docs/decisions/0760-test-gifts-count-nowhere.md): an Administrator may delete one; audited.
  app.delete<{ Params: { id: string } }>("/api/donations/:id", async (request) => {
    await donations.deleteTestGift(request.params.id, actorOf(request));
    return { ok: true };
  });

  // Retained, new, recaptured and lapsed donors per year (docs/decisions/0701-donor-retention.md).
  app.get("/api/donations/retention", async () => ({ years: await donorRetention.years() }));

  app.get<{ Querystring: { year?: string } }>("/api/donations/retention/lapsed.csv", async (request, reply) => {
    const csv = donorRetention.lapsedCsv(request.query.year, actorOf(request));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", csvAttachment(`lapsed-donors-${request.query.year}`, clock()))
      .header("cache-control", "no-store")
      .send(csv);
  });

  app.get("/api/donations/export.csv", async (request, reply) => {
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", csvAttachment("donations", clock()))
      .header("cache-control", "no-store")
      .send(donations.exportCsv(actorOf(request)));
  });
}
