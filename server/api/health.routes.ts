import type { FastifyInstance } from "fastify";
import { sql } from "kysely";

export default async function healthRoutes(app: FastifyInstance) {
  app.get("/api/health", { config: { access: "public" } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.services.database.db);
      return { status: "ok", database: app.services.database.dialect };
    } catch {
      return reply.code(503).send({ message: "Database unreachable." });
    }
  });
}
