import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/dialects.ts";
import type { RequestSeen } from "./page-view.ts";
import { createVisitCounter } from "./visit-counter.ts";
import { countsSince, saltOf } from "./visits.repository.ts";
import { houseKeepVisits } from "./visits-housekeeping.ts";

const VIEW: RequestSeen = { url: "/about", referer: "", host: "hopebehindbars.org", country: "", device: "mobile" };
const PHONE = "Mozilla/5.0 (Linux; Android 14) Mobile";

describe.each(DIALECTS)("visits counted with a daily salt on %s", (dialect) => {
  let database: TestDatabase;
  // 10:00 in Addis Ababa (UTC+3) on 27 November.
  let now = new Date("2026-11-27T07:00:00Z");
  const clock = () => now;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.destroy());

  it("counts one visitor for the same address and browser all day, a new one the next day, and forgets the salt after 48 h", async () => {
    const { db } = database;
    const counter = createVisitCounter({ db, clock });
    counter.record(VIEW, "196.188.1.10", PHONE);
    now = new Date("2026-11-27T20:59:00Z"); // 23:59 in Addis Ababa: still the 27th
    counter.record({ ...VIEW, url: "/blog" }, "196.188.1.10", PHONE);
    counter.record(VIEW, "196.188.1.11", PHONE);
    await counter.flush();
    now = new Date("2026-11-27T21:00:00Z"); // midnight in Addis Ababa: the 28th
    counter.record(VIEW, "196.188.1.10", PHONE);
    await counter.flush();

    const rows = await db.selectFrom("page_views").selectAll().orderBy("viewed_at").execute();
    expect(rows.map((row) => row.day)).toEqual(["2026-11-27", "2026-11-27", "2026-11-27", "2026-11-28"]);
    const [first, second, other, nextDay] = rows.map((row) => row.visitor);
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    expect(nextDay).not.toBe(first);
    // Nothing the visitor sent but the page: no address, no user agent.
    expect(JSON.stringify(rows)).not.toContain("196.188");
    expect(JSON.stringify(rows)).not.toContain("Android");

    // The job on the 28th rolls the 27th up: 3 views by 2 visitors, 2 of /about (1 visitor each day).
    await houseKeepVisits(db, new Date("2026-11-28T06:00:00Z"));
    expect(await countsSince(db, "total", "2026-11-27")).toEqual(
      expect.arrayContaining([
        { day: "2026-11-27", value: "", views: 3, visitors: 2 },
        { day: "2026-11-28", value: "", views: 1, visitors: 1 },
      ]),
    );
    const paths = await db
      .selectFrom("visit_days")
      .selectAll()
      .where("dimension", "=", "path")
      .orderBy("value")
      .execute();
    expect(paths).toEqual([
      { day: "2026-11-27", dimension: "path", value: "/about", views: 2, visitors: 2 },
      { day: "2026-11-27", dimension: "path", value: "/blog", views: 1, visitors: 1 },
    ]);
    // Running again changes nothing.
    await houseKeepVisits(db, new Date("2026-11-28T07:00:00Z"));
    expect(await db.selectFrom("visit_days").select("day").where("dimension", "=", "total").execute()).toHaveLength(1);

    expect(await saltOf(db, "2026-11-27")).toBeDefined();
    // The 27th's salt was made by the first write, at 20:59Z on the 27th: kept 48 hours, not a minute more.
    await houseKeepVisits(db, new Date("2026-11-29T20:58:00Z"));
    expect(await saltOf(db, "2026-11-27")).toBeDefined();
    await houseKeepVisits(db, new Date("2026-11-29T21:00:00Z"));
    expect(await saltOf(db, "2026-11-27")).toBeUndefined();
    expect(await saltOf(db, "2026-11-28")).toBeDefined();
  });

  it("keeps raw views 30 days, then only their day's aggregates", async () => {
    const { db } = database;
    await houseKeepVisits(db, new Date("2026-12-27T06:00:00Z"));
    expect(await db.selectFrom("page_views").select("day").execute()).toEqual([{ day: "2026-11-28" }]);
    await houseKeepVisits(db, new Date("2026-12-28T06:00:00Z"));
    expect(await db.selectFrom("page_views").select("day").execute()).toEqual([]);
    const totals = await countsSince(db, "total", "2026-11-01");
    expect(totals.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: "2026-11-27", value: "", views: 3, visitors: 2 },
      { day: "2026-11-28", value: "", views: 1, visitors: 1 },
    ]);
  });

  it("writes the same visitor's same view within one write as one row with its count", async () => {
    const counter = createVisitCounter({ db: database.db, clock });
    now = new Date("2026-12-28T07:00:00Z");
    for (let i = 0; i < 3; i++) counter.record(VIEW, "196.188.2.2", PHONE);
    // A query parameter that is not kept makes another entry in the buffer, but the same row.
    counter.record({ ...VIEW, url: "/about?fbclid=IwAR3x" }, "196.188.2.2", PHONE);
    counter.record({ ...VIEW, url: "/blog" }, "196.188.2.2", PHONE);
    // The same page reached from another site is another row.
    counter.record({ ...VIEW, referer: "https://www.facebook.com/post" }, "196.188.2.2", PHONE);
    await counter.flush();
    const rows = await database.db
      .selectFrom("page_views")
      .select(["path", "referrer_host", "views"])
      .where("day", "=", "2026-12-28")
      .orderBy("path")
      .orderBy("referrer_host")
      .execute();
    expect(rows).toEqual([
      { path: "/about", referrer_host: "", views: 4 },
      { path: "/about", referrer_host: "facebook.com", views: 1 },
      { path: "/blog", referrer_host: "", views: 1 },
    ]);
    expect(await countsSince(database.db, "total", "2026-12-28")).toEqual([
      { day: "2026-12-28", value: "", views: 6, visitors: 1 },
    ]);
  });

  it("drops views beyond its buffer instead of waiting, and counts them", async () => {
    const counter = createVisitCounter({ db: database.db, clock, maxBuffered: 2 });
    for (let i = 0; i < 5; i++) counter.record(VIEW, `10.0.0.${i}`, PHONE);
    expect(counter.dropped).toBe(3);
    const before = (await database.db.selectFrom("page_views").select("id").execute()).length;
    await counter.flush();
    expect((await database.db.selectFrom("page_views").select("id").execute()).length).toBe(before + 2);
  });
});
