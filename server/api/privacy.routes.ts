import type { FastifyInstance } from "fastify";
import { actorOf } from "../plugins/access.ts";

/**
 * Admin → Privacy (docs/decisions/0680): the retention periods with what the next run removes, the
 * records of processing and the breach register. Administrators only (no `roles`: deny by default).
 */
export default async function privacyRoutes(app: FastifyInstance) {
  const { retention, breaches } = app.services;

  app.get("/api/admin/retention", async () => ({ rules: await retention.preview() }));

  app.put("/api/admin/retention", async (request) => ({
    rules: await retention.update(request.body, actorOf(request)),
  }));

  app.get("/api/admin/records-of-processing", async () => ({ records: await retention.records() }));

  app.get("/api/admin/breaches", async () => ({ breaches: await breaches.list() }));

  app.post("/api/admin/breaches", async (request, reply) =>
    reply.code(201).send(await breaches.record(request.body, actorOf(request))),
  );

  app.put<{ Params: { id: string } }>("/api/admin/breaches/:id", async (request) =>
    breaches.setSteps(request.params.id, request.body, actorOf(request)),
  );

  // The letter to the people affected: a newsletter draft, then sent through the outbox (docs/decisions/0861).
  app.post<{ Params: { id: string } }>("/api/admin/breaches/:id/letter", async (request) =>
    breaches.draftLetter(request.params.id, actorOf(request)),
  );
  app.post<{ Params: { id: string } }>("/api/admin/breaches/:id/inform", async (request) =>
    breaches.informPeople(request.params.id, actorOf(request)),
  );
  app.get<{ Params: { id: string } }>("/api/admin/breaches/:id/people", async (request) =>
    breaches.people(request.params.id),
  );
}
