import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/database.ts";
import { type Clock, systemClock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import { zonedDate } from "../shared/site-time.ts";
import { pageViewFrom, type RequestSeen } from "./page-view.ts";
import * as repo from "./visits.repository.ts";
import type { PageViewTable } from "./visits.table.ts";

/** Distinct views waiting for the next write at most; beyond it a new one is dropped, never waited for. */
export const MAX_BUFFERED_VIEWS = 5_000;
export const FLUSH_EVERY_MS = 2_000;

/** A distinct view waiting for the next write, with how many times it was seen meanwhile. */
interface Waiting {
  seen: RequestSeen;
  /** The first time it was seen (milliseconds since 1970). */
  at: number;
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

type Buffered = Map<string, Map<string, Map<string, Waiting[]>>>;

/** The entry among a URL's waiting views that the same request made: same day, referrer, host and country. */
function sameView(waiting: Waiting[], day: string, seen: RequestSeen): Waiting | undefined {
  for (const entry of waiting)
    if (
      entry.day === day &&
      entry.seen.referer === seen.referer &&
      entry.seen.host === seen.host &&
      entry.seen.country === seen.country
    )
      return entry;
  return undefined;
}

/** The list a new view of this URL by this user agent and address goes into, made where missing. */
function listFor(buffer: Buffered, userAgent: string, address: string, url: string): Waiting[] {
  let byAddress = buffer.get(userAgent);
  if (!byAddress) {
    byAddress = new Map();
    buffer.set(userAgent, byAddress);
  }
  let byUrl = byAddress.get(address);
  if (!byUrl) {
    byUrl = new Map();
    byAddress.set(address, byUrl);
  }
  let views = byUrl.get(url);
  if (!views) {
    views = [];
    byUrl.set(url, views);
  }
  return views;
}

export interface VisitCounter {
  /** Counts a view in the buffer (or drops it when the buffer is full); never waits. */
  record(seen: RequestSeen, address: string, userAgent: string): void;
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
   * Views by user agent, address and URL, each a list of what else the request said (nearly always
   * one): the same visitor's views of the same URL, seconds apart, are one entry with their count.
   * Counted here, as they come, a repeated view costs a number instead of an object kept for
   * seconds (objects the garbage collector then has to move). Nested maps rather than one key made
   * of all the parts: the user agent and the connection's address are the same strings that were
   * just looked up (V8 keeps a string's hash on it), where building and hashing a composite key was
   * the largest part of counting a view.
   */
  let buffer: Buffered = new Map();
  let buffered = 0;
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
  const dayOf = (at: number) => {
    const minute = Math.floor(at / 60_000);
    if (minute !== dayCache.minute) dayCache = { minute, day: zonedDate(new Date(at).toISOString()) };
    return dayCache.day;
  };
  /** The time as a number: making a Date for every view was a fifth of counting one. */
  const now = clock === systemClock ? Date.now : () => clock().getTime();

  /**
   * One row per distinct view and visitor (URLs that differ only in what is not kept, such as other
   * query parameters, are one row), and one hash for each visitor of the batch.
   */
  async function write(waiting: Iterable<Waiting>) {
    const visitors = new Map<string, string>();
    const rows = new Map<string, PageViewTable>();
    for (const { seen, at, day, address, userAgent, views } of waiting) {
      const who = `${day}\n${address}\n${userAgent}`;
      let visitor = visitors.get(who);
      if (visitor === undefined) {
        visitor = visitorHash(await saltFor(day), address, userAgent);
        visitors.set(who, visitor);
      }
      const view = pageViewFrom(seen);
      const key = JSON.stringify([day, visitor, view]);
      const same = rows.get(key);
      if (same) {
        same.views += views;
        continue;
      }
      rows.set(key, {
        id: newId(),
        viewed_at: new Date(at).toISOString(),
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
    await repo.insertViews(db, [...rows.values()]);
  }

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (buffered === 0) return;
    const waiting = [...buffer.values()].flatMap((byAddress) =>
      [...byAddress.values()].flatMap((byUrl) => [...byUrl.values()].flat()),
    );
    buffer = new Map();
    buffered = 0;
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
    record(seen, address, userAgent) {
      const at = now();
      const day = dayOf(at);
      const views = buffer.get(userAgent)?.get(address)?.get(seen.url);
      const known = views && sameView(views, day, seen);
      if (known) known.views++;
      else if (buffered >= maxBuffered) dropped++;
      else {
        listFor(buffer, userAgent, address, seen.url).push({ seen, at, day, address, userAgent, views: 1 });
        buffered++;
      }
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
