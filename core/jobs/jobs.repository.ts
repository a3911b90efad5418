import { type ExpressionBuilder, sql } from "kysely";
import type { Db, Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { JobTable } from "./jobs.table.ts";

export type JobRow = JobTable;

/** Adds a job; with a key that exists already nothing is added. Returns whether a row was added. */
export async function insertJob(
  db: Db,
  job: Pick<JobTable, "id" | "type" | "key" | "payload" | "max_attempts" | "run_at" | "created_at">,
): Promise<boolean> {
  const result = await db
    .insertInto("jobs")
    .values({ ...job, status: "queued", attempts: 0, interruptions: 0, updated_at: job.created_at })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Makes the failed job with this key due again with all its attempts (staff asked to try again):
 * the same row, so its key still keeps it unique. Returns whether one was failed.
 */
export async function requeueFailed(db: Db, key: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ status: "queued", attempts: 0, interruptions: 0, run_at: now, updated_at: now, finished_at: null })
    .where("key", "=", key)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Failed jobs of one type, most recent first, for staff to see what gave up and why. */
export function failedOfType(db: Db, type: string, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("type", "=", type)
    .where("status", "=", "failed")
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Deletes the job with this key if it waits; returns whether one was deleted. */
export async function deleteQueued(db: Db, key: string): Promise<boolean> {
  const result = await db.deleteFrom("jobs").where("key", "=", key).where("status", "=", "queued").executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Adds a recurring job under its key, or, if it exists and is waiting, makes it due now: a start
 * runs periodic work at once, and the key keeps one row however many instances start.
 */
export async function scheduleNow(
  db: Db,
  job: Pick<JobTable, "id" | "type" | "key" | "payload" | "max_attempts" | "created_at">,
): Promise<void> {
  await db
    .insertInto("jobs")
    .values({
      ...job,
      status: "queued",
      attempts: 0,
      interruptions: 0,
      run_at: job.created_at,
      updated_at: job.created_at,
    })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ run_at: job.created_at, updated_at: job.created_at })
        .where("jobs.status", "=", "queued"),
    )
    .execute();
}

/**
 * How many times a job's run may be cut short (its worker killed, the machine restarted) before it
 * is given up: a job that kills its worker every time must not loop for ever. Interruptions are not
 * failures of the job, so they never use up its attempts (docs/decisions/0641).
 */
export const MAX_INTERRUPTIONS = 25;

/**
 * Waiting, due and with attempts left; or running under a claim that expired (its worker died),
 * which takes the interrupted run's attempt over.
 */
const claimable = (now: string) => (eb: ExpressionBuilder<Database, "jobs">) =>
  eb.and([
    eb("run_at", "<=", now),
    eb.or([
      eb.and([eb("status", "=", "queued"), eb("attempts", "<", eb.ref("max_attempts"))]),
      eb.and([
        eb("status", "=", "running"),
        eb("locked_until", "<=", now),
        // The expired run is itself an interruption, counted by this takeover.
        eb("interruptions", "<", MAX_INTERRUPTIONS - 1),
      ]),
    ]),
  ]);

/** A fresh claim counts an attempt; taking over an interrupted run counts an interruption instead. */
const counted = (eb: ExpressionBuilder<Database, "jobs">) => ({
  attempts: eb
    .case()
    .when("jobs.status", "=", "running")
    .then(eb.ref("jobs.attempts"))
    .else(eb("jobs.attempts", "+", 1))
    .end(),
  interruptions: eb
    .case()
    .when("jobs.status", "=", "running")
    .then(eb("jobs.interruptions", "+", 1))
    .else(eb.ref("jobs.interruptions"))
    .end(),
});

/**
 * Claims up to `limit` due jobs of the given types for one run, in one statement, re-checking on
 * each row as it is updated that it is still claimable. SQLite serialises writers, so the plain
 * conditional update is atomic there. On PostgreSQL the candidates are locked first with SKIP LOCKED,
 * so concurrent workers take different rows; the CTE is MATERIALIZED because a locking subquery
 * inside `IN (…)` may be run again by the planner and lock (and claim) more than `limit` rows.
 */
export async function claimDue(
  db: Db,
  dialect: Dialect,
  claim: { lockedUntil: Record<string, string>; now: string; token: string; limit: number },
): Promise<JobRow[]> {
  const types = Object.keys(claim.lockedUntil);
  if (types.length === 0 || claim.limit < 1) return [];
  const due = db
    .selectFrom("jobs")
    .select("id")
    .where("type", "in", types)
    .where(claimable(claim.now))
    .orderBy("run_at")
    .orderBy("id")
    .limit(claim.limit);
  const claimed = { status: "running", locked_by: claim.token, updated_at: claim.now } as const;
  // Each type holds its claim for its own time: a worker that dies right after claiming a short job
  // must not keep it from other instances for the longest type's time.
  const lockedUntil = (eb: ExpressionBuilder<Database, "jobs">) => {
    const [first, ...rest] = types as [string, ...string[]];
    let expression = eb
      .case()
      .when("jobs.type", "=", first)
      .then(claim.lockedUntil[first] as string);
    for (const type of rest)
      expression = expression.when("jobs.type", "=", type).then(claim.lockedUntil[type] as string);
    return expression.end();
  };
  if (dialect === "sqlite") {
    return db
      .updateTable("jobs")
      .set((eb) => ({ ...claimed, locked_until: lockedUntil(eb), ...counted(eb) }))
      .where("id", "in", due)
      .where(claimable(claim.now))
      .returningAll()
      .execute();
  }
  return db
    .with(
      (cte) => cte("due").materialized(),
      () => due.forUpdate().skipLocked(),
    )
    .updateTable("jobs")
    .from("due")
    .set((eb) => ({ ...claimed, locked_until: lockedUntil(eb), ...counted(eb) }))
    .whereRef("jobs.id", "=", "due.id")
    .where(claimable(claim.now))
    .returningAll("jobs")
    .execute();
}

/** Running jobs whose claim expired once too often: nobody will claim them again. */
export async function findAbandoned(db: Db, now: string, types: string[]): Promise<JobRow[]> {
  if (types.length === 0) return [];
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("type", "in", types)
    .where("status", "=", "running")
    .where("locked_until", "<=", now)
    .where("interruptions", ">=", MAX_INTERRUPTIONS - 1)
    .execute();
}

/**
 * Ends a claim: done, failed for good, or back to waiting (a retry, or the next run of a recurring
 * job). Only the claim that owns the job may end it; returns false when the claim was lost.
 */
export async function release(
  db: Db,
  job: { id: string; token: string; now: string },
  outcome:
    | { status: "done" }
    | { status: "failed"; error: string }
    | { status: "queued"; runAt: string; error: string | null; resetAttempts: boolean }
    | { status: "interrupted" },
): Promise<boolean> {
  if (outcome.status === "interrupted") {
    // Stopped by its own worker (a shutdown): due again at once, its attempt given back.
    const result = await db
      .updateTable("jobs")
      .set((eb) => ({
        status: "queued",
        locked_by: null,
        locked_until: null,
        updated_at: job.now,
        run_at: job.now,
        attempts: eb("attempts", "-", 1),
        interruptions: eb("interruptions", "+", 1),
      }))
      .where("id", "=", job.id)
      .where("locked_by", "=", job.token)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  const result = await db
    .updateTable("jobs")
    .set({
      status: outcome.status,
      locked_by: null,
      locked_until: null,
      updated_at: job.now,
      ...(outcome.status === "queued"
        ? {
            run_at: outcome.runAt,
            last_error: outcome.error,
            ...(outcome.resetAttempts ? { attempts: 0, interruptions: 0 } : {}),
          }
        : { finished_at: job.now }),
      ...(outcome.status === "failed" ? { last_error: outcome.error } : {}),
    })
    .where("id", "=", job.id)
    .where("locked_by", "=", job.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps a long run's claim alive (the heartbeat), and records its progress when given. */
export async function renewClaim(
  db: Db,
  job: { id: string; token: string; now: string; lockedUntil: string; progress?: string },
): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({
      locked_until: job.lockedUntil,
      updated_at: job.now,
      ...(job.progress === undefined ? {} : { progress: job.progress }),
    })
    .where("id", "=", job.id)
    .where("locked_by", "=", job.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findJob(db: Db, by: { id: string } | { key: string }): Promise<JobRow | undefined> {
  const query = db.selectFrom("jobs").selectAll();
  return ("id" in by ? query.where("id", "=", by.id) : query.where("key", "=", by.key)).executeTakeFirst();
}

export interface BacklogRow {
  type: string;
  status: "queued" | "running" | "failed";
  count: number;
  /** The oldest `created_at` among these jobs. */
  oldest: string;
}

/**
 * Jobs not done, by type and status: waiting or running work, and the ones that gave up. Recurring
 * jobs (keyed `recurring:…`) always wait for their next period, so they are no backlog.
 */
/**
 * Since when a pending job counts as waiting to be done: one that has failed, since it was queued
 * (a mail server down for hours is late however often it was retried); one that has not, since it
 * was due (a job scheduled for later, or waiting on someone outside, is not late before then).
 */
const pendingSince = sql<string>`case when last_error is null then run_at else created_at end`;

export async function backlog(db: Db): Promise<BacklogRow[]> {
  const rows = await db
    .selectFrom("jobs")
    .select(({ fn }) => [
      "type",
      "status",
      fn.countAll<number | string>().as("count"),
      fn.min(pendingSince).as("oldest"),
    ])
    .where("status", "in", ["queued", "running", "failed"])
    .where((eb) => eb.or([eb("key", "is", null), eb("key", "not like", "recurring:%")]))
    .groupBy(["type", "status"])
    .execute();
  return rows.map((row) => ({
    type: row.type,
    status: row.status as BacklogRow["status"],
    count: Number(row.count),
    oldest: row.oldest,
  }));
}

/** The pending job that has waited longest (recurring ones aside), for staff to see what is stuck. */
export async function oldestPending(db: Db): Promise<JobRow | undefined> {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("status", "in", ["queued", "running"])
    .where((eb) => eb.or([eb("key", "is", null), eb("key", "not like", "recurring:%")]))
    .orderBy(pendingSince)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}
