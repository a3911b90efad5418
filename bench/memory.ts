/**
 * Memory of the built site, started as `npm run serve` starts it (server/start.sh) with demo content
 * and no page cache, on 127.0.0.1 only:
 *   1. resident memory (RSS) once idle after start,
 *   2. RSS after a burst of rendered requests on `/`, then `/blog`, then `/impact/gallery`,
 *   3. RSS sampled over a soak of steady requests on the three pages, and its growth.
 * Targets (docs/decisions/0140-memory-and-fast-start.md): idle ≤ 250 MB, after the bursts ≤ 400 MB,
 * no growth over the soak. Bounded by its options:
 *   npm run bench:memory [-- --burst-seconds 60 --connections 50 --soak-seconds 300 --soak-connections 10]
 */
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startServer } from "../tests/e2e/support/server.ts";
import { ensureBuild } from "./load.ts";

const PAGES = ["/", "/blog", "/impact/gallery"];
const TARGETS = { idleMb: 250, afterBurstsMb: 400 };
/**
 * A leak shows as a higher peak in the soak's second half than in its first (the first half also
 * holds the warm-up); a difference up to this counts as flat.
 */
const FLAT_GROWTH_MB = 10;

const { values } = parseArgs({
  options: {
    "burst-seconds": { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    "soak-seconds": { type: "string", default: "300" },
    "soak-connections": { type: "string", default: "10" },
    "idle-seconds": { type: "string", default: "5" },
  },
});
const burstSeconds = Number(values["burst-seconds"]);
const connections = Number(values.connections);
const soakSeconds = Number(values["soak-seconds"]);
const soakConnections = Number(values["soak-connections"]);
const idleSeconds = Number(values["idle-seconds"]);

/** Resident set of a process in MB, from the kernel (what a 1 GB host runs out of). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/**
 * Throughput and failures; a timeout is a request still unanswered after autocannon's 10 s. Under
 * the bursts' overload those are new connections' first answers (docs/performance-log/0560-overload-tail-is-new-connections.md), not lost requests.
 */
const describe = (result: autocannon.Result) =>
  `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
  `${result.non2xx} non-2xx, ${result.timeouts} timeouts, ${result.errors - result.timeouts} other errors`;
const verdict = (ok: boolean) => (ok ? "met" : "NOT MET");

ensureBuild();
const server = await startServer({ SEED_DEMO: "true", PAGE_CACHE_SECONDS: "0" });
try {
  console.log(`started with demo content in ${(server.startMs / 1000).toFixed(1)} s`);
  await sleep(idleSeconds * 1000);
  const idle = rssMb(server.pid);
  console.log(`idle RSS after start: ${idle} MB (target ≤ ${TARGETS.idleMb} MB: ${verdict(idle <= TARGETS.idleMb)})`);

  for (const pathname of PAGES) {
    const result = await autocannon({ url: `${server.baseUrl}${pathname}`, connections, duration: burstSeconds });
    console.log(
      `after ${connections} connections × ${burstSeconds} s on ${pathname}: RSS ${rssMb(server.pid)} MB ` +
        `(${describe(result)})`,
    );
  }
  const afterBursts = rssMb(server.pid);
  console.log(
    `RSS after the bursts: ${afterBursts} MB (target ≤ ${TARGETS.afterBurstsMb} MB: ${verdict(afterBursts <= TARGETS.afterBurstsMb)})`,
  );

  if (soakSeconds > 0) {
    const samples: number[] = [];
    const every = Math.max(1, Math.round(soakSeconds / 20));
    const soak = autocannon({
      url: server.baseUrl,
      connections: soakConnections,
      duration: soakSeconds,
      requests: PAGES.map((pathname) => ({ method: "GET" as const, path: pathname })),
    });
    const sampler = setInterval(() => samples.push(rssMb(server.pid)), every * 1000);
    const result = await soak;
    clearInterval(sampler);
    samples.push(rssMb(server.pid));
    const half = Math.floor(samples.length / 2);
    const growth = Math.max(...samples.slice(half)) - Math.max(...samples.slice(0, half));
    console.log(`soak, ${soakConnections} connections × ${soakSeconds} s on ${PAGES.join(" ")} (${describe(result)}):`);
    console.log(`  RSS every ${every} s (MB): ${samples.join(" ")}`);
    console.log(
      `  growth, peak of the second half over the first: ${growth} MB (flat if ≤ ${FLAT_GROWTH_MB} MB: ${verdict(growth <= FLAT_GROWTH_MB)})`,
    );
  }
  console.log(`${process.version}, ${process.platform}, 127.0.0.1 only.`);
} finally {
  await server.stop();
}
