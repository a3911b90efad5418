import type { FastifyInstance } from "fastify";
import { ANY_STAFF } from "../../core/access/roles.ts";
import { actorOf, bearerToken } from "../plugins/access.ts";

/** A staff member's own account: every role may use these, and only on themselves. */
export default async function accountRoutes(app: FastifyInstance) {
  const { account } = app.services;
  const self = (request: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(request);
    return { actor: { ...actor, id: actor.id as string }, token: bearerToken(request) as string };
  };

  app.get("/api/admin/account/sessions", { config: { roles: ANY_STAFF } }, async (request) => {
    const { actor, token } = self(request);
    return account.sessions(actor.id, token);
  });

  app.delete<{ Params: { id: string } }>(
    "/api/admin/account/sessions/:id",
    { config: { roles: ANY_STAFF } },
    async (request, reply) => {
      await account.endSession(self(request).actor, request.params.id);
      return reply.code(204).send();
    },
  );

  app.put("/api/admin/account/password", { config: { roles: ANY_STAFF } }, async (request, reply) => {
    const { actor, token } = self(request);
    await account.changePassword(actor, token, request.body);
    return reply.code(204).send();
  });
}
