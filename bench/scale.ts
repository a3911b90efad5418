import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { refreshMarked } from "../core/people/people-list.repository.ts";
import { PEOPLE_SOURCES } from "../core/people/sources/index.ts";
import { migrateToLatest } from "../db/database.ts";
import { adminApi } from "../tests/e2e/support/admin-api.ts";
import { openAdminPage, VIEWPORTS } from "../tests/e2e/support/browser.ts";
import { LAUNCH_OPTIONS } from "../tests/e2e/support/chromium.ts";
import { freePort, startServer } from "../tests/e2e/support/server.ts";
import { ensureBuild, serverMetrics } from "./load.ts";
import { buildScaleData, SCALE } from "./scale/fixture.ts";
import { scratchDatabase } from "./scratch-database.ts";

const BUDGET_MS = 1_000;
/** No request may hold the server's event loop longer than this (every other request waits meanwhile). */
const STALL_BUDGET_MS = 100;
const RUNS = 3;
const { values } = parseArgs({ options: { postgres: { type: "boolean", default: false } } });

/** Each screen and what shows that its list (or its figures) is there. */
const SCREENS: Array<[path: string, shown: string]> = [
  ["/admin", '[data-figure="/admin/donations"]'],
  ["/admin/donations", "main table tbody tr"],
  ["/admin/subscribe", "main table tbody tr"],
  ["/admin/volunteers", "main table tbody tr"],
  ["/admin/messages", "main li[data-unread], main ul li"],
  ["/admin/people", "main ul li a"],
  ["/admin/gallery", "main ul li h2"],
  ["/admin/activity", "main table tbody tr, main ol li, main ul li"],
];

/** The paginated calls, first page, a page deep in the list, and a search. */
const CALLS = [
  "/api/admin/lists/donations",
  "/api/admin/lists/donations?page=800",
  "/api/admin/lists/donations?q=meron&method=card",
  "/api/admin/donations/summary",
  "/api/donations/report",
  "/api/donations/retention",
  "/api/subscribe/counts",
  "/api/volunteer/pending-count",
  "/api/messages/admin/unread-count",
  "/api/admin/lists/subscribers",
  "/api/admin/lists/subscribers?page=2000",
  "/api/admin/lists/subscribers?q=reader4999&status=confirmed",
  "/api/admin/lists/volunteers?sort=name",
  "/api/admin/lists/volunteers?q=event",
  "/api/admin/lists/messages?read=unread",
  "/api/admin/lists/messages?q=group",
  "/api/people",
  "/api/people?q=selam&page=2",
  "/api/admin/lists/gallery",
  "/api/admin/lists/gallery?page=60&status=published",
  "/api/admin/lists/gallery?q=garden&amharic=missing",
  "/api/admin/activity",
];

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;

ensureBuild();
const database = await scratchDatabase("hbb_scale", { postgres: values.postgres });
const handle = database.open();
const filling = performance.now();
await migrateToLatest(handle);
await buildScaleData(handle.db);
// The People list's rows for the fixture's addresses, as the migration's rebuild makes them (decision 0810).
await refreshMarked(handle.db, PEOPLE_SOURCES, new Date().toISOString());
await handle.close();
console.info(
  `${values.postgres ? "PostgreSQL" : "SQLite"}: ${Object.entries(SCALE)
    .map(([what, n]) => `${n} ${what}`)
    .join(", ")} built in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
);

// At the level a deployment logs at (startServer passes the default, info).
const metricsPort = await freePort();
const server = await startServer({ ...database.env, METRICS_PORT: String(metricsPort) });
const browser = await chromium.launch(LAUNCH_OPTIONS);
let over = 0;
let stalled = 0;
/** The longest event-loop stall while `work` ran (the server's histogram, 10 ms resolution). */
async function longestStall(work: () => Promise<void>): Promise<number> {
  await serverMetrics(metricsPort);
  await work();
  const { stallMs } = await serverMetrics(metricsPort);
  if (stallMs > STALL_BUDGET_MS) stalled++;
  return stallMs;
}
const stallCell = (ms: number) => `${ms.toFixed(0).padStart(8)}${ms > STALL_BUDGET_MS ? "  held over 100 ms" : ""}`;
try {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await openAdminPage(page, server, "/admin");
  // The calls each screen makes, so that a screen's stall can be traced to the call that held it.
  const screenCalls = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.origin === server.baseUrl && url.pathname.startsWith("/api/"))
      screenCalls.add(url.pathname + url.search);
  });
  console.info("\nscreen (Chromium, until the list shows)  median of 3 ms   longest stall ms   first visit's stall ms");
  for (const [pathname, shown] of SCREENS) {
    const times: number[] = [];
    const load = async () => {
      const started = performance.now();
      await page.goto(pathname);
      await page.locator(shown).first().waitFor({ timeout: 120_000 });
      return performance.now() - started;
    };
    // The first visit also loads and compiles the screen's code on the server, once per process,
    // whatever the data's size: its stall is shown apart and held to the same budget.
    const firstStall = await longestStall(async () => void (await load()));
    const stall = await longestStall(async () => {
      for (let run = 1; run <= RUNS; run++) times.push(await load());
    });
    const ms = median(times);
    if (ms > BUDGET_MS) over++;
    console.info(
      `${pathname.padEnd(40)} ${ms.toFixed(0).padStart(6)}${stallCell(stall)}${stallCell(firstStall)}${ms > BUDGET_MS ? "  over 1 s" : ""}`,
    );
  }
  const api = await adminApi(server);
  // The list's calls first, then any other call a screen made.
  console.info("\ncall (server answer on 127.0.0.1)                       median of 3 ms   longest stall ms");
  for (const call of [...CALLS, ...[...screenCalls].filter((call) => !CALLS.includes(call)).sort()]) {
    const times: number[] = [];
    const stall = await longestStall(async () => {
      for (let run = 0; run <= RUNS; run++) {
        const started = performance.now();
        const response = await fetch(`${server.baseUrl}${call}`, { headers: { authorization: api.authorization } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${call}: ${response.status}`);
        if (run > 0) times.push(performance.now() - started);
      }
    });
    console.info(`${call.padEnd(56)} ${median(times).toFixed(0).padStart(6)}${stallCell(stall)}`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
}
console.info(over === 0 ? "\nEvery screen under 1 s." : `\n${over} screen(s) over 1 s.`);
console.info(
  stalled === 0
    ? `No screen or call held the event loop over ${STALL_BUDGET_MS} ms.`
    : `${stalled} screen(s) or call(s) held the event loop over ${STALL_BUDGET_MS} ms.`,
);
process.exitCode = over === 0 && stalled === 0 ? 0 : 1;
