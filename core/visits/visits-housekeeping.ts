import type { Db } from "../../db/database.ts";
import type { JobDefinition } from "../jobs/jobs.service.ts";
import { addDays } from "../shared/calendar-days.ts";
import type { Clock } from "../shared/clock.ts";
import { zonedDate } from "../shared/site-time.ts";
import * as repo from "./visits.repository.ts";

export const VISITS_HOUSEKEEPING_JOB = "visits.roll-up";
/** Hourly: a finished day is rolled up within the hour after midnight, and a salt goes at 48 h. */
const EVERY_MS = 60 * 60_000;
/** Raw views are kept this many days, then only their day's aggregates remain. */
export const RAW_VIEWS_KEPT_DAYS = 30;
export const SALT_KEPT_MS = 48 * 60 * 60_000;

/**
 * Rolls every finished day (Addis Ababa time) into its aggregates, deletes raw views older than 30
 * days and salts older than 48 hours. Idempotent: a day is rolled once, and again only if its
 * aggregates were lost.
 */
export async function houseKeepVisits(db: Db, now: Date) {
  const today = zonedDate(now.toISOString());
  const days = await repo.daysToRollUp(db, today);
  for (const day of days) await repo.rollUpDay(db, day);
  // Today and the 29 days before it stay.
  const viewsRemoved = await repo.deleteViewsBefore(db, addDays(today, 1 - RAW_VIEWS_KEPT_DAYS));
  const saltsRemoved = await repo.deleteSaltsMadeBefore(db, new Date(now.getTime() - SALT_KEPT_MS).toISOString());
  return { rolledUp: days.length, viewsRemoved, saltsRemoved };
}

export function visitsHousekeepingJob(db: Db, clock: Clock): JobDefinition<null> {
  return {
    type: VISITS_HOUSEKEEPING_JOB,
    everyMs: EVERY_MS,
    maxAttempts: 3,
    async handle(_payload, job) {
      await job.progress(await houseKeepVisits(db, clock()));
    },
  };
}
