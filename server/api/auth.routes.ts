import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ANY_STAFF } from "../../core/access/roles.ts";
import type { StaffIdentity } from "../../core/auth/auth.schema.ts";
import type { LoginAttempt } from "../../core/auth/auth.service.ts";
import { RECOGNISED_DEVICE_LIFETIME_MS } from "../../core/auth/recognised-device.ts";
import { actorOf, bearerToken } from "../plugins/access.ts";
import { PUBLIC_FORM_LIMIT } from "../plugins/rate-limits.ts";

/** The recognised-device note (core/auth/recognised-device.ts); only the login routes read it. */
export const DEVICE_COOKIE = "hbb_device";

/** Fastify's refusals of a body it cannot read: not JSON, wrong content type, too big. */
const isUnreadableBody = (error: FastifyError) =>
  typeof error.code === "string" && error.code.startsWith("FST_ERR_CTP");

const attemptOf = (request: FastifyRequest): LoginAttempt => ({
  clientIp: request.ip,
  deviceToken: parseCookie(request.headers.cookie ?? "")[DEVICE_COOKIE],
  userAgent: request.headers["user-agent"],
});

/** Marks the browser as a device that has signed in to the account (sent to the login routes only). */
function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, deviceToken: string) {
  reply.header(
    "set-cookie",
    stringifySetCookie({
      name: DEVICE_COOKIE,
      value: deviceToken,
      // Covers the second-step routes under /api/admin/login/ too.
      path: "/api/admin/login",
      maxAge: RECOGNISED_DEVICE_LIFETIME_MS / 1000,
      httpOnly: true,
      secure: request.protocol === "https",
      sameSite: "strict",
    }),
  );
}

export default async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;
  const loginRoute = {
    config: { access: "public" as const },
    // A few short fields (a passkey assertion is the longest); anything bigger is not a login.
    bodyLimit: 16 * 1024,
    // A body too broken to parse is still a guess from its source: it is counted (and answered 429
    // while the source waits); otherwise the usual error answer follows.
    errorHandler: async (error: FastifyError, request: FastifyRequest) => {
      if (isUnreadableBody(error)) await auth.countUnreadableLogin(request.ip);
      throw error;
    },
  };

  app.post("/api/admin/login", { ...loginRoute, bodyLimit: 4096 }, async (request, reply) => {
    const result = await auth.login(request.body, attemptOf(request));
    // A second factor is due: only the ticket for the next step, no token and no device note yet.
    if ("secondFactor" in result) return result;
    setDeviceCookie(request, reply, result.deviceToken);
    return { token: result.token, email: result.email };
  });

  // The second step: a code from the authenticator app or a recovery code, with the ticket.
  app.post("/api/admin/login/second-factor", loginRoute, async (request, reply) => {
    const result = await auth.completeLogin(request.body, attemptOf(request));
    setDeviceCookie(request, reply, result.deviceToken);
    return { token: result.token, email: result.email };
  });

  // What the browser's passkey prompt needs: with a ticket for that account, without for a passkey alone.
  // Each call stores a challenge, and without a ticket anyone may ask: limited per address like the public forms.
  const optionsRoute = { ...loginRoute, config: { ...loginRoute.config, rateLimit: PUBLIC_FORM_LIMIT } };
  app.post("/api/admin/login/passkey/options", optionsRoute, async (request) =>
    auth.passkeyLoginOptions(request.body, attemptOf(request)),
  );

  app.post("/api/admin/login/passkey", loginRoute, async (request, reply) => {
    const result = await auth.loginWithPasskey(request.body, attemptOf(request));
    setDeviceCookie(request, reply, result.deviceToken);
    return { token: result.token, email: result.email };
  });

  app.get("/api/admin/me", { config: { roles: ANY_STAFF, duringEnrolment: true } }, async (request) => {
    const { email, name, role } = request.admin as StaffIdentity;
    // Tells the back office to take the person to set up a second factor before anything else.
    return request.enrolmentOnly ? { email, name, role, enrolmentRequired: true } : { email, name, role };
  });

  app.post("/api/admin/logout", { config: { roles: ANY_STAFF, duringEnrolment: true } }, async (request, reply) => {
    const token = bearerToken(request);
    if (token) await auth.logout(token, actorOf(request));
    return reply.code(204).send();
  });
}
