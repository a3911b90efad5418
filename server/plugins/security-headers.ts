import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
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

/**
 * Marks an answer whose page runs only the site's own script files, with no inline script and no
 * nonce (public pages, app/entry.server.tsx): its policy is `script-src 'self'`, the same for
 * every visitor, so a cached copy is the same bytes. Never leaves the server.
 */
export const SCRIPTS_FROM_SELF_HEADER = "x-csp-scripts-from-self";

/**
 * With a nonce: scripts carrying it, and what they load ('strict-dynamic'), the staff pages'
 * React Router scripts. With none (public pages): the site's own script files only. Neither
 * allows an inline script without a nonce, nor an inline event handler.
 * docs/decisions/0450-byte-identical-cached-answers.md
 */
export function contentSecurityPolicy(nonce: string | null, extraImageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    nonce === null ? "script-src 'self'" : `script-src 'nonce-${nonce}' 'strict-dynamic'`,
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

const NONCE = Symbol("cspNonce");

/**
 * Headers on every response; on HTML a CSP, with a fresh nonce per request for pages that use one
 * (React Router puts it on its scripts). The nonce is made the first time something reads it, so
 * answers that need none (API calls, public pages, files) never pay for it.
 */
export default fp(
  async (app, { config }: { config: Config }) => {
    // Vite's dev server injects un-nonced scripts for hot reload: the CSP applies to built pages only.
    const enforceCsp = config.env !== "development";
    const images = imageOrigins(config);
    const scriptsFromSelfPolicy = contentSecurityPolicy(null, images);
    app.decorateRequest(NONCE, null);
    app.decorateRequest("cspNonce", {
      getter(this: FastifyRequest) {
        const request = this as FastifyRequest & { [NONCE]: string | null };
        request[NONCE] ??= randomBytes(16).toString("base64");
        return request[NONCE];
      },
    });
    app.addHook("onSend", async (request, reply, payload) => {
      const scriptsFromSelf = reply.hasHeader(SCRIPTS_FROM_SELF_HEADER);
      if (scriptsFromSelf) reply.removeHeader(SCRIPTS_FROM_SELF_HEADER);
      reply.header("x-content-type-options", "nosniff");
      // A page may ask for a stricter one (the donor page's no-referrer keeps its link's token home).
      if (!reply.hasHeader("referrer-policy")) reply.header("referrer-policy", "strict-origin-when-cross-origin");
      reply.header("x-frame-options", "DENY");
      reply.header("cross-origin-opener-policy", "same-origin");
      reply.header("permissions-policy", "camera=(), microphone=(), geolocation=()");
      if (config.publicSiteUrl.startsWith("https://")) {
        reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
      }
      const type = String(reply.getHeader("content-type") ?? "");
      if (enforceCsp && type.startsWith("text/html")) {
        reply.header(
          "content-security-policy",
          scriptsFromSelf ? scriptsFromSelfPolicy : contentSecurityPolicy(request.cspNonce, images),
        );
      }
      if (request.url.startsWith("/admin")) reply.header("x-robots-tag", "noindex, nofollow");
      return payload;
    });
  },
  { name: "security-headers" },
);
