import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type DelegableRole, FORBIDDEN_MESSAGE, mayUse } from "../../core/access/roles.ts";
import type { Actor } from "../../core/audit/audit.ts";
import type { StaffIdentity } from "../../core/auth/auth.schema.ts";
import { ENROLMENT_REQUIRED_MESSAGE } from "../../core/second-factor/second-factor.schema.ts";
import type { Services } from "../services.ts";

/**
 * Access policies. Every /api route is for staff unless it declares `config: { access: "public" }`
 * (spec §6), and among staff for Administrators only unless it names other roles in
 * `config: { roles }` (core/access/roles.ts). The check runs once, centrally, on the route Fastify
 * matched — after Fastify has normalised case, trailing and duplicate slashes and percent-encoding —
 * never per handler.
 */
export type Access = "public" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Roles besides Administrator that may call this staff route. */
    roles?: readonly DelegableRole[];
    /**
     * Open to a session that may only set up a second factor (required for everyone, none set up
     * yet): the account's own second-factor routes, `me` and logout. Every other staff route refuses it.
     */
    duringEnrolment?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in staff member on a staff route; null on public routes. */
    admin: StaffIdentity | null;
    /** Whether that staff member's session may only set up a second factor. */
    enrolmentOnly: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export const routeAccess = (request: FastifyRequest): Access => request.routeOptions.config?.access ?? "admin";

/** Who is making a staff request, as the audit log records it. Only valid on staff routes. */
export function actorOf(request: FastifyRequest): Actor {
  const admin = request.admin;
  if (!admin) throw new Error(`actorOf() on a route without a signed-in staff member: ${request.url}`);
  return { id: admin.id, email: admin.email, ip: request.ip };
}

export default fp(
  async (app, { services }: { services: Services }) => {
    app.decorateRequest("admin", null);
    app.decorateRequest("enrolmentOnly", false);
    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      // Routes outside /api (pages, assets, uploads) are public by nature; 404s fall through.
      if (!request.routeOptions.url?.toLowerCase().startsWith("/api/")) return;
      if (routeAccess(request) === "public") return;
      const admin = await services.auth.authenticate(bearerToken(request));
      if (!admin) {
        return reply.code(401).send({ message: "Authentication required." });
      }
      const { enrolmentOnly, ...identity } = admin;
      if (enrolmentOnly && !request.routeOptions.config?.duringEnrolment) {
        return reply.code(403).send({ message: ENROLMENT_REQUIRED_MESSAGE, enrolmentRequired: true });
      }
      if (!mayUse(identity.role, request.routeOptions.config?.roles)) {
        const route = `${request.method} ${request.routeOptions.url}`;
        await services.auth.recordRefusal(
          { id: identity.id, email: identity.email, ip: request.ip },
          route,
          identity.role,
        );
        return reply.code(403).send({ message: FORBIDDEN_MESSAGE });
      }
      request.admin = identity;
      request.enrolmentOnly = enrolmentOnly;
    });
  },
  { name: "access" },
);
