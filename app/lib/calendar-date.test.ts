import { format, parseISO } from "date-fns";
import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "./calendar-date";

describe("formatCalendarDate", () => {
  it("prints 'MMMM d, yyyy' exactly as date-fns would", () => {
    for (const day of ["2026-03-04", "2025-12-31", "2026-01-01", "2024-02-29"]) {
      expect(formatCalendarDate(day)).toBe(format(parseISO(day), "MMMM d, yyyy"));
    }
  });

  it("keeps the calendar day whatever the time zone", () => {
    const before = process.env.TZ;
    for (const zone of ["Pacific/Kiritimati", "America/Adak", "Africa/Addis_Ababa"]) {
      process.env.TZ = zone;
      expect(formatCalendarDate("2026-01-01")).toBe("January 1, 2026");
    }
    process.env.TZ = before;
  });

  it("shows anything that is not a calendar date as it is", () => {
    expect(formatCalendarDate("soon")).toBe("soon");
  });
});
