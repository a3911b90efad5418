import { constants } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { isLate } from "../../core/jobs/jobs.backlog.ts";
import type { Services } from "../services.ts";

/**
 * Liveness (the process answers) and readiness (it can serve: database and upload storage work),
 * with the job queue's depth and oldest wait. A late queue (mail server down) is reported but keeps
 * the site ready: visitors are served and their submissions stored. docs/deploy.md, "Health and monitoring".
 */
async function storageWorks(services: Services): Promise<boolean> {
  const { config } = services;
  try {
    if (config.storage === "local") {
      // The uploads folder appears with the first upload; until then DATA_DIR must be writable.
      const uploads = path.resolve(config.dataDir, "uploads");
      await access(uploads, constants.W_OK).catch(() => access(config.dataDir, constants.W_OK));
    } else {
      for await (const _ of services.storage.list("health-check/")) break;
    }
    return true;
  } catch {
    return false;
  }
}

export default async function healthRoutes(app: FastifyInstance) {
  const { services } = app;

  app.get("/api/health/live", { config: { access: "public" } }, async () => ({ status: "ok" }));

  const ready = async (_request: unknown, reply: import("fastify").FastifyReply) => {
    reply.header("cache-control", "no-store");
    const [database, storage] = await Promise.all([
      sql`select 1`.execute(services.database.db).then(
        () => true,
        () => false,
      ),
      storageWorks(services),
    ]);
    const backlog = database ? await services.jobs.backlog().catch(() => undefined) : undefined;
    const checks = {
      database: database ? "ok" : "down",
      storage: storage ? "ok" : "down",
      jobs: backlog ? { status: isLate(backlog) ? "late" : "ok", ...backlog } : { status: "unknown" },
    };
    if (!database) return reply.code(503).send({ status: "unavailable", message: "Database unreachable.", checks });
    if (!storage)
      return reply.code(503).send({ status: "unavailable", message: "Upload storage unavailable.", checks });
    return { status: "ok", database: services.database.dialect, checks };
  };
  app.get("/api/health/ready", { config: { access: "public" } }, ready);
  app.get("/api/health", { config: { access: "public" } }, ready);

  // The dashboard's "Background work" for Administrators (no `roles`): the backlog and, when
  // something waits, the oldest job with its last error (never shown publicly: it may name hosts).
  app.get("/api/admin/jobs", async () => {
    const backlog = await services.jobs.backlog();
    return { ...backlog, late: isLate(backlog), oldest: (await services.jobs.oldestPending()) ?? null };
  });
}
