import type { FastifyInstance } from "fastify";
import { INBOX } from "../../core/access/roles.ts";
import { csvAttachment } from "../../core/shared/csv.ts";
import { actorOf } from "../plugins/access.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

export default async function volunteersRoutes(app: FastifyInstance) {
  const { volunteers, clock } = app.services;

  app.post("/api/volunteer", { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } }, async (request, reply) => {
    await volunteers.submit(request.body);
    return reply.code(201).send({ message: "Application received" });
  });

  app.get("/api/volunteer", { config: { roles: INBOX } }, async () => volunteers.list());

  app.get("/api/volunteer/export.csv", { config: { roles: INBOX } }, async (request, reply) => {
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", csvAttachment("volunteers", clock()))
      .header("cache-control", "no-store")
      .send(volunteers.exportCsv(actorOf(request)));
  });

  // The dashboard's figure, without downloading every application to count them.
  app.get("/api/volunteer/pending-count", { config: { roles: INBOX } }, async () => ({
    count: await volunteers.pendingCount(),
  }));

  app.put("/api/volunteer/status", { config: { roles: INBOX } }, async (request) =>
    volunteers.setStatus(request.body, actorOf(request)),
  );

  app.delete("/api/volunteer", { config: { roles: INBOX } }, async (request) =>
    volunteers.remove(request.body, actorOf(request)),
  );
}
