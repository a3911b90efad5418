import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "./calendar-date";
import { formatInstantDate } from "./dates";
import { ethiopianParts, formatAmharicDate, formatEthiopianDate } from "./ethiopian-date";

const utc = (value: string) => new Date(`${value}T00:00:00Z`);

/**
 * An independent conversion to check ICU's against: the Ethiopian year has 12 months of 30 days and
 * a 13th (Pagume) of 5, or 6 in the year before a year divisible by 4 (so years 1, 2, 3, 4 of each
 * four last 365, 365, 366, 365 days); day 1 of year 1 (Amete Mihret) is Julian day 1724221.
 */
function byArithmetic(day: Date): { year: number; month: number; day: number } {
  const julianDay = Math.floor(day.getTime() / 86_400_000) + 2_440_588;
  const sinceEpoch = julianDay - 1_724_221;
  let year = Math.floor(sinceEpoch / 1461) * 4 + 1;
  let dayOfYear = sinceEpoch % 1461;
  for (const length of [365, 365, 366, 365]) {
    if (dayOfYear < length) break;
    dayOfYear -= length;
    year += 1;
  }
  return { year, month: Math.floor(dayOfYear / 30) + 1, day: (dayOfYear % 30) + 1 };
}

const MONTHS = ["መስከረም", "ጥቅምት", "ኅዳር", "ታኅሣሥ", "ጥር", "የካቲት", "መጋቢት", "ሚያዝያ", "ግንቦት", "ሰኔ", "ሐምሌ", "ነሐሴ", "ጳጉሜን"];

describe("Ethiopian calendar dates (decision 0411)", () => {
  it("knows the Ethiopian new year and the leap day", () => {
    expect(formatEthiopianDate(utc("2024-09-11"))).toBe("መስከረም 1 ቀን 2017 ዓ.ም.");
    expect(formatEthiopianDate(utc("2023-09-12"))).toBe("መስከረም 1 ቀን 2016 ዓ.ም.");
    // 2015 E.C. was a leap year: Pagume had 6 days.
    expect(formatEthiopianDate(utc("2023-09-11"))).toBe("ጳጉሜን 6 ቀን 2015 ዓ.ም.");
    expect(formatEthiopianDate(utc("2024-01-07"))).toBe("ታኅሣሥ 28 ቀን 2016 ዓ.ም.");
    expect(formatEthiopianDate(utc("2026-11-23"))).toBe("ኅዳር 14 ቀን 2019 ዓ.ም.");
  });

  it("agrees with the calendar's arithmetic on every day from 1990 to 2060", () => {
    const disagreements: string[] = [];
    for (let time = utc("1990-01-01").getTime(); time <= utc("2060-12-31").getTime(); time += 86_400_000) {
      const day = new Date(time);
      const expected = byArithmetic(day);
      const actual = ethiopianParts(day);
      if (actual.year !== expected.year || actual.day !== expected.day || actual.month !== MONTHS[expected.month - 1]) {
        disagreements.push(
          `${day.toISOString().slice(0, 10)}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`,
        );
      }
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
  });

  it("shows Amharic pages the Gregorian date in Amharic with the Ethiopian beside it", () => {
    expect(formatAmharicDate(utc("2024-09-11"))).toBe("11 ሴፕቴምበር 2024 (መስከረም 1 ቀን 2017 ዓ.ም.)");
    expect(formatCalendarDate("2026-03-08", "am")).toBe("8 ማርች 2026 (የካቲት 29 ቀን 2018 ዓ.ም.)");
    expect(formatCalendarDate("2026-03-08")).toBe("March 8, 2026");
    // An instant is its day in Addis Ababa, in either language.
    expect(formatInstantDate("2026-03-08T21:00:00.000Z", "long", "am")).toBe("9 ማርች 2026 (የካቲት 30 ቀን 2018 ዓ.ም.)");
  });
});
