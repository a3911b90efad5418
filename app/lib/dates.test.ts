import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatInstantDate } from "./dates";

describe("dates", () => {
  it("formats calendar dates as 'MMMM d, yyyy' and 'MMM d, yyyy' without moving the day", () => {
    expect(formatCalendarDate("2026-03-08")).toBe("March 8, 2026");
    expect(formatCalendarDate("2026-01-01", "short")).toBe("Jan 1, 2026");
    expect(formatCalendarDate("2025-12-31")).toBe("December 31, 2025");
  });

  it("shows an instant as its day in Addis Ababa (UTC+3)", () => {
    expect(formatInstantDate("2026-03-08T20:59:00.000Z")).toBe("March 8, 2026");
    expect(formatInstantDate("2026-03-08T21:00:00.000Z")).toBe("March 9, 2026");
    expect(formatInstantDate("not a date")).toBe("");
  });
});
