import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { FastifyInstance, FastifyServerFactoryHandler } from "fastify";
import { isAnonymousRead } from "./plugins/api-cache.ts";
import { isPageRequest, pageCacheKey } from "./plugins/page-cache.ts";
import { writeStoredHit } from "./plugins/stored-responses.ts";

/** Levels at which Fastify logs every request (at `info` and below). */
const LOGGED_LEVELS = new Set(["trace", "debug", "info"]);

/** Fastify's own default (it applies it only to servers it creates itself). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** A built file kept in memory (server/plugins/built-files.ts); a range of it is Fastify's to answer. */
const builtFile = (app: FastifyInstance, request: IncomingMessage) =>
  request.headers.range === undefined ? app.builtFiles?.lookup(request.url as string, request.headers) : undefined;

/**
 * The HTTP server in front of Fastify: a request the page cache or the API cache holds an answer
 * for, or for a built file kept in memory (plugins/built-files.ts), is written straight from the
 * stored bytes, which carry every header they were first sent with (security headers and CSP
 * included); everything else goes to Fastify. A hit skips only
 * work that cannot change its answer: routing, request objects and hooks. It is counted in the
 * metrics and, when LOG_CACHED_HITS asks and at `info`, logged like any request. The caches also answer hits inside Fastify
 * (for `inject()` and as the fallback), with the same writer.
 * docs/decisions/0450-byte-identical-cached-answers.md
 */
export function frontDoor({ requestTimeout, logCachedHits }: { requestTimeout: number; logCachedHits: boolean }) {
  let app: FastifyInstance | undefined;

  function answerFromCache(request: IncomingMessage, response: ServerResponse): boolean {
    if (!app || request.url === undefined) return false;
    const page = app.pageCache !== null && isPageRequest(request);
    const hit = page
      ? app.pageCache?.lookup(pageCacheKey(request), request.headers)
      : isAnonymousRead(request)
        ? (app.apiCache?.lookup(request.url, request.headers) ?? builtFile(app, request))
        : undefined;
    if (!hit) return false;
    const started = performance.now();
    const header = request.headers["x-request-id"];
    const id = typeof header === "string" && header !== "" ? header : randomUUID();
    writeStoredHit(request, response, hit, id);
    // The page cache keeps HTML answers only.
    if (page) app.countPageView(request, response.statusCode, true);
    const seconds = (performance.now() - started) / 1000;
    app.metrics.observe(request.method ?? "GET", hit.route, response.statusCode, seconds);
    if (logCachedHits && LOGGED_LEVELS.has(app.log.level)) {
      app.log.info(
        { reqId: id, req: { method: request.method, url: request.url }, res: { statusCode: response.statusCode } },
        "request completed from the front door's cache",
      );
    }
    return true;
  }

  return {
    serverFactory(handler: FastifyServerFactoryHandler): Server {
      const server = createServer((request, response) => {
        if (!answerFromCache(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = requestTimeout;
      return server;
    },
    /** Starts answering from the app's caches (once they are registered). */
    open(instance: FastifyInstance) {
      app = instance;
    },
    /** Stops: while closing, every request goes to Fastify (which refuses new ones). */
    close() {
      app = undefined;
    },
  };
}
