import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/database.ts";
import type { Clock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import { zonedDate } from "../shared/site-time.ts";
import type { PageView } from "./page-view.ts";
import * as repo from "./visits.repository.ts";
import type { PageViewTable } from "./visits.table.ts";

/** Views waiting for the next write at most; beyond it a view is dropped, never waited for. */
export const MAX_BUFFERED_VIEWS = 5_000;
export const FLUSH_EVERY_MS = 2_000;
/** Rows per INSERT (13 columns each: well under SQLite's parameter limit). */
const INSERT_BATCH = 200;

interface Waiting {
  view: PageView;
  at: Date;
  /** Held in memory until the next write (seconds), hashed there, never stored. */
  address: string;
  userAgent: string;
}

/**
 * The visitor: a hash of the day's random salt, the address and the user agent. Without the salt
 * (gone after 48 hours) nobody can recompute it, and each day's salt differs, so a visitor cannot be
 * followed from one day to the next (docs/decisions/0710-visits-counted-on-the-server.md).
 */
export const visitorHash = (salt: string, address: string, userAgent: string) =>
  createHash("sha256").update(`${salt}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22);

export interface VisitCounter {
  /** Counts a view: a push onto the buffer (or a drop when it is full); never waits. */
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
  let buffer: Waiting[] = [];
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

  async function write(waiting: Waiting[]) {
    const rows: PageViewTable[] = [];
    for (const { view, at, address, userAgent } of waiting) {
      const day = zonedDate(at.toISOString());
      rows.push({
        id: newId(),
        viewed_at: at.toISOString(),
        day,
        visitor: visitorHash(await saltFor(day), address, userAgent),
        path: view.path,
        language: view.language,
        referrer_host: view.referrerHost,
        utm_source: view.utmSource,
        utm_medium: view.utmMedium,
        utm_campaign: view.utmCampaign,
        utm_content: view.utmContent,
        device: view.device,
        country: view.country,
      });
    }
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await repo.insertViews(db, rows.slice(start, start + INSERT_BATCH));
    }
  }

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (buffer.length === 0) return;
    const waiting = buffer;
    buffer = [];
    flushing = write(waiting)
      .catch((error: unknown) => {
        dropped += waiting.length;
        onError?.(error);
      })
      .finally(() => {
        flushing = undefined;
      });
    await flushing;
  }

  return {
    record(view, address, userAgent) {
      if (buffer.length >= maxBuffered) {
        dropped++;
        return;
      }
      buffer.push({ view, at: clock(), address, userAgent });
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
