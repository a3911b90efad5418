/**
 * Load benchmark of the built site on 127.0.0.1 only: requests/s and p99 latency for a public page,
 * the health API and a static asset, measured side by side in one run; the cached page and nginx
 * serving its bytes in alternating rounds (BENCH_ROUNDS), the ratio being their median, also as
 * browsers get it (brotli) and as deployed (through Caddy over HTTPS, docs/performance-log/0559-the-deployed-cached-page-is-mostly-caddy.md). Bounded:
 * each target runs for BENCH_SECONDS seconds. Usage: `npm run bench` (builds first if needed).
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { startServer } from "../tests/e2e/support/server.ts";
import { CADDY_FOUND, startCaddy } from "../tests/support/caddy.ts";
import { NGINX, startNginx } from "./nginx.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Rounds of target-then-reference for a ratio (BENCH_ROUNDS, default 3). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const run = promisify(execFile);
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
  /** The measured server's CPU use during the run, in cores (1 = one core busy all along), its front's included. */
  serverBusy: number;
  /** Of serverBusy, what the front (BenchTarget.frontPid) used. */
  frontBusy: number;
  /** The share of a core the server could have: 1, or 1/2 when measured side by side with another on one core. */
  coreShare?: number;
}

/**
 * `accept: text/html` marks a browser-like document request (the page cache serves those);
 * without it the page is rendered each time.
 */
/**
 * wrk (Debian's `wrk`), a load generator written in C. autocannon parses every answer in JavaScript
 * and, on this two-core machine, runs out of CPU before the server does once answers carry more than
 * a few headers or kilobytes: what it measures is then itself (decision 0551).
 */
const WRK = process.env.BENCH_CLIENT === "autocannon" ? undefined : ["/usr/bin/wrk"].find((p) => existsSync(p));
export const CLIENT = WRK ? "wrk (one thread)" : "autocannon";

/** A server to measure: where it listens and the process whose CPU it uses. */
export interface BenchTarget {
  baseUrl: string;
  pid: number;
  /** A proxy every answer passes through first (Caddy, as deployed): its CPU counts as the answer's too. */
  frontPid?: number;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** CPU seconds a process has used (user and system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

export async function measure(
  target: BenchTarget,
  name: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<BenchResult> {
  const url = `${target.baseUrl}${pathname}`;
  const frontCpu = () => (target.frontPid === undefined ? 0 : cpuSeconds(target.frontPid));
  const [serverBefore, frontBefore] = [cpuSeconds(target.pid), frontCpu()];
  const started = performance.now();
  const load = WRK ? await wrk(WRK, url, headers) : await autocannonLoad(url, headers);
  const seconds = (performance.now() - started) / 1000;
  const frontBusy = (frontCpu() - frontBefore) / seconds;
  return {
    name,
    path: pathname,
    ...load,
    serverBusy: (cpuSeconds(target.pid) - serverBefore) / seconds + frontBusy,
    frontBusy,
  };
}

async function autocannonLoad(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, non2xx: result.non2xx };
}

const WRK_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

async function wrk(command: string, url: string, headers: Record<string, string>) {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${DURATION}s`, "--latency"];
  for (const [header, value] of Object.entries(headers)) args.push("-H", `${header}: ${value}`);
  const { stdout } = await run(command, [...args, url]);
  const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(stdout);
  if (!perSecond || !p99) throw new Error(`wrk's output not understood:\n${stdout}`);
  const failed = /Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout);
  return {
    requestsPerSecond: Math.round(Number(perSecond[1])),
    p99Ms: Math.round(Number(p99[1]) * (WRK_UNITS[p99[2] as string] as number) * 10) / 10,
    non2xx: failed ? Number(failed[1]) : 0,
  };
}

/** Below this share of a core, the server waited for the client: the client set the pace, not the server. */
const SATURATED = 0.9;
const waitedForClient = (r: BenchResult) => r.serverBusy < SATURATED * (r.coreShare ?? 1);

export function printTable(results: BenchResult[]) {
  const row = (cells: string[]) =>
    console.log(
      `${cells[0]?.padEnd(26)} ${cells[1]?.padEnd(42)} ${cells[2]?.padStart(8)} ${cells[3]?.padStart(8)} ${cells[4]?.padStart(8)} ${cells[5]?.padStart(11)}`,
    );
  console.log("");
  row(["target", "path", "req/s", "p99 ms", "non-2xx", "server CPU"]);
  for (const r of results) {
    const busy = `${(r.serverBusy * 100).toFixed(0)} %${waitedForClient(r) ? " *" : ""}`;
    row([r.name, r.path, String(r.requestsPerSecond), String(r.p99Ms), String(r.non2xx), busy]);
  }
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each, client ${CLIENT}, ${process.version}, 127.0.0.1 only.`,
  );
  if (results.some(waitedForClient)) {
    console.log(
      `* the server used less than ${SATURATED * 100} % of its share of a core: the client, not the server, set that row's pace.`,
    );
  }
}

/** The median of a few numbers (the middle one; the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Answers per second of CPU the server used: what an answer costs, whoever set the pace. */
const answersPerCpuSecond = (result: BenchResult) => result.requestsPerSecond / Math.max(result.serverBusy, 0.01);

export interface RatioInRounds {
  results: BenchResult[];
  ratios: number[];
  median: number;
  /** The same rounds compared by answers per CPU second (the ratio of what one answer costs each). */
  perCpuRatios: number[];
  perCpuMedian: number;
}

/**
 * A server's V8 heap in use and the longest event-loop stall since the previous read, from its
 * /metrics listener (started with METRICS_PORT): reading resets the stall.
 */
export async function serverMetrics(metricsPort: number): Promise<{ heap: number; stallMs: number }> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
  return { heap: value("nodejs_heap_used_bytes"), stallMs: value("hbb_event_loop_delay_max_seconds") * 1000 };
}

/**
 * The client (this process and the wrk it starts) on the first core, the servers with all their
 * threads on the last: otherwise the scheduler moves them about, and two identical servers measured
 * 81 % and 100 % of each other in the same hour; pinned, 99 % and 101 %. Returns what it did.
 */
export function pinApart(serverPids: number[]): string {
  // All the machine's cores, not availableParallelism(): that counts this process's own, one once pinned.
  const cores = os.cpus().length;
  if (cores < 2 || !existsSync("/usr/bin/taskset")) return "not pinned";
  execFileSync("taskset", ["-p", "-c", "0", String(process.pid)], { stdio: "ignore" });
  for (const pid of serverPids)
    execFileSync("taskset", ["-a", "-p", "-c", String(cores - 1), String(pid)], { stdio: "ignore" });
  return `client on core 0, servers on core ${cores - 1}`;
}

/**
 * A target and its reference, measured in turns (target, reference, target, reference…) so that
 * the shared machine's changing load weighs on both alike; the ratio is the median of the rounds'.
 */
export async function ratioInRounds(
  target: () => Promise<BenchResult>,
  reference: () => Promise<BenchResult>,
  rounds = ROUNDS,
): Promise<RatioInRounds> {
  const measured: [BenchResult, BenchResult][] = [];
  for (let round = 1; round <= rounds; round++) {
    // Each goes first in every other round: whichever runs second meets a warmer (or a throttled)
    // machine, and a fixed order put that difference into every ratio.
    if (round % 2 === 1) measured.push([await target(), await reference()]);
    else {
      const theirs = await reference();
      measured.push([await target(), theirs]);
    }
  }
  return ratiosOf(measured);
}

/**
 * A target and its reference loaded at the same time, each by its own client, both servers pinned
 * to one core (`pinApart`): the kernel's scheduler gives each half of it, so the ratio of their
 * answers is the ratio of what one answer costs each, and whatever else the shared machine does in
 * those seconds weighs on both alike. Rounds in turns (`ratioInRounds`) could not resolve a few
 * percent: on a shared VM the same server's answers per second moved by a quarter from one
 * five-second round to the next. A first round, not counted, lets both compile their hot paths.
 */
export async function ratioSideBySide(
  target: () => Promise<BenchResult>,
  reference: () => Promise<BenchResult>,
  rounds = ROUNDS,
): Promise<RatioInRounds> {
  await Promise.all([target(), reference()]);
  const measured: [BenchResult, BenchResult][] = [];
  for (let round = 1; round <= rounds; round++) {
    const both = await Promise.all([target(), reference()]);
    for (const result of both) result.coreShare = 1 / 2;
    measured.push(both);
  }
  return ratiosOf(measured);
}

/** Each round's target against its reference (rounds numbered in their names), and the medians. */
function ratiosOf(measured: [BenchResult, BenchResult][]): RatioInRounds {
  const results: BenchResult[] = [];
  const ratios: number[] = [];
  const perCpuRatios: number[] = [];
  for (const [index, [mine, theirs]] of measured.entries()) {
    mine.name = `${mine.name} #${index + 1}`;
    theirs.name = `${theirs.name} #${index + 1}`;
    results.push(mine, theirs);
    if (theirs.requestsPerSecond === 0) throw new Error(`${theirs.name} answered nothing: no ratio`);
    ratios.push(mine.requestsPerSecond / theirs.requestsPerSecond);
    perCpuRatios.push(answersPerCpuSecond(mine) / answersPerCpuSecond(theirs));
  }
  return { results, ratios, median: median(ratios), perCpuRatios, perCpuMedian: median(perCpuRatios) };
}

/** A server of bench/ in its own process, like the site: it prints the port it listens on. */
async function startBenchServer(
  script: string,
  args: string[] = [],
): Promise<{ baseUrl: string; pid: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, script), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout?.once("data", (chunk) => resolve(String(chunk).trim())),
  );
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid as number, child };
}

/** The reference for API speed: a bare Fastify hello-world (hello-world.ts). */
export const startHelloWorld = () => startBenchServer("hello-world.ts");

/** node:http alone writing these bytes and headers for every request (node-http-floor.ts). */
function startNodeHttpFloor(headers: Record<string, string>, body: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hbb-floor-"));
  const file = path.join(dir, "answer.json");
  writeFileSync(file, JSON.stringify({ headers, body: Buffer.from(body).toString("base64") }));
  // The floor reads its answer before it prints its port: the folder can go once it has.
  return startBenchServer("node-http-floor.ts", [file]).finally(() => rmSync(dir, { recursive: true, force: true }));
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

/** Headers node:http writes on its own (or that belong to one exchange). */
const NODE_HTTP_SETS_ITSELF = new Set(["date", "content-length", "connection", "keep-alive", "transfer-encoding"]);

const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;

/** A ratio's median and rounds, by answers per second and by answers per CPU second. */
export const describeRatio = (r: RatioInRounds) =>
  `${percent(r.median)} (median of ${r.ratios.map(percent).join(", ")}); per CPU second ` +
  `${percent(r.perCpuMedian)} (median of ${r.perCpuRatios.map(percent).join(", ")})`;

/** Printed under a table where a row is marked: which of the two ratios to read then. */
export const CLIENT_SET_THE_PACE =
  "Where a row is marked *, the client set the pace: answers per second say little there; answers per CPU " +
  "second compare what one answer costs each server.";

/** The machine's state, printed with every result (the README quotes it). */
export const machine = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(" ")}, ${new Date().toISOString().slice(0, 16)}Z`;

/** A Fastify hello-world and nginx serving the same answer, in rounds. */
async function nodeFloor() {
  const hello = await startHelloWorld();
  const body = await (await fetch(hello.baseUrl)).text();
  const nginx = await startNginx({ "hello.json": body });
  try {
    return await ratioInRounds(
      () => measure(hello, "Fastify hello-world", "/"),
      () => measure(nginx, "nginx, same 17 bytes", "/hello.json"),
    );
  } finally {
    hello.child.kill("SIGTERM");
    await nginx.stop();
  }
}

/** An answer's body as sent, still compressed (fetch would decode it). */
const bytesAsSent = (url: string, headers: Record<string, string>) =>
  new Promise<Buffer>((resolve, reject) =>
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks)));
      })
      .on("error", reject),
  );

/** What a browser asks for a page: HTML, compressed. */
const BROWSER = { accept: "text/html", "accept-encoding": "br" };

/**
 * The cached page as browsers get it (brotli), from the site alone and as deployed: over HTTPS
 * through Caddy with the shipped Caddyfile (tests/support/caddy.ts), Caddy's CPU counted with the
 * site's; against nginx sending the same compressed bytes, over HTTP and over HTTPS.
 * Caddy runs on one core, as nginx's one worker does (GOMAXPROCS=1).
 */
async function asBrowsersGetIt(site: BenchTarget) {
  const compressed = await bytesAsSent(`${site.baseUrl}/`, BROWSER);
  const files = { "index.html": compressed };
  const encoded = { "Content-Encoding": "br" };
  const nginx = await startNginx(files, encoded);
  const nginxTls = CADDY_FOUND ? await startNginx(files, encoded, { tls: true }) : undefined;
  const caddy = CADDY_FOUND ? await startCaddy(Number(new URL(site.baseUrl).port), { GOMAXPROCS: "1" }) : undefined;
  try {
    const siteAlone = await ratioInRounds(
      () => measure(site, "home page (cached, br)", "/", BROWSER),
      () => measure(nginx, "nginx, same br bytes", "/index.html"),
    );
    const deployed =
      caddy && nginxTls
        ? await ratioInRounds(
            () =>
              measure({ ...site, baseUrl: caddy.baseUrl, frontPid: caddy.pid }, "Caddy + site, https", "/", BROWSER),
            () => measure(nginxTls, "nginx, https, same br", "/index.html"),
          )
        : undefined;
    return { siteAlone, deployed };
  } finally {
    await caddy?.stop();
    await nginxTls?.stop();
    await nginx.stop();
  }
}

if (import.meta.main) {
  ensureBuild();
  const server = await startServer({ SEED_DEMO: "true" });
  try {
    // The first render of a page (cold code paths, the demo content's first reads) is not what is measured.
    for (const accept of ["text/html", "*/*"]) await fetch(`${server.baseUrl}/`, { headers: { accept } });
    const asset = readdirSync(path.join(root, "build/client/assets")).find((f) => f.startsWith("entry.client"));
    console.log(`Before: ${machine()}`);
    const cachedPage = () => measure(server, "home page (cached)", "/", { accept: "text/html" });
    const results = [
      await measure(server, "home page (rendered)", "/"),
      await measure(server, "health API", "/api/health"),
      await measure(server, "static asset", `/assets/${asset}`),
    ];
    if (NGINX) {
      const html = await (await fetch(`${server.baseUrl}/`, { headers: { accept: "text/html" } })).text();
      const nginx = await startNginx({ "index.html": html });
      try {
        const reference = () => measure(nginx, "nginx, same bytes", "/index.html");
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
        // And what node:http alone costs for the same answer: no framework, no work of its own.
        const floorHeaders = Object.fromEntries([...sent.headers].filter(([name]) => !NODE_HTTP_SETS_ITSELF.has(name)));
        const nodeHttp = await startNodeHttpFloor(floorHeaders, html);
        let withHeaders: RatioInRounds;
        let nodeHttpFloor: RatioInRounds;
        try {
          const sameHeaders = () => measure(nginxWithHeaders, "nginx, same headers", "/index.html");
          withHeaders = await ratioInRounds(cachedPage, sameHeaders);
          nodeHttpFloor = await ratioInRounds(() => measure(nodeHttp, "node:http, same answer", "/"), sameHeaders);
        } finally {
          await nginxWithHeaders.stop();
          nodeHttp.child.kill("SIGTERM");
        }
        // What no Node server goes below: Fastify's hello-world against nginx sending the same 17 bytes.
        const floor = await nodeFloor();
        const browsers = await asBrowsersGetIt(server);
        printTable([
          ...rounds.results,
          ...withHeaders.results,
          ...nodeHttpFloor.results,
          ...floor.results,
          ...browsers.siteAlone.results,
          ...(browsers.deployed?.results ?? []),
          ...results,
        ]);
        console.log(`After: ${machine()}`);
        console.log(`cached home page / nginx static: ${describeRatio(rounds)}; target: >= 80 %`);
        console.log(`cached home page / nginx static with the same headers: ${describeRatio(withHeaders)}`);
        console.log(`node:http alone, same answer / nginx with the same headers: ${describeRatio(nodeHttpFloor)}`);
        console.log(`Fastify hello-world / nginx serving its bytes: ${describeRatio(floor)}`);
        console.log(
          `cached home page as browsers get it (br) / nginx, same bytes: ${describeRatio(browsers.siteAlone)}`,
        );
        if (browsers.deployed) {
          const caddyShare = median(
            browsers.deployed.results.filter((r) => r.frontBusy > 0).map((r) => r.frontBusy / r.serverBusy),
          );
          console.log(
            `as deployed, Caddy in front over HTTPS (br) / nginx over HTTPS, same bytes: ${describeRatio(browsers.deployed)}; ` +
              `Caddy's share of each answer's CPU: ${percent(caddyShare)}`,
          );
        } else {
          console.log("caddy not installed (apt-get install caddy): the deployed path was not measured");
        }
        console.log(CLIENT_SET_THE_PACE);
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
