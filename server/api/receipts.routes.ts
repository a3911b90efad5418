import type { FastifyInstance } from "fastify";
import { actorOf } from "../plugins/access.ts";

/** Donor receipts for staff (Administrators): resend one, or download its PDF. */
export default async function receiptsRoutes(app: FastifyInstance) {
  const { receipts } = app.services;

  app.post<{ Params: { id: string } }>("/api/receipts/:id/resend", async (request, reply) => {
    await receipts.resend(request.params.id, actorOf(request));
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>("/api/receipts/:id/pdf", async (request, reply) => {
    const { number, pdf } = await receipts.pdf(request.params.id);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="receipt-${number}.pdf"`)
      .header("cache-control", "no-store")
      .send(pdf);
  });
}
