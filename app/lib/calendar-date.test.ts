import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "./calendar-date";

describe("formatCalendarDate", () => {
  it("prints 'MMMM d, yyyy' exactly as date-fns would", () => {
    for (const day of ["2026-03-04", "2025-12-31", "2026-01-01", "2024-02-29"]) {
      expect(formatCalendarDate(day)).toBe(format(parseISO(day), "MMMM d, yyyy"));
    }
  });

  it("prints what Intl's en-US long and short dates print, on every day from 1990 to 2060", () => {
    const long = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
    const short = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const disagreements: string[] = [];
    for (let time = Date.UTC(1990, 0, 1); time <= Date.UTC(2060, 11, 31); time += 86_400_000) {
      const day = new Date(time);
      const value = day.toISOString().slice(0, 10);
      if (formatCalendarDate(value) !== long.format(day)) disagreements.push(`${value}: ${formatCalendarDate(value)}`);
      if (formatCalendarDate(value, "short") !== short.format(day))
        disagreements.push(`${value}: ${formatCalendarDate(value, "short")}`);
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(formatCalendarDate("2026-01-01", "short")).toBe("Jan 1, 2026");
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
