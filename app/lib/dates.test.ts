import { describe, expect, it } from "vitest";
import { formatInstantDate } from "./dates";

describe("dates", () => {
  it("shows an instant as its day in Addis Ababa (UTC+3)", () => {
    expect(formatInstantDate("2026-03-08T20:59:00.000Z")).toBe("March 8, 2026");
    expect(formatInstantDate("2026-03-08T21:00:00.000Z")).toBe("March 9, 2026");
    expect(formatInstantDate("not a date")).toBe("");
  });
});
