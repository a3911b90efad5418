import type { FastifyInstance } from "fastify";
import { actorOf } from "../plugins/access.ts";

/** Donor receipts for staff (Administrators): resend one, or download its PDF. */
export default async function receiptsRoutes(app: FastifyInstance) {
  const { receipts, yearStatements } = app.services;

  app.post<{ Params: { id: string } }>("/api/receipts/:id/resend", async (request, reply) => {
    await receipts.resend(request.params.id, actorOf(request));
    return reply.code(204).send();
  });

  // Receipts of deleted gifts: void, numbers kept (the year's sequence has no gap).
  app.get("/api/receipts/void", async () => receipts.listVoided());

  app.get<{ Params: { id: string } }>("/api/receipts/:id/pdf", async (request, reply) => {
    const { number, pdf } = await receipts.pdf(request.params.id);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="receipt-${number}.pdf"`)
      .header("cache-control", "no-store")
      .send(pdf);
  });

  // Year-end statements: one per donor e-mail of a year.
  app.get<{ Params: { year: string } }>("/api/statements/:year", async (request) =>
    yearStatements.list(request.params.year),
  );

  app.get<{ Params: { year: string }; Querystring: { email?: string } }>(
    "/api/statements/:year/pdf",
    async (request, reply) => {
      const pdf = await yearStatements.pdf(request.params.year, String(request.query.email ?? ""));
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="giving-statement-${request.params.year}.pdf"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  );

  app.post<{ Params: { year: string } }>("/api/statements/:year/send", async (request, reply) =>
    reply.code(202).send(await yearStatements.sendAll(request.params.year, actorOf(request))),
  );

  app.get<{ Params: { batch: string } }>("/api/statements/runs/:batch", async (request) =>
    yearStatements.progress(request.params.batch),
  );
}
