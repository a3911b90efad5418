/**
 * A calendar date ('yyyy-MM-dd') for people: 'MMMM d, yyyy' on public pages (spec §9) and
 * 'MMM d, yyyy' in admin lists, as the same day in every time zone (read and printed as UTC). On
 * Amharic pages, the Gregorian date in Amharic with the Ethiopian calendar's beside it
 * (app/lib/ethiopian-date.ts). No Intl and no date library: islands format dates while they hydrate,
 * and a page's first Intl.DateTimeFormat costs a phone 50–200 ms (decision 0540); the unit test
 * checks these month names against ICU's.
 */
import type { Locale } from "../../core/i18n/locale";
import { formatAmharicDate } from "./ethiopian-date";

export type DateStyle = "long" | "short";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function formatCalendarDate(value: string, style: DateStyle = "long", locale: Locale = "en"): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (locale === "am") return formatAmharicDate(day);
  const month = MONTHS[day.getUTCMonth()] as string;
  return `${style === "short" ? month.slice(0, 3) : month} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}
