import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { CachePurge } from "../../core/cache-purge/cache-purge.ts";
import { localeOfPath, suggestedLocale } from "../../core/i18n/locale.ts";

/**
 * A short-lived in-memory cache of public HTML pages, so a burst of visitors costs one render.
 *
 * Pages opt in by sending `x-page-cache: public` (the public layout does; a page that shows
 * per-visitor data, like a donation's thank-you page, exports its own `headers` without it). The header never leaves the
 * server. Every cached page is stored with its CSP nonce replaced by a placeholder and gets a fresh
 * nonce per response. Every change to public content clears it, on every instance
 * (core/cache-purge).
 */
export const PAGE_CACHE_HEADER = "x-page-cache";
const MAX_ENTRIES = 500;

interface CachedPage {
  /**
   * The page's UTF-8 bytes split where its nonce stood: a hit copies bytes around a fresh nonce
   * instead of searching and re-encoding the text.
   */
  parts: Buffer[];
  expiresAt: number;
}

declare module "fastify" {
  interface FastifyRequest {
    pageCacheKey: string | null;
    /** The purge generation when this request began (see CachePurge.generation). */
    pageCacheGeneration: number;
  }
}

const isPageRequest = (request: FastifyRequest) =>
  (request.method === "GET" || request.method === "HEAD") &&
  !/^\/(api|admin|uploads|assets)(\/|$)/i.test(request.url) &&
  !request.url.includes(".data") &&
  !request.headers.authorization &&
  (request.headers.accept ?? "").includes("text/html");

function joinWithNonce(parts: Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "ascii");
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/**
 * A page's cache key: its URL (which carries its language, `/am/…`) and the language a first visit
 * is offered (decision 0410): the same URL renders with or without that suggestion.
 */
export function pageCacheKey(request: FastifyRequest): string {
  const suggested = suggestedLocale(localeOfPath(request.url.split("?")[0] ?? "/"), {
    cookie: request.headers.cookie,
    acceptLanguage: request.headers["accept-language"],
  });
  return suggested ? `${request.url} suggest=${suggested}` : request.url;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

export default fp(
  async (app, { seconds, cachePurge }: { seconds: number; cachePurge: CachePurge }) => {
    const pages = new Map<string, CachedPage>();
    cachePurge.onPurge(() => pages.clear());
    app.decorateRequest("pageCacheKey", null);
    app.decorateRequest("pageCacheGeneration", 0);

    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      if (seconds <= 0 || !isPageRequest(request)) return;
      const key = pageCacheKey(request);
      request.pageCacheKey = key;
      request.pageCacheGeneration = cachePurge.generation;
      const hit = pages.get(key);
      if (!hit) return;
      if (hit.expiresAt <= Date.now()) {
        pages.delete(key);
        return;
      }
      return reply
        .code(200)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("x-cache", "hit")
        .send(joinWithNonce(hit.parts, request.cspNonce));
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const optedIn = reply.getHeader(PAGE_CACHE_HEADER) === "public";
      reply.removeHeader(PAGE_CACHE_HEADER);
      const cacheable =
        request.pageCacheKey !== null &&
        request.pageCacheGeneration === cachePurge.generation &&
        reply.statusCode === 200 &&
        optedIn &&
        String(reply.getHeader("content-type") ?? "").startsWith("text/html") &&
        !reply.hasHeader("set-cookie") &&
        reply.getHeader("x-cache") !== "hit";
      if (!cacheable) return payload;
      const html = typeof payload === "string" ? payload : await readAll(payload as Readable);
      if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value as string);
      pages.set(request.pageCacheKey as string, {
        parts: html.split(request.cspNonce).map((part) => Buffer.from(part, "utf8")),
        expiresAt: Date.now() + seconds * 1000,
      });
      reply.header("cache-control", "no-cache");
      return html;
    });
  },
  { name: "page-cache", dependencies: ["security-headers"] },
);
