import type { FastifyInstance } from "fastify";
import { INBOX } from "../../core/access/roles.ts";
import { csvAttachment } from "../../core/shared/csv.ts";
import { actorOf } from "../plugins/access.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

interface IdParams {
  id: string;
}

export default async function messagesRoutes(app: FastifyInstance) {
  const { messages, clock } = app.services;

  app.post("/api/messages", { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } }, async (request, reply) => {
    await messages.send(request.body);
    return reply.code(201).send({ message: "Message received" });
  });

  app.get("/api/messages/admin", { config: { roles: INBOX } }, async () => messages.list());

  app.get("/api/messages/export.csv", { config: { roles: INBOX } }, async (request, reply) => {
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", csvAttachment("messages", clock()))
      .header("cache-control", "no-store")
      .send(messages.exportCsv(actorOf(request)));
  });

  /** For the sidebar badge. */
  app.get("/api/messages/admin/unread-count", { config: { roles: INBOX } }, async () => ({
    count: await messages.unreadCount(),
  }));

  app.put<{ Params: IdParams }>("/api/messages/admin/:id", { config: { roles: INBOX } }, async (request) =>
    messages.setRead(request.params.id, request.body, actorOf(request)),
  );

  app.delete<{ Params: IdParams }>("/api/messages/admin/:id", { config: { roles: INBOX } }, async (request, reply) => {
    await messages.remove(request.params.id, actorOf(request));
    return reply.code(204).send();
  });
}
