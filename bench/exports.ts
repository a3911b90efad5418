/**
 * Exports and imports against the built site (server/start.sh: a 256 MB heap), SQLite, on 127.0.0.1:
 *   1. seeds 200,000 audit rows (batched inserts), downloads the activity CSV export and samples the
 *      server's V8 heap and longest event-loop stall from its /metrics listener all along: the heap
 *      must stay flat (the export streams, docs/decisions/0613-streamed-exports.md);
 *   2. measures GET /api/health/live (one request after another) while idle, then while a
 *      150,000-row subscriber import (~5 MB) runs as a job: p99 must stay within 2× idle
 *      (docs/decisions/0614-import-jobs.md).
 * Bounded: every loop ends with its work or after BENCH_LIMIT_SECONDS (default 300).
 * Usage: `npm run bench:exports` (builds first if needed). AUDIT_ROWS and IMPORT_ROWS change the sizes.
 */
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { adminApi } from "../tests/e2e/support/admin-api.ts";
import { freePort, startServer } from "../tests/e2e/support/server.ts";
import { ensureBuild, serverMetrics } from "./load.ts";

const AUDIT_ROWS = Number(process.env.AUDIT_ROWS ?? 200_000);
const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 150_000);
const LIMIT_MS = Number(process.env.BENCH_LIMIT_SECONDS ?? 300) * 1000;
const IDLE_SECONDS = 5;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const verdict = (ok: boolean) => (ok ? "met" : "NOT MET");

ensureBuild();
const metricsPort = await freePort();
const server = await startServer({ METRICS_PORT: String(metricsPort) });

const scrape = () => serverMetrics(metricsPort);

/** Scrapes every 200 ms until stopped: peak heap and longest stall meanwhile. */
function sampler() {
  const seen = { peakHeap: 0, longestStallMs: 0 };
  let running = true;
  const done = (async () => {
    while (running) {
      const { heap, stallMs } = await scrape();
      seen.peakHeap = Math.max(seen.peakHeap, heap);
      seen.longestStallMs = Math.max(seen.longestStallMs, stallMs);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return seen;
    },
  };
}

/** /api/health/live latencies (ms), one request after another, until `until` resolves or the limit. */
async function healthLatencies(until: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void until.finally(() => {
    finished = true;
  });
  const started = performance.now();
  const latencies: number[] = [];
  while (!finished && performance.now() - started < LIMIT_MS) {
    const t0 = performance.now();
    await (await fetch(`${server.baseUrl}/api/health/live`)).arrayBuffer();
    latencies.push(performance.now() - t0);
  }
  return latencies;
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

try {
  console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}, ${mb(os.totalmem())}; node ${process.version}`);
  // 1. The activity export.
  const db = new SQLite(path.join(server.dataDir, "hope.sqlite"));
  const insert = db.prepare(
    "insert into audit_log (id, at, actor_id, actor_email, ip, action, entity, entity_id, changes) values (?, ?, null, ?, '203.0.113.9', 'update', 'blog', null, ?)",
  );
  const seed = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();
      insert.run(
        `bench-${String(i).padStart(7, "0")}`,
        at,
        `staff${i % 7}@bench.test`,
        '{"fields":["title","body"],"values":{}}',
      );
    }
  });
  for (let from = 0; from < AUDIT_ROWS; from += 10_000) seed(from, Math.min(AUDIT_ROWS, from + 10_000));
  db.close();
  console.log(`${AUDIT_ROWS} audit rows seeded`);

  const api = await adminApi(server);
  const idleHeap = (await scrape()).heap;
  const exportSampler = sampler();
  const exportStarted = performance.now();
  const response = await fetch(`${server.baseUrl}/api/admin/activity/export.csv`, {
    headers: { authorization: api.authorization },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  const exported = await exportSampler.stop();
  console.log(
    `activity export: HTTP ${response.status}, ${lines - 1} rows, ${mb(bytes)} in ${exportSeconds.toFixed(1)} s; ` +
      `heap before ${mb(idleHeap)}, peak during ${mb(exported.peakHeap)} ` +
      `(growth ${mb(exported.peakHeap - idleHeap)}); longest event-loop stall ${exported.longestStallMs.toFixed(0)} ms`,
  );

  // 2. The subscriber import.
  const idle = await healthLatencies(new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)));
  const csvLines = ["email,consent"];
  for (let i = 0; i < IMPORT_ROWS; i++) csvLines.push(`reader${i}@bench.test,${i % 2 ? "yes" : "no"}`);
  const csv = `${csvLines.join("\n")}\n`;
  await scrape(); // resets the longest stall
  const importSampler = sampler();
  const importStarted = performance.now();
  const upload = api.json<{ id: string }>("POST", "/api/subscribe/import", { csv, source: "Bench sheet" });
  const finished = (async () => {
    const { id } = await upload;
    for (;;) {
      const status = await api.json<{ status: string; added: number }>("GET", `/api/subscribe/import/${id}`);
      if (status.status === "done" || status.status === "failed") return status;
      if (performance.now() - importStarted > LIMIT_MS) throw new Error("the import did not finish in time");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  const during = await healthLatencies(finished);
  const result = await finished;
  const importSeconds = (performance.now() - importStarted) / 1000;
  const imported = await importSampler.stop();
  const idleP99 = percentile(idle, 99);
  const duringP99 = percentile(during, 99);
  console.log(
    `import of ${IMPORT_ROWS} rows (${mb(csv.length)}): ${result.status}, ${result.added} added in ${importSeconds.toFixed(1)} s; ` +
      `longest event-loop stall ${imported.longestStallMs.toFixed(0)} ms, peak heap ${mb(imported.peakHeap)}`,
  );
  console.log(
    `/api/health/live p99: idle ${idleP99.toFixed(1)} ms (${idle.length} requests), during the import ` +
      `${duringP99.toFixed(1)} ms (${during.length} requests), max ${Math.max(...during).toFixed(0)} ms ` +
      `(target ≤ 2× idle: ${verdict(duringP99 <= 2 * idleP99)})`,
  );
} finally {
  await server.stop();
}
