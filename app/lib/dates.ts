/**
 * Dates for people, identical on the server and in every browser (so hydration never disagrees).
 * Intl instead of a date library keeps these bytes out of public pages.
 */

import type { Locale } from "../../core/i18n/locale";
import { SITE_TIME_ZONE } from "../../core/shared/site-time";
import { formatAmharicDate } from "./ethiopian-date";

export { SITE_TIME_ZONE };

type Style = "long" | "short";
const formatters = {
  // 'MMMM d, yyyy' (public pages) and 'MMM d, yyyy' (admin lists).
  long: new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }),
  short: new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }),
};
const siteDay = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: SITE_TIME_ZONE,
});

/**
 * A calendar date 'yyyy-MM-dd' shown as that same day wherever the reader is; on Amharic pages in
 * Amharic with the Ethiopian calendar's date beside it (app/lib/ethiopian-date.ts).
 */
export function formatCalendarDate(value: string, style: Style = "long", locale: Locale = "en"): string {
  const [year, month, day] = value.split("-").map(Number);
  if (!year || !month || !day) return value;
  const date = new Date(Date.UTC(year, month - 1, day));
  return locale === "am" ? formatAmharicDate(date) : formatters[style].format(date);
}

/** An instant (ISO timestamp) shown as its day in the site's time zone. */
export function formatInstantDate(iso: string, style: Style = "long", locale: Locale = "en"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return formatCalendarDate(siteDay.format(date), style, locale);
}
