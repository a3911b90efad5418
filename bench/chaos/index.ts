/**
 * `npm run chaos`: the product's robustness guarantees, measured on 127.0.0.1 only and bounded in
 * count and time (5–10 minutes with the defaults). One figure per line, its target beside it.
 * Parts: kill (kill -9 cycles, on SQLite and, with DATABASE_URL or TEST_DATABASE_URL, PostgreSQL),
 * disk (disk full, root only), pg (PostgreSQL backend termination), fuzz (every API route). See
 * README "Other commands".
 *
 * Settings (environment): CHAOS_PARTS=kill,disk,pg,fuzz  CHAOS_SEED=<n>  CHAOS_KILL_CYCLES=12
 * CHAOS_KILL_SECONDS=120 (each per database)  CHAOS_FUZZ_RUNS=40 (requests per route and identity)
 * CHAOS_FUZZ_SECONDS=90  CHAOS_DISK_MB=24  CHAOS_PG_TERMINATIONS=5
 */
import { ensureBuild } from "../load.ts";
import { DISK_FULL_DEFAULTS, diskFull } from "./disk-full.ts";
import { FigureLog } from "./figures.ts";
import { FUZZ_DEFAULTS, fuzzRoutes } from "./fuzz.ts";
import { KILL_DEFAULTS, killCycles } from "./kill.ts";
import { postgresUrl } from "./pg-schema.ts";
import { PG_TERMINATE_DEFAULTS, pgTerminate } from "./pg-terminate.ts";
import { createRandom } from "./random.ts";

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number, got ${process.env[name]}`);
  return value;
};

const parts = new Set((process.env.CHAOS_PARTS ?? "kill,disk,pg,fuzz").split(",").map((p) => p.trim()));
const seed = number("CHAOS_SEED", Math.floor(Math.random() * 2 ** 31));
const log = new FigureLog();
const started = Date.now();

console.log(`chaos run, seed ${seed} (repeat with CHAOS_SEED=${seed}), parts: ${[...parts].join(", ")}\n`);
if (parts.has("kill") || parts.has("disk") || parts.has("pg")) ensureBuild();

const runPart = async (name: string, run: () => Promise<void>) => {
  if (!parts.has(name)) return;
  const t0 = Date.now();
  try {
    await run();
  } catch (error) {
    console.error(error);
    log.add({ name: `${name}: part failed to run`, value: 1, target: 0, note: String(error).slice(0, 400) });
  }
  console.log(`${`${name}: took`.padEnd(58)}  ${((Date.now() - t0) / 1000).toFixed(0).padStart(7)}s\n`);
};

await runPart("kill", () =>
  killCycles(
    log,
    createRandom(seed),
    {
      ...KILL_DEFAULTS,
      cycles: number("CHAOS_KILL_CYCLES", KILL_DEFAULTS.cycles),
      budgetSeconds: number("CHAOS_KILL_SECONDS", KILL_DEFAULTS.budgetSeconds),
      verbose: process.env.CHAOS_VERBOSE === "1",
    },
    postgresUrl(),
  ),
);

await runPart("disk", () =>
  diskFull(log, createRandom(seed + 1), {
    ...DISK_FULL_DEFAULTS,
    sizeMb: number("CHAOS_DISK_MB", DISK_FULL_DEFAULTS.sizeMb),
  }),
);

await runPart("pg", () =>
  pgTerminate(log, postgresUrl(), {
    ...PG_TERMINATE_DEFAULTS,
    terminations: number("CHAOS_PG_TERMINATIONS", PG_TERMINATE_DEFAULTS.terminations),
  }),
);

await runPart("fuzz", () =>
  fuzzRoutes(log, {
    seed,
    runsPerRoute: number("CHAOS_FUZZ_RUNS", FUZZ_DEFAULTS.runsPerRoute),
    budgetSeconds: number("CHAOS_FUZZ_SECONDS", FUZZ_DEFAULTS.budgetSeconds),
    postgresUrl: postgresUrl(),
  }),
);

const missed = log.missed;
console.log(
  `${log.figures.length} figures in ${((Date.now() - started) / 1000).toFixed(0)} s; ${missed.length} missed their target${missed.length ? `: ${missed.map((f) => f.name).join("; ")}` : ""}`,
);
process.exitCode = missed.length > 0 ? 1 : 0;
