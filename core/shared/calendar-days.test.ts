import { describe, expect, it } from "vitest";
import { addDays, daysBetween, isCalendarDate } from "./calendar-days.ts";

describe("calendar days", () => {
  it("knows a real day from one that is not", () => {
    for (const day of ["2026-02-28", "2028-02-29", "2000-01-01", "2026-12-31"])
      expect(isCalendarDate(day), day).toBe(true);
    for (const day of ["2026-02-30", "2026-02-29", "2026-13-01", "2026-1-01", "soon", "", "2026-02-28T00:00"])
      expect(isCalendarDate(day), day).toBe(false);
  });

  it("moves by whole days across months, leap days and years, the first century too", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
  });

  it("lists every day between two, both included", () => {
    expect(daysBetween("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(daysBetween("2026-12-30", "2026-12-29")).toEqual([]);
  });
});
