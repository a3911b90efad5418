import { describe, expect, it } from "vitest";
import { periodStart } from "./ledger.service.ts";

describe("the ledger's periods", () => {
  const now = new Date("2026-11-22T10:00:00Z");
  it("start on the first of the month, the first of the year, a year ago today, or never", () => {
    expect(periodStart("month", now)).toBe("2026-11-01");
    expect(periodStart("year", now)).toBe("2026-01-01");
    expect(periodStart("12m", now)).toBe("2025-11-22");
    expect(periodStart("all", now)).toBe("");
  });
});
