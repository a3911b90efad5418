/**
 * Load benchmark of the built site on 127.0.0.1 only: requests/s and p99 latency for a public page,
 * the health API and a static asset, measured side by side in one run; the cached page and nginx
 * serving its bytes in alternating rounds (BENCH_ROUNDS), the ratio being their median. Bounded:
 * each target runs for BENCH_SECONDS seconds. Usage: `npm run bench` (builds first if needed).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "../tests/e2e/support/server.ts";
import { NGINX, startNginx } from "./nginx.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Rounds of target-then-reference for a ratio (BENCH_ROUNDS, default 3). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const root = path.resolve(import.meta.dirname, "..");

export function ensureBuild() {
  if (existsSync(path.join(root, "build/server/index.js"))) return;
  execFileSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

export interface BenchResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

/**
 * `accept: text/html` marks a browser-like document request (the page cache serves those);
 * without it the page is rendered each time.
 */
export async function measure(
  baseUrl: string,
  name: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<BenchResult> {
  const result = await autocannon({
    url: `${baseUrl}${pathname}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  return {
    name,
    path: pathname,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export function printTable(results: BenchResult[]) {
  const row = (cells: string[]) =>
    console.log(
      `${cells[0]?.padEnd(24)} ${cells[1]?.padEnd(44)} ${cells[2]?.padStart(8)} ${cells[3]?.padStart(8)} ${cells[4]?.padStart(8)}`,
    );
  console.log("");
  row(["target", "path", "req/s", "p99 ms", "non-2xx"]);
  for (const r of results) row([r.name, r.path, String(r.requestsPerSecond), String(r.p99Ms), String(r.non2xx)]);
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${process.version}, 127.0.0.1 only.`);
}

/** The median of a few numbers (the middle one; the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * A target and its reference, measured in turns (target, reference, target, reference…) so that
 * the shared machine's changing load weighs on both alike; the ratio is the median of the rounds'.
 */
export async function ratioInRounds(
  target: () => Promise<BenchResult>,
  reference: () => Promise<BenchResult>,
): Promise<{ results: BenchResult[]; ratios: number[]; median: number }> {
  const results: BenchResult[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const [mine, theirs] = [await target(), await reference()];
    mine.name = `${mine.name} #${round}`;
    theirs.name = `${theirs.name} #${round}`;
    results.push(mine, theirs);
    if (theirs.requestsPerSecond === 0) throw new Error(`${theirs.name} answered nothing: no ratio`);
    ratios.push(mine.requestsPerSecond / theirs.requestsPerSecond);
  }
  return { results, ratios, median: median(ratios) };
}

/** Headers nginx writes on its own (or that belong to one exchange). */
const NGINX_SETS_ITSELF = new Set([
  "date",
  "content-length",
  "connection",
  "keep-alive",
  "etag",
  "server",
  "last-modified",
]);

const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;

/** The machine's state, printed with every result (the README quotes it). */
export const machine = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(" ")}, ${new Date().toISOString().slice(0, 16)}Z`;

if (import.meta.main) {
  ensureBuild();
  const server = await startServer({ SEED_DEMO: "true", LOG_LEVEL: "error" });
  try {
    // The first render of a page (cold code paths, the demo content's first reads) is not what is measured.
    for (const accept of ["text/html", "*/*"]) await fetch(`${server.baseUrl}/`, { headers: { accept } });
    const asset = readdirSync(path.join(root, "build/client/assets")).find((f) => f.startsWith("entry.client"));
    console.log(`Before: ${machine()}`);
    const cachedPage = () => measure(server.baseUrl, "home page (cached)", "/", { accept: "text/html" });
    const results = [
      await measure(server.baseUrl, "home page (rendered)", "/"),
      await measure(server.baseUrl, "home page (cached, br)", "/", { accept: "text/html", "accept-encoding": "br" }),
      await measure(server.baseUrl, "health API", "/api/health"),
      await measure(server.baseUrl, "static asset", `/assets/${asset}`),
    ];
    if (NGINX) {
      const html = await (await fetch(`${server.baseUrl}/`, { headers: { accept: "text/html" } })).text();
      const nginx = await startNginx({ "index.html": html });
      try {
        const reference = () => measure(nginx.baseUrl, "nginx, same bytes", "/index.html");
        const rounds = await ratioInRounds(cachedPage, reference);
        // The same again with nginx sending our headers too (CSP, security headers, Vary…): how much
        // of the gap is the headers every answer must carry, and not the server.
        const sent = await fetch(`${server.baseUrl}/`, {
          headers: { accept: "text/html", "accept-encoding": "identity" },
        });
        const ours = Object.fromEntries(
          [...sent.headers].filter(([name]) => !NGINX_SETS_ITSELF.has(name) && name !== "content-type"),
        );
        const nginxWithHeaders = await startNginx({ "index.html": html }, ours);
        let withHeaders: Awaited<ReturnType<typeof ratioInRounds>>;
        try {
          withHeaders = await ratioInRounds(cachedPage, () =>
            measure(nginxWithHeaders.baseUrl, "nginx, same headers", "/index.html"),
          );
        } finally {
          await nginxWithHeaders.stop();
        }
        printTable([...rounds.results, ...withHeaders.results, ...results]);
        console.log(`After: ${machine()}`);
        const summary = (r: typeof rounds) => `${percent(r.median)} (median of ${r.ratios.map(percent).join(", ")})`;
        console.log(`cached home page / nginx static: ${summary(rounds)}; target: >= 80 %, issue 18`);
        console.log(`cached home page / nginx static with the same headers: ${summary(withHeaders)}`);
      } finally {
        await nginx.stop();
      }
    } else {
      printTable([await cachedPage(), ...results]);
      console.log("nginx not installed (apt-get install nginx-light): no reference ratio measured");
    }
  } finally {
    await server.stop();
  }
}
