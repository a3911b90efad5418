import { subMonths } from "date-fns/subMonths";
import type { Db } from "../../db/database.ts";
import type { JobDefinition } from "../jobs/jobs.service.ts";
import type { Clock } from "../shared/clock.ts";
import { deleteBefore } from "./activity.repository.ts";

/**
 * The audit log is kept at least two years (docs/decisions/0250-audit-walk.md; README "Activity log"). Entries are removed
 * once older than 25 months: the month beyond two years means a record is never gone before its
 * second anniversary, whenever in the month the job runs.
 */
export const AUDIT_RETENTION_MONTHS = 25;
export const AUDIT_PRUNE_EVERY_MS = 24 * 60 * 60_000;
export const AUDIT_PRUNE_JOB = "audit.prune-old-entries";

/** Removes entries older than the retention period; returns how many went. */
export async function pruneAuditLog(db: Db, now: Date): Promise<number> {
  return deleteBefore(db, subMonths(now, AUDIT_RETENTION_MONTHS).toISOString());
}

/** The pruning as a recurring job: at every start and once a day, once across instances. */
export function auditPruneJob(db: Db, clock: Clock): JobDefinition<null> {
  return {
    type: AUDIT_PRUNE_JOB,
    everyMs: AUDIT_PRUNE_EVERY_MS,
    maxAttempts: 3,
    async handle(_payload, job) {
      await job.progress({ removed: await pruneAuditLog(db, clock()) });
    },
  };
}
