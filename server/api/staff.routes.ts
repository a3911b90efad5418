import type { FastifyInstance } from "fastify";
import { actorOf } from "../plugins/access.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

type IdParams = { Params: { id: string } };

/**
 * Staff accounts and invitations (core/staff). Every staff route here names no roles: Administrators
 * only. The two invitation-link routes are public: the invitee has no account yet, and the link's
 * token is their proof.
 */
export default async function staffRoutes(app: FastifyInstance) {
  const { staff } = app.services;

  app.get("/api/admin/staff", async () => staff.overview());

  app.post("/api/admin/staff/invitations", async (request, reply) =>
    reply.code(201).send(await staff.invite(request.body, actorOf(request))),
  );

  app.post<IdParams>("/api/admin/staff/invitations/:id/resend", async (request) =>
    staff.resend(request.params.id, actorOf(request)),
  );

  app.delete<IdParams>("/api/admin/staff/invitations/:id", async (request, reply) => {
    await staff.revoke(request.params.id, actorOf(request));
    return reply.code(204).send();
  });

  app.put<IdParams>("/api/admin/staff/:id/role", async (request) =>
    staff.changeRole(request.params.id, request.body, actorOf(request)),
  );

  app.post<IdParams>("/api/admin/staff/:id/deactivate", async (request) =>
    staff.deactivate(request.params.id, actorOf(request)),
  );

  app.post<IdParams>("/api/admin/staff/:id/reactivate", async (request) =>
    staff.reactivate(request.params.id, actorOf(request)),
  );

  // The token travels in the body, never in a URL, so it is in no request log.
  app.post(
    "/api/admin/invitations/check",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } },
    async (request) => staff.readInvitation(request.body),
  );

  app.post(
    "/api/admin/invitations/accept",
    { config: { access: "public", rateLimit: PUBLIC_FORM_LIMIT } },
    async (request, reply) => reply.code(201).send(await staff.acceptInvitation(request.body, request.ip)),
  );
}
