/**
 * What counting page views costs (docs/decisions/0710-visits-counted-on-the-server.md): the cached
 * /about page from a site counting them (ANALYTICS=on) against the same site not counting
 * (ANALYTICS=off), both started in this run, in alternating rounds (BENCH_ROUNDS), the ratio being
 * their median. Every request looks like a phone's, so each one is counted (or dropped when the
 * buffer is full: the overload path is part of what is measured). Target: on ≥ 95 % of off.
 * Usage: `npm run bench:visits` (builds first if needed; BENCH_SECONDS per target, default 5).
 */
import { startServer } from "../tests/e2e/support/server.ts";
import {
  CLIENT,
  CLIENT_SET_THE_PACE,
  describeRatio,
  ensureBuild,
  machine,
  measure,
  pinApart,
  printTable,
  ratioInRounds,
} from "./load.ts";

const PAGE = "/about";
const BROWSER = {
  accept: "text/html",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
};

if (import.meta.main) {
  ensureBuild();
  const settings = { LOG_LEVEL: "error", PAGE_CACHE_SECONDS: "10" };
  const counting = await startServer({ ...settings, ANALYTICS: "on" });
  const notCounting = await startServer({ ...settings, ANALYTICS: "off" });
  try {
    // Asked once first, so that what is measured is the page cache's answer.
    for (const server of [counting, notCounting])
      await (await fetch(`${server.baseUrl}${PAGE}`, { headers: BROWSER })).text();
    const pinned = pinApart([counting.pid, notCounting.pid]);
    console.log(`Before: ${machine()}; client: ${CLIENT}; ${pinned}`);
    const rounds = await ratioInRounds(
      () => measure(counting, "cached page, counted", PAGE, BROWSER),
      () => measure(notCounting, "cached page, ANALYTICS=off", PAGE, BROWSER),
    );
    printTable(rounds.results);
    console.log(`After: ${machine()}`);
    console.log(`counting on / off: ${describeRatio(rounds)}; target: >= 95 %`);
    console.log(CLIENT_SET_THE_PACE);
  } finally {
    await counting.stop();
    await notCounting.stop();
  }
}
