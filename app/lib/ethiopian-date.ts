/**
 * Dates on Amharic pages (decision 0411): the Gregorian date with Amharic month names, and beside
 * it the same day in the Ethiopian calendar, "መስከረም 1 ቀን 2017 ዓ.ም.". Dates are calendar days, read
 * in UTC. Computed here, not with Intl: a page's first Intl.DateTimeFormat loads ICU's data, 50–200 ms
 * of a throttled phone's main thread while the islands hydrate (decision 0540). The unit test checks
 * every day from 1990 to 2060 against ICU, so these tables and this arithmetic say what ICU says.
 */

/** The Ethiopian months as ICU's CLDR data names them in Amharic (the 13th is Pagume). */
const ETHIOPIAN_MONTHS = [
  "መስከረም",
  "ጥቅምት",
  "ኅዳር",
  "ታኅሣሥ",
  "ጥር",
  "የካቲት",
  "መጋቢት",
  "ሚያዝያ",
  "ግንቦት",
  "ሰኔ",
  "ሐምሌ",
  "ነሐሴ",
  "ጳጉሜን",
];

/** The Gregorian months in Amharic, as ICU's "am-ET" long month names. */
const GREGORIAN_MONTHS = [
  "ጃንዋሪ",
  "ፌብሩዋሪ",
  "ማርች",
  "ኤፕሪል",
  "ሜይ",
  "ጁን",
  "ጁላይ",
  "ኦገስት",
  "ሴፕቴምበር",
  "ኦክቶበር",
  "ኖቬምበር",
  "ዲሴምበር",
];

const DAY_MS = 86_400_000;
/** The Julian day number of 1970-01-01 and of 1 Meskerem 1 (Amete Mihret, the Ethiopian era). */
const UNIX_EPOCH_JULIAN_DAY = 2_440_588;
const ETHIOPIAN_EPOCH_JULIAN_DAY = 1_724_221;

/**
 * The Ethiopian calendar's day, month (its Amharic name) and year of a UTC day. Its year has 12
 * months of 30 days and a 13th of 5, or 6 in the year before a year divisible by 4: the years of
 * each four-year cycle last 365, 365, 366 and 365 days.
 */
export function ethiopianParts(day: Date): { year: number; month: string; day: number } {
  const sinceEpoch = Math.floor(day.getTime() / DAY_MS) + UNIX_EPOCH_JULIAN_DAY - ETHIOPIAN_EPOCH_JULIAN_DAY;
  const cycles = Math.floor(sinceEpoch / 1461);
  let year = cycles * 4 + 1;
  let dayOfYear = sinceEpoch - cycles * 1461;
  for (const length of [365, 365, 366]) {
    if (dayOfYear < length) break;
    dayOfYear -= length;
    year += 1;
  }
  return { year, month: ETHIOPIAN_MONTHS[Math.floor(dayOfYear / 30)] ?? "", day: (dayOfYear % 30) + 1 };
}

/** "መስከረም 1 ቀን 2017 ዓ.ም." */
export function formatEthiopianDate(day: Date): string {
  const { year, month, day: date } = ethiopianParts(day);
  return `${month} ${date} ቀን ${year} ዓ.ም.`;
}

/** "11 ሴፕቴምበር 2024 (መስከረም 1 ቀን 2017 ዓ.ም.)": the Gregorian date in Amharic, the Ethiopian beside it. */
export function formatAmharicDate(day: Date): string {
  const gregorian = `${day.getUTCDate()} ${GREGORIAN_MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
  return `${gregorian} (${formatEthiopianDate(day)})`;
}
