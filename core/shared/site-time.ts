/**
 * The organisation's time zone: a post written on a Monday evening in Addis Ababa is Monday's, and
 * "publish at 09:00" means 09:00 there, wherever the editor's browser is.
 */
export const SITE_TIME_ZONE = "Africa/Addis_Ababa";

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** One formatter per zone: making one costs far more than using it (ICU loads the zone's rules). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockIn(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = wallClockIn(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * A wall-clock time without a zone ('2026-12-01T09:00', what a datetime-local field gives) read in
 * `timeZone`, as an instant. Undefined when it is not such a time.
 */
export function zonedLocalToDate(local: string, timeZone = SITE_TIME_ZONE): Date | undefined {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return undefined;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match.slice(1).map((v) => Number(v ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wall)) return undefined;
  // Twice: the offset at the first guess may differ from the offset at the answer (a DST change).
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  return new Date(wall - offsetMinutes(first, timeZone) * 60_000);
}

/** An instant as the datetime-local value of the same moment in `timeZone` ('2026-12-01T09:00'). */
export function dateToZonedLocal(iso: string, timeZone = SITE_TIME_ZONE): string {
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return "";
  return new Date(instant + offsetMinutes(instant, timeZone) * 60_000).toISOString().slice(0, 16);
}

/**
 * The calendar date of an instant in `timeZone` ('2026-12-31T21:30:00Z' is '2027-01-01' in Addis
 * Ababa): the date a receipt, a statement or "My giving" gives a gift, and the year it counts in.
 */
export const zonedDate = (iso: string, timeZone = SITE_TIME_ZONE): string =>
  dateToZonedLocal(iso, timeZone).slice(0, 10);
