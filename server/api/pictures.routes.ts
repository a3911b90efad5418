import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { EDITORS } from "../../core/access/roles.ts";
import { parseInput } from "../../core/shared/validation.ts";
import { actorOf } from "../plugins/access.ts";

const RetrySchema = z.object({ url: z.string().min(1).max(2000) });

/**
 * Pictures whose smaller sizes could not be made, and trying again (ours, additive; docs/decisions/0730).
 * Editors and Administrators: the people who upload them.
 */
export default async function picturesRoutes(app: FastifyInstance) {
  const { pictures } = app.services;

  app.get("/api/admin/pictures/unprepared", { config: { roles: EDITORS } }, async () => ({
    pictures: await pictures.unprepared(),
  }));

  app.post("/api/admin/pictures/retry", { config: { roles: EDITORS } }, async (request, reply) => {
    await pictures.retry(parseInput(RetrySchema, request.body).url, actorOf(request));
    return reply.code(204).send();
  });
}
