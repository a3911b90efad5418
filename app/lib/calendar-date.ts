/**
 * 'MMMM d, yyyy' (spec §9) for a date-only value ('yyyy-MM-dd'), as the same calendar day in
 * every time zone: the day is read as UTC and printed in UTC. Intl instead of date-fns keeps
 * ~5 KB of formatting code off public pages (JS budget).
 */
import type { Locale } from "../../core/i18n/locale";
import { formatAmharicDate } from "./ethiopian-date";

const LONG_DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** In Amharic: the Gregorian date in Amharic and the Ethiopian calendar's beside it (app/lib/ethiopian-date.ts). */
export function formatCalendarDate(value: string, locale: Locale = "en"): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return locale === "am" ? formatAmharicDate(day) : LONG_DATE.format(day);
}
