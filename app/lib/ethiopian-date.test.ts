import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "./calendar-date";
import { formatInstantDate } from "./dates";
import { ethiopianParts, formatAmharicDate, formatEthiopianDate } from "./ethiopian-date";

const utc = (value: string) => new Date(`${value}T00:00:00Z`);

/** ICU (CLDR) as reference: the module computes what these formatters print, without Intl (decision 0540). */
const ICU_ETHIOPIAN = new Intl.DateTimeFormat("am-ET-u-ca-ethiopic", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const ICU_GREGORIAN = new Intl.DateTimeFormat("am-ET", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

function byIcu(day: Date): { year: number; month: string; day: number } {
  const parts = Object.fromEntries(ICU_ETHIOPIAN.formatToParts(day).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: parts.month ?? "", day: Number(parts.day) };
}

describe("Ethiopian calendar dates (decision 0411)", () => {
  it("knows the Ethiopian new year and the leap day", () => {
    expect(formatEthiopianDate(utc("2024-09-11"))).toBe("መስከረም 1 ቀን 2017 ዓ.ም.");
    expect(formatEthiopianDate(utc("2023-09-12"))).toBe("መስከረም 1 ቀን 2016 ዓ.ም.");
    // 2015 E.C. was a leap year: Pagume had 6 days.
    expect(formatEthiopianDate(utc("2023-09-11"))).toBe("ጳጉሜን 6 ቀን 2015 ዓ.ም.");
    expect(formatEthiopianDate(utc("2024-01-07"))).toBe("ታኅሣሥ 28 ቀን 2016 ዓ.ም.");
    expect(formatEthiopianDate(utc("2026-11-23"))).toBe("ኅዳር 14 ቀን 2019 ዓ.ም.");
  });

  it("agrees with ICU on every day from 1990 to 2060, in both calendars", () => {
    const disagreements: string[] = [];
    for (let time = utc("1990-01-01").getTime(); time <= utc("2060-12-31").getTime(); time += 86_400_000) {
      const day = new Date(time);
      const expected = `${ICU_GREGORIAN.format(day)} (${formatEthiopianDate(day)})`;
      const [actual, icu] = [ethiopianParts(day), byIcu(day)];
      if (actual.year !== icu.year || actual.day !== icu.day || actual.month !== icu.month) {
        disagreements.push(`${day.toISOString().slice(0, 10)}: ${JSON.stringify(actual)} ≠ ICU ${JSON.stringify(icu)}`);
      }
      if (formatAmharicDate(day) !== expected) disagreements.push(`${formatAmharicDate(day)} ≠ ICU ${expected}`);
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
  });

  it("shows Amharic pages the Gregorian date in Amharic with the Ethiopian beside it", () => {
    expect(formatAmharicDate(utc("2024-09-11"))).toBe("11 ሴፕቴምበር 2024 (መስከረም 1 ቀን 2017 ዓ.ም.)");
    expect(formatCalendarDate("2026-03-08", "long", "am")).toBe("8 ማርች 2026 (የካቲት 29 ቀን 2018 ዓ.ም.)");
    expect(formatCalendarDate("2026-03-08")).toBe("March 8, 2026");
    // An instant is its day in Addis Ababa, in either language.
    expect(formatInstantDate("2026-03-08T21:00:00.000Z", "long", "am")).toBe("9 ማርች 2026 (የካቲት 30 ቀን 2018 ዓ.ም.)");
  });
});
