import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyError, FastifyInstance } from "fastify";
import { ANY_STAFF } from "../../core/access/roles.ts";
import type { StaffIdentity } from "../../core/auth/auth.schema.ts";
import { RECOGNISED_DEVICE_LIFETIME_MS } from "../../core/auth/recognised-device.ts";
import { actorOf, bearerToken } from "../plugins/access.ts";

/** The recognised-device note (core/auth/recognised-device.ts); only the login route reads it. */
export const DEVICE_COOKIE = "hbb_device";

/** Fastify's refusals of a body it cannot read: not JSON, wrong content type, too big. */
const isUnreadableBody = (error: FastifyError) =>
  typeof error.code === "string" && error.code.startsWith("FST_ERR_CTP");

export default async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;

  app.post(
    "/api/admin/login",
    {
      config: { access: "public" },
      // Two short fields; anything bigger is not a login.
      bodyLimit: 4096,
      // A body too broken to parse is still a guess from its source: it is counted (and answered 429
      // while the source waits); otherwise the usual error answer follows.
      errorHandler: async (error, request) => {
        if (isUnreadableBody(error)) await auth.countUnreadableLogin(request.ip);
        throw error;
      },
    },
    async (request, reply) => {
      const deviceToken = parseCookie(request.headers.cookie ?? "")[DEVICE_COOKIE];
      const userAgent = request.headers["user-agent"];
      const result = await auth.login(request.body, { clientIp: request.ip, deviceToken, userAgent });
      reply.header(
        "set-cookie",
        stringifySetCookie({
          name: DEVICE_COOKIE,
          value: result.deviceToken,
          path: "/api/admin/login",
          maxAge: RECOGNISED_DEVICE_LIFETIME_MS / 1000,
          httpOnly: true,
          secure: request.protocol === "https",
          sameSite: "strict",
        }),
      );
      return { token: result.token, email: result.email };
    },
  );

  app.get("/api/admin/me", { config: { roles: ANY_STAFF } }, async (request) => {
    const { email, name, role } = request.admin as StaffIdentity;
    return { email, name, role };
  });

  app.post("/api/admin/logout", { config: { roles: ANY_STAFF } }, async (request, reply) => {
    const token = bearerToken(request);
    if (token) await auth.logout(token, actorOf(request));
    return reply.code(204).send();
  });
}
