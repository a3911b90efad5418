import { describe, expect, it } from "vitest";
import { lastTwelveMonths } from "./reports.service.ts";

describe("lastTwelveMonths", () => {
  it("ends with this month and crosses the year", () => {
    const months = lastTwelveMonths(new Date("2026-02-28T23:00:00Z"));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-03");
    expect(months.at(-1)).toBe("2026-02");
  });
});
