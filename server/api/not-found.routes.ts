import type { FastifyInstance } from "fastify";

/** Unknown /api paths answer JSON 404 instead of falling through to the page router. */
export default async function apiNotFoundRoutes(app: FastifyInstance) {
  app.all("/api/*", { config: { access: "public" } }, async (request, reply) => {
    return reply.code(404).send({ message: `No route for ${request.method} ${request.url.split("?")[0]}` });
  });
}
