import type { FastifyInstance } from "fastify";
import { INBOX } from "../../core/access/roles.ts";
import { csvAttachment } from "../../core/shared/csv.ts";
import { actorOf } from "../plugins/access.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

export default async function subscribersRoutes(app: FastifyInstance) {
  const { subscribers, clock } = app.services;

  app.post("/api/subscribe", { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } }, async (request, reply) => {
    await subscribers.subscribe(request.body);
    return reply.code(201).send({ message: "Subscribed" });
  });

  app.get("/api/subscribe", { config: { roles: INBOX } }, async () => subscribers.list());

  app.delete("/api/subscribe", { config: { roles: INBOX } }, async (request) =>
    subscribers.remove(request.body, actorOf(request)),
  );

  app.get("/api/subscribe/export.csv", { config: { roles: INBOX } }, async (request, reply) => {
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", csvAttachment("subscribers", clock()))
      .header("cache-control", "no-store")
      .send(await subscribers.exportCsv(actorOf(request)));
  });
}
