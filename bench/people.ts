/**
 * The People list before and after its maintained rows (docs/decisions/0810-people-list-maintained.md),
 * in-process on the scale fixture (bench/scale/fixture.ts: 50,000 subscribers, 25,000 gifts, 62,000
 * addresses from 85,000 rows) on a fresh SQLite file, or with --postgres a fresh PostgreSQL database on
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (dropped afterwards). Prints, side by side, the median of 5
 * runs of each call as the union of every source (how the list was read until then, the query kept
 * here) and from the maintained rows, and their ratio; then the full rebuild's time and what a
 * 500-row write costs with its marks. Times are the machine's of the moment: read the ratios.
 *   npm run bench:people [-- --postgres]
 */
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { containsPattern } from "../core/admin-lists/list-sql.ts";
import { listPeople, markedCount, refreshMarked } from "../core/people/people-list.repository.ts";
import { PEOPLE_SOURCES } from "../core/people/sources/index.ts";
import { type Db, migrateToLatest } from "../db/database.ts";
import { buildScaleData } from "./scale/fixture.ts";
import { scratchDatabase } from "./scratch-database.ts";

const RUNS = 5;
const { values } = parseArgs({ options: { postgres: { type: "boolean", default: false } } });
const postgres = values.postgres;

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;
async function timed(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

/** The list as it was read before: every source's rows, grouped by address, a page and a count. */
async function unionPage(db: Db, q: string, page: number, sort: "recent" | "name") {
  const rows = sql.join(
    PEOPLE_SOURCES.filter((source) => source.searchRows).map(
      (source) => sql`select ${source.kind} as kind, r.* from (${source.searchRows}) r`,
    ),
    sql` union all `,
  );
  const pattern = containsPattern(q);
  const matches = sql`email_key like ${pattern} escape '\\' or lower(name) like ${pattern} escape '\\' or lower(phone) like ${pattern} escape '\\'`;
  const kinds = postgres ? sql`string_agg(distinct kind, ',')` : sql`group_concat(distinct kind)`;
  const order = sort === "name" ? sql`lower(max(name)), email_key` : sql`max(at) desc, email_key`;
  const scope = q ? sql`where email_key in (select email_key from s where ${matches})` : sql``;
  await Promise.all([
    sql`with s as (${rows}) select email_key, max(name), max(phone), ${kinds}, max(at) from s ${scope}
      group by email_key order by ${order} limit 25 offset ${(page - 1) * 25}`.execute(db),
    sql`with s as (${rows}) select count(distinct email_key) from s ${q ? sql`where ${matches}` : sql``}`.execute(db),
  ]);
}

const database = await scratchDatabase("hbb_people", { postgres });
const handle = database.open({ queryTimeoutMs: 120_000 });
try {
  const { db } = handle;
  await migrateToLatest(handle);
  let start = performance.now();
  await buildScaleData(db);
  const filled = performance.now() - start;
  const marked = await markedCount(db);
  start = performance.now();
  await refreshMarked(db, PEOPLE_SOURCES, new Date().toISOString());
  const rebuilt = performance.now() - start;
  const people = Number((await sql<{ n: number }>`select count(*) as n from people`.execute(db)).rows[0]?.n);
  console.info(
    `${postgres ? "PostgreSQL" : "SQLite"}: fixture written in ${(filled / 1000).toFixed(1)} s; ${marked} addresses marked, rebuilt into ${people} rows in ${(rebuilt / 1000).toFixed(1)} s`,
  );

  const CASES: Array<[label: string, q: string, page: number, sort: "recent" | "name"]> = [
    ["everyone, first page", "", 1, "recent"],
    ["everyone, page 2,000", "", 2000, "recent"],
    ["everyone by name", "", 1, "name"],
    ['search "selam", page 2', "selam", 2, "recent"],
    ['search "reader4999"', "reader4999", 1, "recent"],
  ];
  console.info("call                        union of sources   maintained rows   ratio");
  for (const [label, q, page, sort] of CASES) {
    const before = await timed(() => unionPage(db, q, page, sort));
    const after = await timed(() => listPeople(db, { q, page, pageSize: 25, sort }));
    console.info(
      `${label.padEnd(28)}${`${before.toFixed(1)} ms`.padStart(16)}${`${after.toFixed(1)} ms`.padStart(18)}${`${(before / after).toFixed(0)}×`.padStart(8)}`,
    );
  }
  const keyset = (await listPeople(db, { q: "", page: 1999, pageSize: 25, sort: "recent" })).rows.at(-1)?.id;
  const deep = await timed(() => listPeople(db, { q: "", page: 1, pageSize: 25, sort: "recent", after: keyset }));
  console.info(`${"everyone, page 2,000 (keyset)".padEnd(44)}${`${deep.toFixed(1)} ms`.padStart(18)}`);

  // What the marks cost a write: 500 new subscribers in one insert, then their refresh.
  start = performance.now();
  await db
    .insertInto("subscribers")
    .values(
      Array.from({ length: 500 }, (_, i) => ({
        id: crypto.randomUUID(),
        email: `late${i}@example.org`,
        created_at: new Date().toISOString(),
        status: "pending",
        confirmed_at: null,
        unsubscribed_at: null,
        source: "bench",
      })),
    )
    .execute();
  const wrote = performance.now() - start;
  start = performance.now();
  await refreshMarked(db, PEOPLE_SOURCES, new Date().toISOString());
  console.info(
    `500 subscribers inserted (with their marks) in ${wrote.toFixed(0)} ms; their rows refreshed in ${(performance.now() - start).toFixed(0)} ms`,
  );
} finally {
  await handle.close();
  await database.drop();
}
