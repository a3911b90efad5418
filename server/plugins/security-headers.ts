import { randomBytes } from "node:crypto";
import fp from "fastify-plugin";
import type { Config } from "../../config/env.ts";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

/** Third-party origins pages may embed (lazy YouTube players, the contact map). */
const FRAME_SOURCES = ["https://www.youtube-nocookie.com", "https://www.openstreetmap.org"];

/**
 * Where a page may load images from besides itself: API answers give image URLs absolute on
 * PUBLIC_SITE_URL (a visitor may have reached the site under another host name), and S3 storage
 * serves uploads from S3_PUBLIC_URL.
 */
export function imageOrigins(config: Pick<Config, "publicSiteUrl" | "s3">): string[] {
  const urls = [config.publicSiteUrl, ...(config.s3 ? [config.s3.publicUrl] : [])];
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

export function contentSecurityPolicy(nonce: string, extraImageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'unsafe-inline'`,
    ["img-src 'self' data: blob: https://i.ytimg.com", ...extraImageOrigins].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${FRAME_SOURCES.join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self' https://checkout.stripe.com",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers on every response; CSP with a fresh nonce per request (React Router puts it on its scripts). */
export default fp(
  async (app, { config }: { config: Config }) => {
    // Vite's dev server injects un-nonced scripts for hot reload: the CSP applies to built pages only.
    const enforceCsp = config.env !== "development";
    const images = imageOrigins(config);
    app.decorateRequest("cspNonce", "");
    app.addHook("onRequest", async (request) => {
      request.cspNonce = randomBytes(16).toString("base64");
    });
    app.addHook("onSend", async (request, reply, payload) => {
      reply.header("x-content-type-options", "nosniff");
      reply.header("referrer-policy", "strict-origin-when-cross-origin");
      reply.header("x-frame-options", "DENY");
      reply.header("cross-origin-opener-policy", "same-origin");
      reply.header("permissions-policy", "camera=(), microphone=(), geolocation=()");
      if (config.publicSiteUrl.startsWith("https://")) {
        reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
      }
      const type = String(reply.getHeader("content-type") ?? "");
      if (enforceCsp && type.startsWith("text/html")) {
        reply.header("content-security-policy", contentSecurityPolicy(request.cspNonce, images));
      }
      if (request.url.startsWith("/admin")) reply.header("x-robots-tag", "noindex, nofollow");
      return payload;
    });
  },
  { name: "security-headers" },
);
