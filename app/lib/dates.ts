/**
 * An instant (ISO timestamp) for people: its day in the site's time zone, formatted as a calendar
 * date (app/lib/calendar-date.ts). Identical on the server and in every browser, so hydration never
 * disagrees.
 */

import type { Locale } from "../../core/i18n/locale";
import { SITE_TIME_ZONE } from "../../core/shared/site-time";
import { type DateStyle, formatCalendarDate } from "./calendar-date";

// Made on first use: a page's first Intl.DateTimeFormat loads ICU's data (decision 0540).
let siteDay: Intl.DateTimeFormat | undefined;
let siteDayAndTime: Intl.DateTimeFormat | undefined;

export function formatInstantDate(iso: string, style: DateStyle = "long", locale: Locale = "en"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  siteDay ??= new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: SITE_TIME_ZONE,
  });
  return formatCalendarDate(siteDay.format(date), style, locale);
}

/**
 * An instant with its time for staff screens, in the organisation's time zone wherever the browser is
 * ("Mar 1, 2026, 09:00"): the time a scheduled item or newsletter goes out, as it was typed.
 */
export function formatInstantDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  siteDayAndTime ??= new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: SITE_TIME_ZONE,
  });
  return siteDayAndTime.format(date);
}
