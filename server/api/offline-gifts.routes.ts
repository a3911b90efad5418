import type { FastifyInstance } from "fastify";
import { actorOf } from "../plugins/access.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

/**
 * Offline gifts (docs/decisions/0322-offline-gifts-and-pledges.md). Staff (Administrators, like the ledger) record, edit and delete offline gifts and
 * decide donors' transfer notices; a visitor sends a notice from the pop-up's Local tab.
 */
export default async function offlineGiftsRoutes(app: FastifyInstance) {
  const { offlineGifts } = app.services;

  app.get("/api/offline-gifts", async () => offlineGifts.list());

  app.post<{ Body: unknown }>("/api/offline-gifts", async (request, reply) =>
    reply.code(201).send(await offlineGifts.create(request.body, actorOf(request))),
  );

  app.put<{ Params: { id: string }; Body: unknown }>("/api/offline-gifts/:id", async (request) =>
    offlineGifts.update(request.params.id, request.body, actorOf(request)),
  );

  app.delete<{ Params: { id: string } }>("/api/offline-gifts/:id", async (request, reply) => {
    await offlineGifts.remove(request.params.id, actorOf(request));
    return reply.code(204).send();
  });

  app.post("/api/pledges", { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } }, async (request, reply) =>
    reply.code(201).send(await offlineGifts.pledge(request.body)),
  );

  app.get("/api/pledges", async () => offlineGifts.listPledges());

  app.post<{ Params: { id: string }; Body: unknown }>("/api/pledges/:id/confirm", async (request) =>
    offlineGifts.confirmPledge(request.params.id, request.body, actorOf(request)),
  );

  app.post<{ Params: { id: string } }>("/api/pledges/:id/dismiss", async (request, reply) => {
    await offlineGifts.dismissPledge(request.params.id, actorOf(request));
    return reply.code(204).send();
  });
}
