/**
 * How long the built site takes from spawn to ready on a fresh data folder with demo content, on
 * SQLite and (when TEST_DATABASE_URL or BENCH_DATABASE_URL names a PostgreSQL server) on a fresh
 * PostgreSQL database of its own, dropped afterwards. Started as `npm run serve` starts it, on
 * 127.0.0.1. Budget: ≤ 5 s (docs/decisions/0140-memory-and-fast-start.md).
 *   npm run bench:startup [-- --runs 3]
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { startServer } from "../tests/e2e/support/server.ts";
import { ensureBuild } from "./load.ts";

const BUDGET_MS = 5_000;
const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Number(values.runs);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for one start (the site migrates and seeds it), dropped after. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hbb_bench_${randomBytes(4).toString("hex")}`;
  await withAdmin(postgresUrl as string, (client) => client.query(`create database ${name}`));
  const url = new URL(postgresUrl as string);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await withAdmin(postgresUrl as string, (client) => client.query(`drop database if exists ${name}`));
    },
  };
}

async function measure(label: string, env: () => Promise<{ env: Record<string, string>; drop?(): Promise<void> }>) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const database = await env();
    const server = await startServer({ SEED_DEMO: "true", LOG_LEVEL: "warn", ...database.env });
    times.push(server.startMs);
    await server.stop();
    await database.drop?.();
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `${label}: ${seconds(median)} s median (runs: ${times.map(seconds).join(" ")} s; budget ≤ ${BUDGET_MS / 1000} s: ` +
      `${median <= BUDGET_MS ? "met" : "NOT MET"})`,
  );
}

ensureBuild();
console.log("fresh start with demo content, spawn to ready:");
await measure("SQLite", async () => ({ env: {} }));
if (postgresUrl) {
  await measure("PostgreSQL", async () => {
    const database = await freshPostgres();
    return { env: { DATABASE_URL: database.url }, drop: database.drop };
  });
} else {
  console.log("PostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)");
}
console.log(`${process.version}, ${process.platform}, 127.0.0.1 only.`);
