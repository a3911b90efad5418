/**
 * How long the built site takes from spawn to ready on a fresh data folder with demo content, on
 * SQLite and (when TEST_DATABASE_URL or BENCH_DATABASE_URL names a PostgreSQL server) on a fresh
 * PostgreSQL database of its own, dropped afterwards. Started as `npm run serve` starts it, on
 * 127.0.0.1. Budget: ≤ 5 s (docs/decisions/0140-memory-and-fast-start.md).
 *   npm run bench:startup [-- --runs 3]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startServer } from "../tests/e2e/support/server.ts";
import { ensureBuild } from "./load.ts";
import { benchPostgresServer, scratchPostgres } from "./scratch-database.ts";

const BUDGET_MS = 5_000;
const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Number(values.runs);
const postgresUrl = benchPostgresServer();

/**
 * CPU seconds a process has used (user + system, from /proc): what a start costs whatever else the
 * machine is doing, where wall time on a shared machine mostly measures the other work.
 */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measure(label: string, env: () => Promise<{ env: Record<string, string>; drop?(): Promise<void> }>) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const database = await env();
    const server = await startServer({ SEED_DEMO: "true", ...database.env });
    times.push(server.startMs / 1000);
    cpu.push(cpuSeconds(server.pid));
    await server.stop();
    await database.drop?.();
  }
  const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] as number;
  const list = (numbers: number[]) => numbers.map((n) => n.toFixed(1)).join(" ");
  console.log(
    `${label}: ${median(times).toFixed(1)} s median (runs: ${list(times)} s; budget ≤ ${BUDGET_MS / 1000} s: ` +
      `${median(times) * 1000 <= BUDGET_MS ? "met" : "NOT MET"}); CPU used by the start: ${list(cpu)} s`,
  );
}

ensureBuild();
console.log("fresh start with demo content, spawn to ready:");
await measure("SQLite", async () => ({ env: {} }));
if (postgresUrl) {
  await measure("PostgreSQL", async () => {
    const database = await scratchPostgres(postgresUrl, "hbb_bench");
    return { env: { DATABASE_URL: database.url }, drop: database.drop };
  });
} else {
  console.log("PostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)");
}
console.log(`${process.version}, ${process.platform}, 127.0.0.1 only.`);
