import type { FastifyInstance } from "fastify";
import { RESET_REQUESTED_MESSAGE } from "../../core/auth/password-reset.schema.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

/** Per address: a few tries for a person who mistyped, too few to flood anyone or probe many accounts. */
export const RESET_REQUEST_LIMIT = { max: 5, timeWindow: "15 minutes" } as const;

/** "Forgot password?": public, since the person cannot sign in. */
export default async function passwordResetRoutes(app: FastifyInstance) {
  const { passwordResets } = app.services;

  app.post(
    "/api/admin/password-reset",
    { config: { access: "public", rateLimit: RESET_REQUEST_LIMIT }, bodyLimit: 4096 },
    async (request, reply) => {
      await passwordResets.request(request.body);
      return reply.code(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    "/api/admin/password-reset/check",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT }, bodyLimit: 4096 },
    async (request) => passwordResets.check(request.body),
  );

  app.post(
    "/api/admin/password-reset/complete",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT }, bodyLimit: 4096 },
    async (request, reply) => {
      await passwordResets.complete(request.body, request.ip);
      return reply.code(204).send();
    },
  );
}
