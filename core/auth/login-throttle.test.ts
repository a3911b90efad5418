import { describe, expect, it } from "vitest";
import { sourceOf, waitSeconds } from "./login-throttle.ts";

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
