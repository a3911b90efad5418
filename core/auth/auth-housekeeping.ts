import type { Db } from "../../db/database.ts";
import type { JobDefinition } from "../jobs/jobs.service.ts";
import type { Clock } from "../shared/clock.ts";
import { deleteExpiredSessions } from "./auth.repository.ts";
import { MEMORY_MS } from "./login-throttle.ts";
import { liveSessionBounds } from "./session-life.ts";

export const AUTH_HOUSEKEEPING_JOB = "auth.housekeeping";
export const AUTH_HOUSEKEEPING_EVERY_MS = 60 * 60_000;

/**
 * Deletes what sign-in leaves behind once it can no longer matter: expired or idle sessions and
 * login counters that have been quiet long enough to start from zero anyway. (Reset links past their
 * hour go with every other single-use link: core/single-use-links.)
 */
export async function cleanUpSignIns(db: Db, now: Date, sessionIdleMs: number) {
  const _nowIso = now.toISOString();
  const forgotten = new Date(now.getTime() - MEMORY_MS).toISOString();
  await deleteExpiredSessions(db, liveSessionBounds(now, sessionIdleMs));
  await db
    .deleteFrom("login_throttle")
    .where("updated_at", "<", forgotten)
    .where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<", forgotten)]))
    .execute();
}

/** The clean-up as a recurring job: at every start and every hour, once across instances. */
export function authHousekeepingJob(db: Db, clock: Clock, sessionIdleMs: number): JobDefinition<null> {
  return {
    type: AUTH_HOUSEKEEPING_JOB,
    everyMs: AUTH_HOUSEKEEPING_EVERY_MS,
    maxAttempts: 3,
    async handle() {
      await cleanUpSignIns(db, clock(), sessionIdleMs);
    },
  };
}
