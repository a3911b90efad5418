import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/database.ts";
import type { Clock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import { zonedDate } from "../shared/site-time.ts";
import type { PageView } from "./page-view.ts";
import * as repo from "./visits.repository.ts";
import type { PageViewTable } from "./visits.table.ts";

/** Distinct views waiting for the next write at most; beyond it a new one is dropped, never waited for. */
export const MAX_BUFFERED_VIEWS = 5_000;
export const FLUSH_EVERY_MS = 2_000;

/** A distinct view waiting for the next write, with how many times it was seen meanwhile. */
interface Waiting {
  view: PageView;
  /** The first time it was seen. */
  at: Date;
  day: string;
  /** Held in memory until the next write (seconds), hashed there, never stored. */
  address: string;
  userAgent: string;
  views: number;
}

/**
 * The visitor: a hash of the day's random salt, the address and the user agent. Without the salt
 * (gone after 48 hours) nobody can recompute it, and each day's salt differs, so a visitor cannot be
 * followed from one day to the next (docs/decisions/0710-visits-counted-on-the-server.md).
 */
export const visitorHash = (salt: string, address: string, userAgent: string) =>
  createHash("sha256").update(`${salt}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22);

export interface VisitCounter {
  /** Counts a view in the buffer (or drops it when the buffer is full); never waits. */
  record(view: PageView, address: string, userAgent: string): void;
  /** Writes what is buffered (the timer calls it; tests and shutdown too). */
  flush(): Promise<void>;
  /** Views dropped since start: the buffer was full, or a write failed. */
  readonly dropped: number;
  start(): void;
  stop(): Promise<void>;
}

export function createVisitCounter({
  db,
  clock,
  maxBuffered = MAX_BUFFERED_VIEWS,
  flushEveryMs = FLUSH_EVERY_MS,
  onError,
}: {
  db: Db;
  clock: Clock;
  maxBuffered?: number;
  flushEveryMs?: number;
  onError?: (error: unknown) => void;
}): VisitCounter {
  /**
   * Keyed by everything a row holds: the same visitor's views of the same page with the same tags,
   * seconds apart, are one row with their count. Counted here, as they come, a repeated view costs
   * a number instead of an object kept for seconds (objects the garbage collector then has to move).
   */
  let buffer = new Map<string, Waiting>();
  let dropped = 0;
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Only the salt of the day being counted (and the day before, around midnight) is held. */
  const salts = new Map<string, string>();

  async function saltFor(day: string): Promise<string> {
    const known = salts.get(day);
    if (known) return known;
    const salt =
      (await repo.saltOf(db, day)) ??
      (await repo.keepSalt(db, day, randomBytes(32).toString("base64url"), clock().toISOString()));
    salts.set(day, salt);
    for (const other of salts.keys()) if (other < day && salts.size > 2) salts.delete(other);
    return salt;
  }

  /**
   * The day (in Addis Ababa) of an instant, worked out once a minute: the time zone's rules are
   * costly to apply, and a day only changes on the minute.
   */
  let dayCache = { minute: -1, day: "" };
  const dayOf = (at: Date) => {
    const minute = Math.floor(at.getTime() / 60_000);
    if (minute !== dayCache.minute) dayCache = { minute, day: zonedDate(at.toISOString()) };
    return dayCache.day;
  };

  /** One row per distinct view, and one hash for each visitor of the batch. */
  async function write(waiting: Iterable<Waiting>) {
    const visitors = new Map<string, string>();
    const rows: PageViewTable[] = [];
    for (const { view, at, day, address, userAgent, views } of waiting) {
      const who = `${day}\n${address}\n${userAgent}`;
      let visitor = visitors.get(who);
      if (visitor === undefined) {
        visitor = visitorHash(await saltFor(day), address, userAgent);
        visitors.set(who, visitor);
      }
      rows.push({
        id: newId(),
        viewed_at: at.toISOString(),
        day,
        visitor,
        path: view.path,
        language: view.language,
        referrer_host: view.referrerHost,
        utm_source: view.utmSource,
        utm_medium: view.utmMedium,
        utm_campaign: view.utmCampaign,
        utm_content: view.utmContent,
        device: view.device,
        country: view.country,
        views,
      });
    }
    await repo.insertViews(db, rows);
  }

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (buffer.size === 0) return;
    const waiting = [...buffer.values()];
    buffer = new Map();
    flushing = write(waiting)
      .catch((error: unknown) => {
        dropped += waiting.reduce((sum, { views }) => sum + views, 0);
        onError?.(error);
      })
      .finally(() => {
        flushing = undefined;
      });
    await flushing;
  }

  return {
    record(view, address, userAgent) {
      const at = clock();
      const day = dayOf(at);
      const key = `${day}\n${address}\n${userAgent}\n${view.path}\n${view.referrerHost}\n${view.utmSource}\n${view.utmMedium}\n${view.utmCampaign}\n${view.utmContent}\n${view.country}`;
      const seen = buffer.get(key);
      if (seen) seen.views++;
      else if (buffer.size >= maxBuffered) dropped++;
      else buffer.set(key, { view, at, day, address, userAgent, views: 1 });
    },
    flush,
    get dropped() {
      return dropped;
    },
    start() {
      timer ??= setInterval(() => void flush(), flushEveryMs).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
