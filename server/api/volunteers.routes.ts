import type { FastifyInstance } from "fastify";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

export default async function volunteersRoutes(app: FastifyInstance) {
  const { volunteers } = app.services;

  app.post("/api/volunteer", { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } }, async (request, reply) => {
    await volunteers.submit(request.body);
    return reply.code(201).send({ message: "Application received" });
  });

  app.get("/api/volunteer", async () => volunteers.list());

  app.put("/api/volunteer/status", async (request) => volunteers.setStatus(request.body));

  app.delete("/api/volunteer", async (request) => volunteers.remove(request.body));
}
