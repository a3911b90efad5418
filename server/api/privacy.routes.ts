import type { FastifyInstance } from "fastify";
import { actorOf } from "../plugins/access.ts";

/**
 * Admin → Privacy (docs/decisions/0680): the retention periods with what the next run removes, and
 * the records of processing. Administrators only (no `roles`: deny by default).
 */
export default async function privacyRoutes(app: FastifyInstance) {
  const { retention } = app.services;

  app.get("/api/admin/retention", async () => ({ rules: await retention.preview() }));

  app.put("/api/admin/retention", async (request) => ({
    rules: await retention.update(request.body, actorOf(request)),
  }));

  app.get("/api/admin/records-of-processing", async () => ({ records: await retention.records() }));
}
