import path from "node:path";
import { constants } from "node:zlib";
import compress from "@fastify/compress";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Config } from "../config/env.ts";
import { mayUse, STAFF_ROLES, type StaffRole } from "../core/access/roles.ts";
import type { Clock } from "../core/shared/clock.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { apiRouteModules } from "./api/index.ts";
import { createUploadSpool, SPOOL_LEFTOVER_AGE_MS, type UploadSpool } from "./api/upload-spool.ts";
import { frontDoor } from "./front-door.ts";
import { requestSerializer } from "./logged-requests.ts";
import { metricsPlugin } from "./metrics.ts";
import access from "./plugins/access.ts";
import apiCache from "./plugins/api-cache.ts";
import builtFiles from "./plugins/built-files.ts";
import errors from "./plugins/errors.ts";
import jsonBody from "./plugins/json-body.ts";
import pageCache from "./plugins/page-cache.ts";
import rateLimits from "./plugins/rate-limits.ts";
import securityHeaders from "./plugins/security-headers.ts";
import textInput from "./plugins/text-input.ts";
import uploads from "./plugins/uploads.ts";
import visits from "./plugins/visits.ts";
import { createServices, type Services } from "./services.ts";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    /** Every route with its access policy, for the deny-by-default tests and for operators. */
    routeCatalog: RouteEntry[];
    /** Where multipart files wait while their request works (server/api/multipart.ts). */
    uploadSpool: UploadSpool;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: "public" | "admin";
  /** The staff roles that may call it (Administrators always may); empty on public routes. */
  roles: readonly StaffRole[];
  /** Whether a session that may only set up a second factor may call it. */
  duringEnrolment: boolean;
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: FastifyServerOptions["logger"];
  /** The built site's client files (build/client), answered from memory once asked for; none in tests and dev. */
  clientBuildDirectory?: string;
}

/**
 * A request, body included, must arrive within this time (Fastify's default is no limit), so a
 * client trickling bytes cannot hold a connection for ever. Enough for a 15 MB photo at 1 Mbit/s.
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Upload ceilings; per-file checks live in the media pipeline. */
export const MAX_UPLOAD_FILE_BYTES = 15 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 10;

/** Builds the API (no listen, no pages): tests use it with inject(); server/main.ts adds pages. */
export async function buildApp({
  config,
  database,
  clock,
  logger,
  clientBuildDirectory,
}: AppOptions): Promise<FastifyInstance> {
  const door = frontDoor({ requestTimeout: REQUEST_TIMEOUT_MS, logCachedHits: config.logCachedHits });
  const app = Fastify({
    // Cached hits are answered before Fastify (server/front-door.ts).
    serverFactory: door.serverFactory,
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.authorization", "req.headers.cookie"],
            ...(typeof logger === "object" ? logger : {}),
            serializers: { req: requestSerializer },
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: REQUEST_TIMEOUT_MS,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });

  app.decorate("services", createServices({ config, database, clock }));
  app.decorate("routeCatalog", [] as RouteEntry[]);
  // Each instance sweeps its own spool: what a crash left, at start and every hour after.
  const spool = createUploadSpool(path.join(config.dataDir, "incoming"));
  app.decorate("uploadSpool", spool);
  const sweepSpool = () => spool.sweep().catch((error: unknown) => app.log.error({ err: error }, "spool sweep failed"));
  await sweepSpool();
  const spoolSweeps = setInterval(sweepSpool, SPOOL_LEFTOVER_AGE_MS).unref();
  app.addHook("onClose", async () => clearInterval(spoolSweeps));
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      const access = route.config?.access ?? "admin";
      const roles = access === "public" ? [] : STAFF_ROLES.filter((role) => mayUse(role, route.config?.roles));
      const duringEnrolment = route.config?.duringEnrolment ?? false;
      app.routeCatalog.push({ method, url: route.url, access, roles, duringEnrolment });
    }
  });
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-request-id", request.id);
    return payload;
  });

  await app.register(metricsPlugin, { jobs: app.services.jobs, visits: app.services.visits });
  await app.register(visits, { counter: app.services.visits });
  await app.register(errors);
  await app.register(jsonBody);
  await app.register(securityHeaders, { config });
  if (config.corsOrigin) {
    // Only for a separately hosted front end; the site itself is same-origin. Registered before
    // anything that can answer from onRequest (the caches, the rate limit, access), so every answer
    // to another origin, a cache hit or a refusal, carries its CORS headers and `vary: Origin`.
    await app.register(cors, {
      origin: config.corsOrigin.split(",").map((o) => o.trim()),
      methods: ["GET", "POST", "PUT", "DELETE"],
      allowedHeaders: ["authorization", "content-type", "accept"],
      maxAge: 600,
    });
  }
  // Before compression, so answers are stored uncompressed (the caches compress them once themselves).
  const { cachePurge } = app.services;
  await app.register(pageCache, {
    seconds: config.pageCacheSeconds,
    warmAfterPurge: config.pageCacheWarmPages,
    cachePurge,
  });
  await app.register(apiCache, { seconds: config.pageCacheSeconds, cachePurge });
  await app.register(builtFiles, { directory: clientBuildDirectory });
  app.addHook("onReady", () => door.open(app));
  app.addHook("preClose", () => door.close());
  app.addHook("onReady", () => cachePurge.start());
  app.addHook("onClose", () => cachePurge.stop());
  // Dynamic responses (pages, JSON); built assets are pre-compressed. Fast brotli: this runs per request.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(rateLimits);
  await app.register(access, { services: app.services });
  await app.register(textInput);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_FILE_BYTES, files: MAX_UPLOAD_FILES, fields: 30, fieldSize: 512 * 1024 },
  });
  await app.register(uploads, { config });
  for (const routes of apiRouteModules) await app.register(routes);
  return app;
}
