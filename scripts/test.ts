/**
 * `npm test`: the two Vitest projects side by side, as two Vitest processes, and the static checks
 * (Biome, tsc, knip) in the room the first of them leaves. The browser journeys (two workers) spend
 * most of their time waiting on Chromium and the servers they start; the unit files (one worker) keep
 * a core busy meanwhile instead of running after them. One Vitest process cannot do this: it shares
 * one pool between projects of a run (docs/decisions/0526).
 *
 * The checks ran first, one after another, on one core of the two while the other idled: they now
 * start when the first Vitest process ends, where a core comes free (docs/decisions/0820). Not at
 * the start: the journeys' build regenerates React Router's route types (it deletes and rewrites
 * .react-router/types), which tsc reads, and by the time a Vitest process has run its files that
 * build is long done.
 *
 * Prints each line with its lane's name and how long each lane took, then the one summary line CI
 * reads, for all together. A failed check counts as one failure.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) skipped$/;
/** The static checks, as `npm run` scripts (package.json): each also runs on its own. */
const CHECKS = ["lint", "typecheck", "unused"] as const;
const started = performance.now();
const elapsed = () => `${Math.round((performance.now() - started) / 1000)} s`;

interface Outcome {
  code: number | null;
  counts?: [number, number, number];
}

/** Runs a command, printing each of its lines with `lane`'s name; reads Vitest's summary line. */
function run(lane: string, command: string, args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let counts: Outcome["counts"];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        const summary = SUMMARY.exec(line);
        if (summary) counts = [Number(summary[1]), Number(summary[2]), Number(summary[3])];
        else process.stdout.write(`[${lane}] ${line}\n`);
      });
    }
    child.on("close", (code) => {
      process.stdout.write(`[${lane}] ended after ${elapsed()} (exit code ${code})\n`);
      resolve({ code, counts });
    });
  });
}

/** A lane: Vitest projects whose names start with `lane` ("unit" is also "unit-isolated"). */
const runLane = (lane: "e2e" | "unit", args: string[]) =>
  run(lane, process.execPath, [vitest, "run", "--project", `${lane}*`, ...args]);

async function runChecks(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  // One after another, so the checks take one core, as the Vitest process that ended did; all of
  // them run even after one fails, so a run reports every failure at once.
  for (const check of CHECKS) {
    const { code } = await run(check, "npm", ["run", "--silent", check]);
    outcomes.push({ code, counts: [0, code === 0 ? 0 : 1, 0] });
  }
  return outcomes;
}

const projects = [runLane("e2e", []), runLane("unit", ["--maxWorkers=1"])];
const checks = Promise.race(projects).then(runChecks);
const outcomes = [...(await Promise.all(projects)), ...(await checks)];

const total = { passed: 0, failed: 0, skipped: 0 };
for (const { code, counts } of outcomes) {
  // A Vitest that died before its summary still fails the run.
  const [passed, failed, skipped] = counts ?? [0, 1, 0];
  total.passed += passed;
  total.failed += failed + (code !== 0 && failed === 0 ? 1 : 0);
  total.skipped += skipped;
}
process.stdout.write(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(outcomes.every(({ code }) => code === 0) ? 0 : 1);
