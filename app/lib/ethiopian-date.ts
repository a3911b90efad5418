/**
 * Dates on Amharic pages (decision 0411): the Gregorian date with Amharic month names, and beside
 * it the same day in the Ethiopian calendar, "መስከረም 1 ቀን 2017 ዓ.ም.". Both come from Intl (ICU's
 * CLDR data, in Node and in every browser): no calendar code of our own and no bytes of a library
 * on public pages. Dates are calendar days, read and printed in UTC.
 */
const GREGORIAN = new Intl.DateTimeFormat("am-ET", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const ETHIOPIAN = new Intl.DateTimeFormat("am-ET-u-ca-ethiopic", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** The Ethiopian calendar's day, month (its Amharic name) and year (Amete Mihret) of a UTC day. */
export function ethiopianParts(day: Date): { year: number; month: string; day: number } {
  const parts = Object.fromEntries(ETHIOPIAN.formatToParts(day).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: parts.month ?? "", day: Number(parts.day) };
}

/** "መስከረም 1 ቀን 2017 ዓ.ም." */
export function formatEthiopianDate(day: Date): string {
  const { year, month, day: date } = ethiopianParts(day);
  return `${month} ${date} ቀን ${year} ዓ.ም.`;
}

/** "11 ሴፕቴምበር 2024 (መስከረም 1 ቀን 2017 ዓ.ም.)": the Gregorian date in Amharic, the Ethiopian beside it. */
export function formatAmharicDate(day: Date): string {
  return `${GREGORIAN.format(day)} (${formatEthiopianDate(day)})`;
}
