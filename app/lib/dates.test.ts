import { describe, expect, it } from "vitest";
import { formatInstantDate, formatInstantDateTime } from "./dates";

describe("dates", () => {
  it("shows an instant as its day in Addis Ababa (UTC+3)", () => {
    expect(formatInstantDate("2026-03-08T20:59:00.000Z")).toBe("March 8, 2026");
    expect(formatInstantDate("2026-03-08T21:00:00.000Z")).toBe("March 9, 2026");
    expect(formatInstantDate("not a date")).toBe("");
  });

  it("shows an instant with its time in Addis Ababa, wherever the browser is", () => {
    expect(formatInstantDateTime("2030-01-01T06:00:00.000Z")).toBe("Jan 1, 2030, 09:00");
    expect(formatInstantDateTime("2026-03-08T21:30:00.000Z")).toBe("Mar 9, 2026, 00:30");
    expect(formatInstantDateTime("not a date")).toBe("");
  });
});
