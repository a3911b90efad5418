import { mkdtempSync, rmSync, watch } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ageUploads, auditUploads, integrityCheck, jobsUnderWay } from "./audit.ts";
import type { FigureLog } from "./figures.ts";
import { imagePool } from "./images.ts";
import type { Random } from "./random.ts";
import { adminToken, freePort, ServerProcess } from "./server-process.ts";
import { Ledger, type LostWrite, runWorkload, verifyLedger } from "./workload.ts";

export interface KillOptions {
  cycles: number;
  /** No new cycle starts after this many seconds (a busy machine gets fewer cycles, not a longer run). */
  budgetSeconds: number;
  workers: number;
  /** How long writes run before a kill at a random moment: a time in this range (ms). */
  killAfterMs: [number, number];
  /** Share of kills aimed at the moment an upload's files are being written (the rest are at random). */
  uploadAimedShare: number;
  /** How old the leftovers are made before the last start, so a clean-up that spares young files sees them. */
  orphanAgeHours: number;
  /** How long to wait for a clean-up after the last start. */
  sweepWaitMs: number;
  /** A line per cycle on stderr (CHAOS_VERBOSE=1). */
  verbose: boolean;
}

export const KILL_DEFAULTS: KillOptions = {
  cycles: 12,
  budgetSeconds: 120,
  workers: 4,
  killAfterMs: [300, 3000],
  uploadAimedShare: 0.5,
  orphanAgeHours: 24,
  sweepWaitMs: 30_000,
  verbose: false,
};

/**
 * kill -9 of the real server at random moments under mixed writes (gallery uploads included),
 * then a restart on the same data folder, as a process manager would do it.
 */
export async function killCycles(log: FigureLog, random: Random, options: KillOptions = KILL_DEFAULTS) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-chaos-kill-"));
  const sqliteFile = path.join(dataDir, "hope.sqlite");
  const server = new ServerProcess(await freePort(), { DATA_DIR: dataDir });
  const ledger = new Ledger();
  const images = await imagePool(4, 640, 480);
  const deadline = Date.now() + options.budgetSeconds * 1000;
  let cycles = 0;
  const runId = `k${random.int(0, 0xffffff).toString(36)}`;
  const lost = new Map<string, LostWrite>();
  const integrityFailures: string[] = [];
  let failed = false;
  try {
    for (let cycle = 1; cycle <= options.cycles && (cycle === 1 || Date.now() < deadline); cycle++) {
      cycles = cycle;
      const cycleStart = Date.now();
      await server.start();
      const startMs = Date.now() - cycleStart;
      const token = await adminToken(server.baseUrl);
      for (const write of await verifyLedger(server.baseUrl, token, ledger)) lost.set(write.token, write);
      const stop = new AbortController();
      const writes = runWorkload(
        { baseUrl: server.baseUrl, token, ledger, random, images, runId },
        options.workers,
        stop.signal,
      );
      const moment = await killMoment(dataDir, random, options);
      await server.kill9();
      stop.abort();
      await writes;
      ledger.release();
      const integrity = integrityCheck(sqliteFile);
      if (integrity !== "ok") integrityFailures.push(`cycle ${cycle}: ${integrity}`);
      if (options.verbose) {
        process.stderr.write(
          `  cycle ${cycle}: start ${startMs} ms, killed ${moment}, ${ledger.acknowledged} acknowledged so far\n`,
        );
      }
    }
    const leftovers = auditUploads(dataDir, sqliteFile);
    ageUploads(dataDir, options.orphanAgeHours);
    await server.start();
    const token = await adminToken(server.baseUrl);
    for (const write of await verifyLedger(server.baseUrl, token, ledger)) lost.set(write.token, write);
    const audit = await settledAudit(dataDir, sqliteFile, options.sweepWaitMs);

    log.add({ name: "kill -9: cycles (mixed writes, uploads included)", value: cycles });
    log.add({
      name: "kill -9: writes acknowledged",
      value: ledger.acknowledged,
      note: `${ledger.unanswered} cut off by the kill`,
    });
    log.add({
      name: "kill -9: integrity_check not ok",
      value: integrityFailures.length,
      target: 0,
      note: integrityFailures[0],
    });
    log.add({ name: "kill -9: acknowledged writes lost", value: lost.size, target: 0, note: describeLost(lost) });
    log.add({
      name: "kill -9: leftovers before the last start (files + .tmp)",
      value: leftovers.orphans.length + leftovers.temps.length,
    });
    log.add({
      name: "kill -9: orphan files after start-up sweep",
      value: audit.orphans.length,
      target: 0,
      note: audit.orphans.length
        ? `${(audit.orphanBytes / 1024 / 1024).toFixed(1)} MB incl. .tmp, e.g. ${audit.orphans[0]}`
        : "",
    });
    log.add({ name: "kill -9: .tmp files after start-up sweep", value: audit.temps.length, target: 0 });
    log.add({
      name: "kill -9: files rows refer to but missing",
      value: audit.missing.length,
      target: 0,
      note: audit.missing[0],
    });
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    await server.stop();
    if (failed) console.log(`kill -9: data folder kept for a look: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * When to kill: at a random moment, or just as an upload writes its files (where leftovers come
 * from; the encode before it takes far longer, so a random moment seldom lands there).
 */
type KillMoment = "at a random moment" | "while an upload wrote its files" | "no upload wrote files in time";

function killMoment(dataDir: string, random: Random, options: KillOptions): Promise<KillMoment> {
  if (random.next() >= options.uploadAimedShare) {
    return new Promise((resolve) =>
      setTimeout(() => resolve("at a random moment"), random.int(...options.killAfterMs)),
    );
  }
  return new Promise((resolve) => {
    let fired = false;
    const fire = (moment: KillMoment, delayMs: number) => {
      if (fired) return;
      fired = true;
      watcher.close();
      clearTimeout(fallback);
      setTimeout(() => resolve(moment), delayMs);
    };
    const watcher = watch(path.join(dataDir, "uploads"), { recursive: true }, () =>
      fire("while an upload wrote its files", random.int(0, 25)),
    );
    // Under heavy load an upload may not reach its files for a long time: then a plain kill.
    const fallback = setTimeout(() => fire("no upload wrote files in time", 0), options.killAfterMs[1] * 10);
  });
}

/** The clean-up may run in the background after start: wait until leftovers are gone or stop changing. */
async function settledAudit(dataDir: string, sqliteFile: string, waitMs: number) {
  const deadline = Date.now() + waitMs;
  // Files a job is writing are neither leftovers nor named by a row yet: audit once none works.
  while (Date.now() < deadline && jobsUnderWay(sqliteFile) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  let audit = auditUploads(dataDir, sqliteFile);
  let stableSince = Date.now();
  while (Date.now() < deadline && audit.orphans.length + audit.temps.length > 0) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const next = auditUploads(dataDir, sqliteFile);
    if (next.orphans.length + next.temps.length !== audit.orphans.length + audit.temps.length) stableSince = Date.now();
    audit = next;
    if (Date.now() - stableSince > 3000) break;
  }
  return audit;
}

function describeLost(lost: Map<string, LostWrite>): string {
  const first = lost.values().next().value;
  return first
    ? `e.g. ${first.kind} ${first.token}: expected ${first.expected.join(" or ")}, found ${first.found}`
    : "";
}
