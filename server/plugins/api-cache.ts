import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { CachePurge } from "../../core/cache-purge/cache-purge.ts";
import { publicPageCacheControl } from "./page-cache.ts";
import { KEPT_UNTIL_PURGED_SECONDS, ResponseStore, writeStored } from "./stored-responses.ts";

/**
 * An in-memory cache of public read-only API answers (the gallery, video and blog lists…), so visitors
 * cost one query and one serialisation until content changes. Routes opt in with
 * `config: { cacheable: true }`. Requests that carry a token skip it, so staff always read fresh
 * data. Every change to public content clears it, on every instance (core/cache-purge); entries
 * are kept as long as the page cache's, and caches in front are told PAGE_CACHE_SECONDS. Answers
 * are kept as sent (stored-responses.ts): a strong ETag, 304s, their compressed forms, and hits
 * written before Fastify by the front door.
 */
const MAX_URLS = 500;

declare module "fastify" {
  interface FastifyContextConfig {
    cacheable?: boolean;
  }
  interface FastifyInstance {
    apiCache: ResponseStore | null;
  }
  interface FastifyRequest {
    apiCacheKey: string | null;
    /** The purge generation when this request began (see CachePurge.generation). */
    apiCacheGeneration: number;
  }
}

/**
 * A request the API cache may answer if it holds its URL (only opted-in routes' URLs are ever
 * stored, so the front door needs no route lookup).
 */
export const isAnonymousRead = (request: Pick<IncomingMessage, "method" | "headers">) =>
  request.method === "GET" && !request.headers.authorization;

export default fp(
  async (app, { seconds, cachePurge }: { seconds: number; cachePurge: CachePurge }) => {
    const answers =
      seconds > 0
        ? new ResponseStore({ seconds: Math.max(seconds, KEPT_UNTIL_PURGED_SECONDS), maxUrls: MAX_URLS })
        : null;
    cachePurge.onPurge(() => answers?.clear());
    app.decorate("apiCache", answers);
    app.decorateRequest("apiCacheKey", null);
    app.decorateRequest("apiCacheGeneration", 0);

    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      if (!answers || !request.routeOptions.config?.cacheable || !isAnonymousRead(request)) return;
      request.apiCacheKey = request.url;
      request.apiCacheGeneration = cachePurge.generation;
      const hit = answers.lookup(request.url, request.headers);
      if (!hit) return;
      reply.hijack();
      writeStored(request.raw, reply.raw, hit, request.id);
    });

    app.addHook("onSend", async (request, reply, payload) => {
      if (!answers || request.apiCacheKey === null || reply.statusCode !== 200 || typeof payload !== "string") {
        return payload;
      }
      reply.header("cache-control", publicPageCacheControl(seconds));
      if (request.apiCacheGeneration === cachePurge.generation) {
        const { hash } = answers.store(request.apiCacheKey, request.headers, {
          headers: reply.getHeaders(),
          body: Buffer.from(payload),
          route: request.routeOptions.url ?? request.url,
        });
        reply.header("etag", `W/"${hash}"`);
      }
      return payload;
    });
  },
  { name: "api-cache" },
);
