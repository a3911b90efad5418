import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { CachePurge } from "../../core/cache-purge/cache-purge.ts";

/**
 * A short-lived in-memory cache of public read-only API answers (the gallery and video lists), so
 * a burst of visitors costs one query and one serialisation. Routes opt in with
 * `config: { cacheable: true }`. Requests that carry a token skip it, so staff always read fresh
 * data. Every change to public content clears it, on every instance (core/cache-purge); entries
 * live PAGE_CACHE_SECONDS, like the page cache's.
 */
const MAX_ENTRIES = 500;

declare module "fastify" {
  interface FastifyContextConfig {
    cacheable?: boolean;
  }
  interface FastifyRequest {
    apiCacheKey: string | null;
    /** The purge generation when this request began (see CachePurge.generation). */
    apiCacheGeneration: number;
  }
}

export default fp(
  async (app, { seconds, cachePurge }: { seconds: number; cachePurge: CachePurge }) => {
    const answers = new Map<string, { body: string; expiresAt: number }>();
    cachePurge.onPurge(() => answers.clear());
    app.decorateRequest("apiCacheKey", null);
    app.decorateRequest("apiCacheGeneration", 0);

    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      if (seconds <= 0 || request.method !== "GET" || !request.routeOptions.config?.cacheable) return;
      if (request.headers.authorization) return;
      request.apiCacheKey = request.url;
      request.apiCacheGeneration = cachePurge.generation;
      const hit = answers.get(request.url);
      if (!hit) return;
      if (hit.expiresAt <= Date.now()) {
        answers.delete(request.url);
        return;
      }
      return reply.code(200).type("application/json; charset=utf-8").header("x-cache", "hit").send(hit.body);
    });

    app.addHook("onSend", async (request, reply, payload) => {
      if (
        request.apiCacheKey !== null &&
        request.apiCacheGeneration === cachePurge.generation &&
        reply.statusCode === 200 &&
        typeof payload === "string" &&
        reply.getHeader("x-cache") !== "hit"
      ) {
        if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value as string);
        answers.set(request.apiCacheKey, { body: payload, expiresAt: Date.now() + seconds * 1000 });
      }
      return payload;
    });
  },
  { name: "api-cache" },
);
