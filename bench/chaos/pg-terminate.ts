import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isAcknowledged, isCleanError, type Outcome, send } from "./api-client.ts";
import type { FigureLog } from "./figures.ts";
import { createChaosDatabase, terminateOwnBackends } from "./pg-schema.ts";
import { adminToken, freePort, ServerProcess } from "./server-process.ts";

export interface PgTerminateOptions {
  terminations: number;
  /** Steady load between two terminations. */
  intervalMs: number;
  workers: number;
}

export const PG_TERMINATE_DEFAULTS: PgTerminateOptions = { terminations: 5, intervalMs: 4000, workers: 4 };

interface Answer {
  sentAt: number;
  doneAt: number;
  write: boolean;
  outcome: Outcome;
}

/**
 * The real server on PostgreSQL under steady reads and writes while its database connections are
 * ended (as a failover or a server restart does), several times: does the process stay up, how
 * long until requests succeed again, and is any acknowledged row lost? Only this run's own
 * backends are ended (its database and application_name); the shared server is never restarted.
 */
export async function pgTerminate(
  log: FigureLog,
  baseUrl: string | undefined,
  options: PgTerminateOptions = PG_TERMINATE_DEFAULTS,
) {
  if (!baseUrl) {
    log.skipped("pg termination", "set DATABASE_URL or TEST_DATABASE_URL (postgres://…) to run it");
    return;
  }
  const database = await createChaosDatabase(baseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-chaos-pg-"));
  const server = new ServerProcess(await freePort(), { DATA_DIR: dataDir, DATABASE_URL: database.url });
  try {
    await server.start();
    let token = await adminToken(server.baseUrl);
    const answers: Answer[] = [];
    const acknowledged = new Map<string, string>();
    let serial = 0;
    let exits = 0;
    const stop = new AbortController();

    const worker = async () => {
      while (!stop.signal.aborted) {
        const write = serial % 2 === 0;
        const title = `pg-${++serial}`;
        const sentAt = Date.now();
        const outcome = write
          ? await send(server.baseUrl, "POST", "/api/videos", {
              token,
              json: {
                title,
                description: "Written while connections drop.",
                youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
                category: "Testimonials",
              },
              timeoutMs: 10_000,
            })
          : await send(server.baseUrl, "GET", "/api/videos?limit=5", { timeoutMs: 10_000 });
        answers.push({ sentAt, doneAt: Date.now(), write, outcome });
        if (write && isAcknowledged(outcome) && "body" in outcome) acknowledged.set(outcome.body._id, title);
        // A dead process refuses at once: do not spin.
        if (outcome.status === "no-answer") await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const load = Promise.all(Array.from({ length: options.workers }, worker));

    const terminatedAt: number[] = [];
    let ended = 0;
    for (let i = 0; i < options.terminations; i++) {
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
      if (!server.alive) {
        // The last termination ended the process: count it, and restart so the run can go on.
        exits++;
        await server.start();
        token = await adminToken(server.baseUrl);
      }
      terminatedAt.push(Date.now());
      ended += await terminateOwnBackends(baseUrl, database.database, database.applicationName);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
    if (!server.alive) exits++;
    stop.abort();
    await load;

    if (!server.alive) {
      await server.start();
      token = await adminToken(server.baseUrl);
    }
    let lost = 0;
    for (const [id, title] of acknowledged) {
      const outcome = await send(server.baseUrl, "GET", `/api/videos/${id}`);
      if (!(isAcknowledged(outcome) && "body" in outcome && outcome.body.title === title)) lost++;
    }

    // Recovery: from each termination to the first request sent after it that succeeded.
    const recoveries = terminatedAt.map((at, i) => {
      const until = terminatedAt[i + 1] ?? Number.POSITIVE_INFINITY;
      const first = answers.find((a) => a.sentAt >= at && a.sentAt < until && isAcknowledged(a.outcome));
      return first ? first.doneAt - at : Number.POSITIVE_INFINITY;
    });
    const during = answers.filter((a) => terminatedAt.length > 0 && a.doneAt >= (terminatedAt[0] as number));
    const failed = during.filter((a) => !isAcknowledged(a.outcome));
    const unclean = failed.filter((a) => !isCleanError(a.outcome));
    const worst = Math.max(...recoveries);

    log.add({
      name: "pg termination: backends ended (own only)",
      value: ended,
      note: `${terminatedAt.length} terminations, ${answers.length} requests`,
    });
    log.add({ name: "pg termination: process exits", value: exits, target: 0 });
    log.add({
      name: "pg termination: slowest recovery (ms)",
      value: Number.isFinite(worst) ? worst : "never",
      target: 5000,
      note: recoveries.map((r) => (Number.isFinite(r) ? r : "never")).join(", "),
    });
    log.add({ name: "pg termination: failed requests, clean 503", value: failed.length - unclean.length });
    log.add({
      name: "pg termination: failed requests, not clean (500, no answer)",
      value: unclean.length,
      target: 0,
      note: unclean[0] ? JSON.stringify(unclean[0].outcome).slice(0, 160) : "",
    });
    log.add({
      name: "pg termination: acknowledged rows lost",
      value: lost,
      target: 0,
      note: `of ${acknowledged.size}`,
    });
  } finally {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
