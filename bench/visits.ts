/**
 * What counting page views costs (docs/decisions/0710-visits-counted-on-the-server.md): the cached
 * /about page from a site counting them (ANALYTICS=on) against the same site not counting
 * (ANALYTICS=off), fresh pairs of both started in this run (BENCH_PAIRS), each pair loaded side by
 * side on one core (`ratioSideBySide`) for two rounds after one to warm up, the ratio being the
 * median of all rounds. Every request looks like a phone's, so each one is counted (or dropped when
 * the buffer is full: the overload path is part of what is measured). Target: on ≥ 95 % of off.
 * Usage: `npm run bench:visits` (builds first if needed; BENCH_SECONDS per target, default 5).
 * `BENCH_CONTROL=1` starts both servers of each pair not counting: what the method measures between
 * two identical servers (its zero, and its spread).
 */
import { startServer } from "../tests/e2e/support/server.ts";
import {
  type BenchResult,
  CLIENT,
  CLIENT_SET_THE_PACE,
  describeRatio,
  ensureBuild,
  machine,
  measure,
  median,
  pinApart,
  printTable,
  ratioSideBySide,
} from "./load.ts";

const PAGE = "/about";
const BROWSER = {
  accept: "text/html",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
};

/** Pairs of fresh servers (BENCH_PAIRS): each pair measured side by side in two rounds. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 8);

const CONTROL = process.env.BENCH_CONTROL === "1";

/** A counting and a not-counting server; which starts first alternates with the pair's number. */
async function startPair(pair: number) {
  const start = (analytics: string) =>
    startServer({ LOG_LEVEL: "error", PAGE_CACHE_SECONDS: "10", ANALYTICS: analytics });
  if (pair % 2 === 1) {
    const counting = await start(CONTROL ? "off" : "on");
    return { counting, notCounting: await start("off") };
  }
  const notCounting = await start("off");
  return { counting: await start(CONTROL ? "off" : "on"), notCounting };
}

if (import.meta.main) {
  ensureBuild();
  console.log(`Before: ${machine()}; client: ${CLIENT}`);
  // A new pair of servers for every pair of rounds: two identical servers kept for a whole run
  // measured 62 % and 107 % of each other in two runs the same hour (what each process's compiler
  // and memory made of it); with fresh pairs the same comparison measured 100 %. Which of the two
  // starts first alternates: of two identical servers, the first started measured ~2 % less.
  const results: BenchResult[] = [];
  const ratios: number[] = [];
  const perCpuRatios: number[] = [];
  let pinned = "";
  for (let pair = 1; pair <= PAIRS; pair++) {
    const { counting, notCounting } = await startPair(pair);
    try {
      // Asked once first, so that what is measured is the page cache's answer.
      for (const server of [counting, notCounting])
        await (await fetch(`${server.baseUrl}${PAGE}`, { headers: BROWSER })).text();
      pinned = pinApart([counting.pid, notCounting.pid]);
      const rounds = await ratioSideBySide(
        () => measure(counting, `${CONTROL ? "control (off)" : "counted"}, pair ${pair}`, PAGE, BROWSER),
        () => measure(notCounting, `ANALYTICS=off, pair ${pair}`, PAGE, BROWSER),
        2,
      );
      results.push(...rounds.results);
      ratios.push(...rounds.ratios);
      perCpuRatios.push(...rounds.perCpuRatios);
    } finally {
      await counting.stop();
      await notCounting.stop();
    }
  }
  printTable(results);
  console.log(`After: ${machine()}; ${pinned}`);
  const all = { results, ratios, median: median(ratios), perCpuRatios, perCpuMedian: median(perCpuRatios) };
  console.log(`${CONTROL ? "control: off / off" : "counting on / off"}: ${describeRatio(all)}; target: >= 95 %`);
  console.log(CLIENT_SET_THE_PACE);
}
