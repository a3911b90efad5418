import type { FastifyInstance } from "fastify";
import { bearerToken } from "../plugins/access.ts";

export default async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;

  app.post("/api/admin/login", { config: { access: "public" } }, async (request) => {
    return auth.login(request.body, request.ip);
  });

  app.get("/api/admin/me", async (request) => {
    return { email: request.admin?.email };
  });

  app.post("/api/admin/logout", async (request, reply) => {
    const token = bearerToken(request);
    if (token) await auth.logout(token);
    return reply.code(204).send();
  });
}
