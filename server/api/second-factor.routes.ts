import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ANY_STAFF } from "../../core/access/roles.ts";
import type { StaffIdentity } from "../../core/auth/auth.schema.ts";
import { REQUIRE_SECOND_FACTOR } from "../../core/second-factor/second-factor.service.ts";
import { parseInput } from "../../core/shared/validation.ts";
import { actorOf, bearerToken } from "../plugins/access.ts";

/** The signed-in person's own second factors; open to a session that may only enrol. */
const OWN = { config: { roles: ANY_STAFF, duringEnrolment: true } };
/** Their own, but not before they have one (removing and replacing). */
const OWN_ENROLLED = { config: { roles: ANY_STAFF } };

const RequireSchema = z.object({ requireSecondFactor: z.boolean({ error: "Choose on or off." }) });

export default async function secondFactorRoutes(app: FastifyInstance) {
  const { secondFactor, settings } = app.services;
  const me = (request: { admin: StaffIdentity | null }) => request.admin as StaffIdentity;
  const actor = (request: Parameters<typeof actorOf>[0]) => ({ ...actorOf(request), id: me(request).id });

  app.get("/api/admin/account/second-factor", OWN, async (request) => secondFactor.status(me(request).id));

  app.post("/api/admin/account/second-factor/totp", OWN, async (request) => secondFactor.startTotp(actor(request)));

  app.post("/api/admin/account/second-factor/totp/confirm", OWN, async (request) =>
    secondFactor.confirmTotp(actor(request), request.body),
  );

  app.post("/api/admin/account/second-factor/totp/disable", OWN_ENROLLED, async (request, reply) => {
    await secondFactor.disableTotp(actor(request), request.body);
    return reply.code(204).send();
  });

  app.post("/api/admin/account/second-factor/recovery-codes", OWN_ENROLLED, async (request) =>
    secondFactor.regenerateRecoveryCodes(actor(request)),
  );

  app.get("/api/admin/account/passkeys/options", OWN, async (request) =>
    secondFactor.passkeyRegistrationOptions(me(request)),
  );

  app.post("/api/admin/account/passkeys", { ...OWN, bodyLimit: 64 * 1024 }, async (request, reply) => {
    const passkey = await secondFactor.addPasskey(actor(request), request.body);
    return reply.code(201).send(passkey);
  });

  app.delete<{ Params: { id: string } }>("/api/admin/account/passkeys/:id", OWN_ENROLLED, async (request, reply) => {
    await secondFactor.removePasskey(actor(request), request.params.id);
    return reply.code(204).send();
  });

  // Administrators only (no roles named).
  app.get("/api/admin/settings/second-factor", async () => ({
    requireSecondFactor: await settings.get(REQUIRE_SECOND_FACTOR),
  }));

  app.put("/api/admin/settings/second-factor", async (request) => {
    const { requireSecondFactor } = parseInput(RequireSchema, request.body);
    const required = await secondFactor.setRequired(
      requireSecondFactor,
      actorOf(request),
      bearerToken(request) as string,
    );
    return { requireSecondFactor: required };
  });
}
