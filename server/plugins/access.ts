import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AdminIdentity } from "../../core/auth/auth.schema.ts";
import type { Services } from "../services.ts";

/**
 * Access policies. Every /api route is admin-only unless it declares `config: { access: "public" }`
 * (spec §6). The check runs once, centrally, on the route Fastify matched — after Fastify has
 * normalised case, trailing and duplicate slashes and percent-encoding — never per handler.
 */
export type Access = "public" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    admin: AdminIdentity | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export const routeAccess = (request: FastifyRequest): Access => request.routeOptions.config?.access ?? "admin";

export default fp(
  async (app, { services }: { services: Services }) => {
    app.decorateRequest("admin", null);
    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      // Routes outside /api (pages, assets, uploads) are public by nature; 404s fall through.
      if (!request.routeOptions.url?.toLowerCase().startsWith("/api/")) return;
      if (routeAccess(request) === "public") return;
      const admin = await services.auth.authenticate(bearerToken(request));
      if (!admin) {
        return reply.code(401).send({ message: "Authentication required." });
      }
      request.admin = admin;
    });
  },
  { name: "access" },
);
