import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { TooManyRequestsError } from "../shared/errors.ts";
import { createLoginThrottle, sourceKey, sourceOf, waitSeconds } from "./login-throttle.ts";

describe("login throttle", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:5:7::1", "2001:db8:5:7::/64"],
    ["2001:0db8:0005:0007:ffff:ffff:ffff:ffff", "2001:db8:5:7::/64"],
    ["2001:db8:5:8::1", "2001:db8:5:8::/64"],
  ])("counts %s as the source %s", (ip, source) => {
    expect(sourceOf(ip)).toBe(source);
  });

  it("waits nothing while guesses are free, then 30 s doubling to at most 15 minutes", () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 40].map((failures) => waitSeconds(failures, 5))).toEqual([
      0, 30, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });
});

describe.each(DIALECTS)("login throttle under a flood on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("takes one key's attempts one at a time, so a flood holds one connection, not the whole pool", async () => {
    const { db } = t.database;
    let open = 0;
    let most = 0;
    // The database as the throttle sees it, counting its transactions in flight.
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "transaction") return Reflect.get(target, property, receiver);
        return () => {
          const builder = target.transaction();
          return {
            async execute<T>(work: Parameters<typeof builder.execute<T>>[0]) {
              open++;
              most = Math.max(most, open);
              try {
                return await builder.execute(work);
              } finally {
                open--;
              }
            },
          };
        };
      },
    });
    const throttle = createLoginThrottle(counting, () => new Date());
    const flood = (ip: string) =>
      Promise.allSettled(Array.from({ length: 40 }, () => throttle.reserve([sourceKey(ip)])));
    const [first, second] = await Promise.all([flood("198.51.100.1"), flood("198.51.100.2")]);
    for (const outcomes of [first, second]) {
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
      const refused = outcomes.filter((o) => o.status === "rejected");
      expect(refused).toHaveLength(40 - 5);
      for (const o of refused) expect(o.reason).toBeInstanceOf(TooManyRequestsError);
    }
    // Two sources' floods side by side: never more than one transaction for each.
    expect(most).toBe(2);
  });
});
