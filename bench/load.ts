/**
 * Load benchmark of the built site on 127.0.0.1 only: requests/s and p99 latency for a public page,
 * the health API and a static asset, measured side by side in one run. Bounded: each target runs
 * for BENCH_SECONDS seconds. Usage: `npm run bench` (builds first if needed).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "../tests/e2e/support/server.ts";
import { NGINX, startNginx } from "./nginx.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
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

if (import.meta.main) {
  ensureBuild();
  const server = await startServer({ SEED_DEMO: "true", LOG_LEVEL: "error" });
  try {
    // The first render of a page (cold code paths, the demo content's first reads) is not what is measured.
    for (const accept of ["text/html", "*/*"]) await fetch(`${server.baseUrl}/`, { headers: { accept } });
    const asset = readdirSync(path.join(root, "build/client/assets")).find((f) => f.startsWith("entry.client"));
    const results = [
      await measure(server.baseUrl, "home page (cached)", "/", { accept: "text/html" }),
      await measure(server.baseUrl, "home page (rendered)", "/"),
      await measure(server.baseUrl, "health API", "/api/health"),
      await measure(server.baseUrl, "static asset", `/assets/${asset}`),
    ];
    if (NGINX) {
      const html = await (await fetch(`${server.baseUrl}/`, { headers: { accept: "text/html" } })).text();
      const nginx = await startNginx({ "index.html": html });
      try {
        const reference = await measure(nginx.baseUrl, "nginx, same bytes", "/index.html");
        results.push(reference);
        const ratio = (results[0] as BenchResult).requestsPerSecond / reference.requestsPerSecond;
        printTable(results);
        console.log(`cached home page / nginx static: ${(ratio * 100).toFixed(0)} % (target: >= 80 %, issue 18)`);
      } finally {
        await nginx.stop();
      }
    } else {
      printTable(results);
      console.log("nginx not installed (apt-get install nginx-light): no reference ratio measured");
    }
  } finally {
    await server.stop();
  }
}
