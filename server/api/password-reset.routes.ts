import type { FastifyInstance } from "fastify";
import { RESET_REQUESTED_MESSAGE } from "../../core/auth/password-reset.schema.ts";
import { PASSWORD_RESET_LINKS } from "../../core/auth/password-reset.service.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

/** "Forgot password?": public, since the person cannot sign in. */
export default async function passwordResetRoutes(app: FastifyInstance) {
  const { passwordResets } = app.services;

  app.post(
    "/api/admin/password-reset",
    { config: { access: "public", rateLimit: PASSWORD_RESET_LINKS.perAsker }, bodyLimit: 4096 },
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
