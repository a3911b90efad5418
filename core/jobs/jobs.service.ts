import { randomUUID } from "node:crypto";
import type { DatabaseHandle, Db } from "../../db/database.ts";
import type { Clock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import * as repo from "./jobs.repository.ts";
import type { JobStatus } from "./jobs.table.ts";

/** What a handler gets besides its payload. */
export interface RunningJob {
  id: string;
  /** 1 on the first run. */
  attempt: number;
  /**
   * Records how far the job got (any JSON value), e.g. `{ sent: 120, of: 500 }`; a lost connection
   * is retried for a few seconds, so a record of work done outside (a message the mail server
   * accepted) survives a database hiccup.
   */
  progress(value: unknown): Promise<void>;
  /** What an earlier, interrupted run of this job recorded with `progress` (null on a first run). */
  recorded: unknown;
  /**
   * Aborted when this instance shuts down. A long handler calls `signal.throwIfAborted()` between
   * units of work; the job is then due again at once elsewhere, its attempt given back, instead of
   * waiting for its claim to expire (docs/decisions/0641).
   */
  signal: AbortSignal;
}

/**
 * Thrown by a handler that waits on someone outside (a payment not confirmed yet): the attempt is
 * tried again after `retryDelayMs` as a failed one is, but nothing went wrong, so no error is
 * recorded and the queue is not late while it waits (docs/decisions/0741-jobs-that-wait.md).
 */
export class StillWaiting extends Error {}

export interface JobDefinition<P = unknown> {
  /** Stable name stored in each row; renaming one strands its queued jobs. */
  type: string;
  /** Throwing fails this attempt; it is retried after `retryDelayMs` until `maxAttempts`. */
  handle(payload: P, job: RunningJob): Promise<void>;
  maxAttempts?: number;
  retryDelayMs?: (attempts: number) => number;
  /** How long one run may hold its claim without renewing it (renewed every third of this). */
  claimMs?: number;
  /** Makes the job recurring: one row, keyed by type, due at every start and `everyMs` after each run. */
  everyMs?: number;
}

export interface EnqueueRequest {
  type: string;
  /** Stored as JSON; give ids rather than copies of rows that may change. */
  payload: unknown;
  /** At most one job per key, ever: enqueuing the same key again adds nothing. */
  key?: string;
  runAt?: Date;
}

/** What staff can be shown about a job. */
export interface JobState {
  id: string;
  type: string;
  status: JobStatus;
  attempts: number;
  /** Runs cut short by a crash or a shutdown (not failures). */
  interruptions: number;
  maxAttempts: number;
  runAt: string;
  lastError: string | null;
  progress: unknown;
  finishedAt: string | null;
}

/** Work not done yet: `pending` waits or runs (retries included), `failed` gave up. */
export interface JobBacklog {
  pending: number;
  /** How long the oldest pending job has waited since it was queued; null with none. */
  oldestPendingSeconds: number | null;
  failed: number;
  byType: Array<{ type: string; pending: number; failed: number }>;
}

export type ClaimedJob = repo.JobRow & { token: string };

export const DEFAULT_MAX_ATTEMPTS = 20;
/** 30 s doubling to an hour: twenty attempts span about 13 hours. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;
export const backOff = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS);
const DEFAULT_CLAIM_MS = 5 * 60_000;

/** The one row a recurring job type keeps, whichever instance scheduled it. */
export const recurringKey = (type: string) => `recurring:${type}`;
/**
 * Repeats an idempotent bookkeeping write (a claim's release or renewal, guarded by its token) for a
 * few seconds when the database is briefly unreachable: the work itself is done, and recording it
 * late beats running it again (an e-mail sent twice).
 */
async function persistently<T>(write: () => Promise<T>): Promise<T> {
  for (let wait = 250; ; wait *= 2) {
    try {
      return await write();
    } catch (error) {
      if (wait > 2000) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * The one durable job queue (docs/decisions/0100-durable-jobs.md). Features register a handler per
 * job type when services are wired, and enqueue inside the transaction that makes the job needed.
 * `startJobWorker` (jobs.worker.ts) runs due jobs; tests call `runDue` with an injected clock.
 */
export interface JobQueueDeps {
  database: DatabaseHandle;
  clock: Clock;
}

export function createJobQueue({ database: { db, dialect }, clock }: JobQueueDeps) {
  const definitions = new Map<string, JobDefinition<any>>();
  const listeners = new Set<() => void>();
  const iso = (ms = 0) => new Date(clock().getTime() + ms).toISOString();

  function definitionOf(type: string): JobDefinition<any> {
    const definition = definitions.get(type);
    if (!definition) throw new Error(`no job type "${type}" is registered`);
    return definition;
  }

  const wake = () => {
    for (const listener of listeners) listener();
  };

  /** After a failed attempt: retry after a growing wait; when attempts run out, give up (a recurring job waits for its next period instead). */
  async function fail(job: repo.JobRow, token: string, error: string, waiting = false): Promise<"retry" | "failed"> {
    const definition = definitionOf(job.type);
    const owner = { id: job.id, token, now: iso() };
    if (job.attempts < job.max_attempts) {
      const runAt = iso((definition.retryDelayMs ?? backOff)(job.attempts));
      await repo.release(db, owner, { status: "queued", runAt, error: waiting ? null : error, resetAttempts: false });
      return "retry";
    }
    if (definition.everyMs !== undefined) {
      await repo.release(db, owner, { status: "queued", runAt: iso(definition.everyMs), error, resetAttempts: true });
    } else {
      await repo.release(db, owner, { status: "failed", error });
    }
    return "failed";
  }

  function register<P>(definition: JobDefinition<P>): void {
    if (definitions.has(definition.type)) throw new Error(`job type "${definition.type}" is registered twice`);
    definitions.set(definition.type, definition);
  }

  /**
   * Adds a job. Pass the transaction of the change that needs it, so both are stored or neither;
   * then call `wake()` once that transaction has committed (outside a transaction this wakes the
   * worker itself; otherwise the worker's poll finds it). Returns false when the key exists already.
   */
  async function enqueue(trx: Db, request: EnqueueRequest): Promise<boolean> {
    const definition = definitionOf(request.type);
    const added = await repo.insertJob(trx, {
      id: newId(),
      type: request.type,
      key: request.key ?? null,
      payload: JSON.stringify(request.payload ?? null),
      max_attempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: (request.runAt ?? clock()).toISOString(),
      created_at: iso(),
    });
    if (added && !trx.isTransaction) wake();
    return added;
  }

  /**
   * Takes back a job that has not started, by its key, in the transaction of the change that made it
   * unneeded. Returns false when there is none waiting (it ran, runs, or never was).
   */
  const dequeue = (trx: Db, key: string): Promise<boolean> => repo.deleteQueued(trx, key);

  /**
   * Runs a job that gave up again, from its first attempt, in the transaction that records who asked
   * (then `wake()` once it committed). Returns false when the job with this key has not failed.
   */
  const retryFailed = (trx: Db, key: string): Promise<boolean> => repo.requeueFailed(trx, key, iso());

  /** The latest jobs of a type that gave up (at most `limit`), with why and what they were given. */
  async function failed(
    type: string,
    limit: number,
  ): Promise<Array<JobState & { key: string | null; payload: unknown }>> {
    const rows = await repo.failedOfType(db, type, limit);
    return rows.map((row) => ({ ...stateOf(row), key: row.key, payload: JSON.parse(row.payload) }));
  }

  /** Makes every recurring job due now (creating it the first time); the worker calls this at start. */
  async function scheduleRecurring(): Promise<void> {
    for (const definition of definitions.values()) {
      if (definition.everyMs === undefined) continue;
      await repo.scheduleNow(db, {
        id: newId(),
        type: definition.type,
        key: recurringKey(definition.type),
        payload: "null",
        max_attempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        created_at: iso(),
      });
    }
  }

  /**
   * Claims up to `limit` due jobs for one worker. Jobs whose worker died on their last attempt are
   * failed here first, since nobody may claim them again.
   */
  async function claim(limit: number): Promise<ClaimedJob[]> {
    const types = [...definitions.keys()];
    for (const job of await repo.findAbandoned(db, iso(), types)) {
      if (!job.locked_by) continue;
      const error = `its run was cut short ${Number(job.interruptions) + 1} times (the worker stopped while running it)`;
      if (definitionOf(job.type).everyMs === undefined) {
        await repo.release(db, { id: job.id, token: job.locked_by, now: iso() }, { status: "failed", error });
      } else {
        await fail({ ...job, attempts: job.max_attempts }, job.locked_by, error);
      }
    }
    const token = randomUUID();
    const lockedUntil = Object.fromEntries(
      types.map((type) => [type, iso(definitionOf(type).claimMs ?? DEFAULT_CLAIM_MS)]),
    );
    const rows = await repo.claimDue(db, dialect, { lockedUntil, now: iso(), token, limit });
    return rows.map((row) => ({ ...row, token }));
  }

  /**
   * Runs one claimed job to its outcome; a handler's failure is recorded, never thrown. When
   * `signal` is aborted (the worker is stopping) and the handler stops early, the job is handed back.
   */
  async function run(
    job: ClaimedJob,
    signal: AbortSignal = new AbortController().signal,
  ): Promise<"done" | "retry" | "failed" | "lost" | "interrupted"> {
    const definition = definitionOf(job.type);
    const claimMs = definition.claimMs ?? DEFAULT_CLAIM_MS;
    const owner = { id: job.id, token: job.token };
    const renew = (progress?: string) =>
      repo.renewClaim(db, { ...owner, now: iso(), lockedUntil: iso(claimMs), progress });
    const recorded = job.progress === null ? null : JSON.parse(job.progress);
    const heartbeat = setInterval(() => void renew().catch(() => undefined), claimMs / 3);
    heartbeat.unref();
    try {
      await definition.handle(JSON.parse(job.payload), {
        id: job.id,
        attempt: job.attempts,
        progress: async (value) => {
          await persistently(() => renew(JSON.stringify(value)));
        },
        recorded,
        signal,
      });
    } catch (error) {
      if (signal.aborted) return await handBack(job);
      return await fail(job, job.token, errorText(error), error instanceof StillWaiting);
    } finally {
      clearInterval(heartbeat);
    }
    const outcome =
      definition.everyMs === undefined
        ? ({ status: "done" } as const)
        : ({ status: "queued", runAt: iso(definition.everyMs), error: null, resetAttempts: true } as const);
    return (await persistently(() => repo.release(db, { ...owner, now: iso() }, outcome))) ? "done" : "lost";
  }

  async function handBack(job: ClaimedJob): Promise<"interrupted" | "lost"> {
    const released = await repo.release(db, { id: job.id, token: job.token, now: iso() }, { status: "interrupted" });
    if (released) wake();
    return released ? "interrupted" : "lost";
  }

  /** Claims and runs what is due, one at a time, until nothing is (or `limit` ran). */
  async function runDue(limit = 100): Promise<{ done: number; failed: number }> {
    let done = 0;
    let failed = 0;
    while (done + failed < limit) {
      const [job] = await claim(1);
      if (!job) break;
      if ((await run(job)) === "done") done++;
      else failed++;
    }
    return { done, failed };
  }

  async function state(by: { id: string } | { key: string }): Promise<JobState | undefined> {
    const row = await repo.findJob(db, by);
    return row && stateOf(row);
  }

  function stateOf(row: repo.JobRow): JobState {
    return {
      id: row.id,
      type: row.type,
      status: row.status,
      attempts: Number(row.attempts),
      interruptions: Number(row.interruptions),
      maxAttempts: Number(row.max_attempts),
      runAt: row.run_at,
      lastError: row.last_error,
      progress: row.progress === null ? null : JSON.parse(row.progress),
      finishedAt: row.finished_at,
    };
  }

  /** What waits to be done, for health checks, metrics, logs and the dashboard. */
  async function backlog(): Promise<JobBacklog> {
    const rows = await repo.backlog(db);
    const now = clock().getTime();
    const pending = rows.filter((row) => row.status !== "failed");
    const oldest = pending.reduce<string | undefined>(
      (min, row) => (min && min < row.oldest ? min : row.oldest),
      undefined,
    );
    const types = [...new Set(rows.map((row) => row.type))].sort();
    const count = (type: string | undefined, failed: boolean) =>
      rows
        .filter((row) => (type === undefined || row.type === type) && (row.status === "failed") === failed)
        .reduce((sum, row) => sum + row.count, 0);
    return {
      pending: count(undefined, false),
      oldestPendingSeconds: oldest === undefined ? null : Math.max(0, Math.round((now - Date.parse(oldest)) / 1000)),
      failed: count(undefined, true),
      byType: types.map((type) => ({ type, pending: count(type, false), failed: count(type, true) })),
    };
  }

  /** The job that has waited longest, with its last error: what staff look at when mail is late. */
  async function oldestPending(): Promise<(JobState & { createdAt: string }) | undefined> {
    const row = await repo.oldestPending(db);
    const current = row && (await state({ id: row.id }));
    return current && row && { ...current, createdAt: row.created_at };
  }

  return {
    register,
    enqueue,
    dequeue,
    retryFailed,
    failed,
    backlog,
    oldestPending,
    wake,
    onEnqueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    scheduleRecurring,
    claim,
    run,
    runDue,
    state,
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
