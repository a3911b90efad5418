import path from "node:path";
import { pathToFileURL } from "node:url";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { appContext } from "#app-context";
import { ConfigError, loadConfig } from "../config/env.ts";
import { watchJobBacklog } from "../core/jobs/jobs.backlog.ts";
import { startJobWorker } from "../core/jobs/jobs.worker.ts";
import { buildApp } from "./app.ts";
import { loadIslandAssets } from "./island-assets.ts";
import { startMetricsServer } from "./metrics.ts";
import { PUBLIC_FORM_LIMIT, tooManyRequestsMessage } from "./plugins/rate-limits.ts";
import { ensureAdmins, openConfiguredDatabase, prepareDatabase, resolveSessionSecret, seedIfFresh } from "./startup.ts";

const projectRoot = path.resolve(import.meta.dirname, "..");
/** How long requests in flight may take to finish once a shutdown starts. */
const SHUTDOWN_GRACE_MS = 6_000;
/** A shutdown that has not finished by then exits anyway (closing the database included). */
const SHUTDOWN_LIMIT_MS = 9_000;

/**
 * The page router's catch-all takes every method but OPTIONS. Pages are same-origin and have no
 * answer to a preflight; with CORS_ORIGIN set the CORS handler owns OPTIONS on every path (and two
 * catch-alls for one method stop the start). `beforePage` runs before each page request.
 */
function pagesWithoutOptions<Options>(
  plugin: (pages: FastifyInstance, options: Options) => Promise<void>,
  beforePage?: () => Promise<void>,
) {
  return async (pages: FastifyInstance, options: Options) => {
    pages.addHook("onRoute", (route) => {
      if (route.url === "*" && Array.isArray(route.method)) {
        route.method = route.method.filter((method) => method !== "OPTIONS");
        if (beforePage) route.onRequest = [...[route.onRequest ?? []].flat(), beforePage];
      }
    });
    await plugin(pages, options);
  };
}

/**
 * The pages' server build, imported by the first page request (not at start: it takes seconds) and
 * then kept. React Router is handed the module object, filled in by `load`: handed a function that
 * imports it instead, it would rank and compile every route again for each page it renders
 * (docs/decisions/0545).
 */
function serverBuildOnFirstPage(file: string) {
  const build = {} as ServerBuild;
  let loading: Promise<void> | undefined;
  const load = () => {
    loading ??= import(pathToFileURL(file).href).then((module: ServerBuild) => {
      Object.assign(build, module);
    });
    return loading;
  };
  return { build, load };
}

/**
 * The whole site in one Fastify instance: API, uploads, built assets and the React Router pages.
 * `react-router dev` calls this with its Vite server (HMR); `node server/main.ts` without one.
 */
export async function createServer(vite?: ViteDevServer) {
  const config = resolveSessionSecret(loadConfig());
  const database = openConfiguredDatabase(config);
  const { fresh } = await prepareDatabase(database);
  const clientBuildDirectory = path.join(projectRoot, "build/client");
  const app = await buildApp({ config, database, clientBuildDirectory: vite ? undefined : clientBuildDirectory });
  const worker = startJobWorker(app.services.jobs, app.log);
  const backlogWatch = watchJobBacklog(app.services.jobs, app.log);
  if (config.metrics) await startMetricsServer(app, config.metrics);
  app.addHook("onClose", async () => {
    backlogWatch.stop();
    await worker.stop();
    await database.close();
  });
  await ensureAdmins(app.services, app.log);
  await seedIfFresh(app.services, fresh, app.log);
  const islands = loadIslandAssets(projectRoot, Boolean(vite));
  // Forms posted to pages without JavaScript (app/lib/public-form.server.ts) count like the API's:
  // per visitor and per page (each API form has its own route, so its own count).
  const formLimit = app.createRateLimit({
    ...PUBLIC_FORM_LIMIT,
    keyGenerator: (request) => `${request.ip} ${request.url.split("?")[0]}`,
  });

  const serverBuild = vite ? undefined : serverBuildOnFirstPage(path.join(projectRoot, "build/server/index.js"));
  await app.register(pagesWithoutOptions(fastifyReactRouter, serverBuild?.load), {
    devServer: vite,
    build: serverBuild?.build,
    mode: vite ? "development" : "production",
    clientBuildDirectory,
    assetCacheControl: "public, max-age=31536000, immutable",
    fileCacheControl: "public, max-age=3600",
    // scripts/compress-assets.ts writes .br/.gz beside each built file at build time.
    staticOptions: { preCompressed: true },
    getLoadContext(request) {
      const context = new RouterContextProvider();
      context.set(appContext, {
        services: app.services,
        // Read only by pages that use a nonce (not public pages): made on first read.
        get cspNonce() {
          return request.cspNonce;
        },
        requestId: request.id,
        islands,
        publicFormLimit: async () => {
          const limit = await formLimit(request);
          return !limit.isAllowed && limit.isExceeded ? tooManyRequestsMessage(limit.ttlInSeconds) : null;
        },
      });
      return context;
    },
  });
  return app;
}

async function main() {
  let app: Awaited<ReturnType<typeof createServer>>;
  try {
    app = await createServer();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { port, host } = app.services.config;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // Requests in flight get a grace period; a client still sending (or reading) slowly after it
    // is cut off, so a restart never waits on a stranger's connection. The whole stop stays under 10 s.
    const cutOff = setTimeout(() => {
      app.log.warn("shutdown grace period over: closing the connections still open");
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    const giveUp = setTimeout(() => {
      app.log.error("shutdown did not finish in time: exiting anyway");
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    cutOff.unref();
    giveUp.unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await app.listen({ port, host });
  // Readiness for a supervisor that started us with an IPC channel (the test harness; pm2's wait_ready).
  process.send?.("ready");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
