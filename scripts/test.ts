/**
 * `npm test`'s Vitest part: the two projects side by side, as two Vitest processes. The browser
 * journeys (two workers) spend most of their time waiting on Chromium and the servers they start;
 * the unit files (one worker) keep a core busy meanwhile instead of running after them. One Vitest
 * process cannot do this: it shares one pool between projects of a run (docs/decisions/0526).
 * Prints each line with its project's name, then the one summary line CI reads, for both together.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) skipped$/;

interface Outcome {
  code: number | null;
  counts?: [number, number, number];
}

function runProject(project: "e2e" | "unit", args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, "run", "--project", project, ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let counts: Outcome["counts"];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        const summary = SUMMARY.exec(line);
        if (summary) counts = [Number(summary[1]), Number(summary[2]), Number(summary[3])];
        else process.stdout.write(`[${project}] ${line}\n`);
      });
    }
    child.on("close", (code) => resolve({ code, counts }));
  });
}

const outcomes = await Promise.all([runProject("e2e", []), runProject("unit", ["--maxWorkers=1"])]);
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
