/**
 * 'MMMM d, yyyy' (spec §9) for a date-only value ('yyyy-MM-dd'), as the same calendar day in
 * every time zone: the day is read as UTC and printed in UTC. Intl instead of date-fns keeps
 * ~5 KB of formatting code off public pages (JS budget).
 */
const LONG_DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

export function formatCalendarDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return LONG_DATE.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}
