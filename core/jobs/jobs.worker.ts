import type { ClaimedJob, JobQueue } from "./jobs.service.ts";

/** The part of pino the worker uses. */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobWorkerOptions {
  /** How often to look for retries that came due and for jobs other instances queued. */
  pollMs?: number;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /**
   * How long `stop` waits for running jobs; an unfinished one is retried once its claim expires.
   * Short, because it comes after requests have drained and the whole shutdown stays under 10 s.
   */
  stopGraceMs?: number;
}

export interface JobWorker {
  /** Stops claiming and waits (up to the grace time) for the jobs it is running. */
  stop(): Promise<void>;
}

/**
 * Runs due jobs in the background. It keeps claiming while due work remains and slots are free,
 * wakes when this instance enqueues, and polls for the rest. At start it makes recurring jobs due.
 * Not part of `buildApp`: server/main.ts starts it, and tests start one only when they ask.
 */
export function startJobWorker(
  queue: JobQueue,
  log: JobLog,
  { pollMs = 5_000, concurrency = 4, stopGraceMs = 2_000 }: JobWorkerOptions = {},
): JobWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let filling: Promise<void> | undefined;
  let wokenWhileFilling = false;
  let recurringScheduled = false;
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();

  function start(job: ClaimedJob) {
    const run = queue
      .run(job, stopping.signal)
      .then(
        (outcome) => {
          if (outcome === "done") return;
          if (outcome === "interrupted") {
            log.warn({ jobId: job.id, type: job.type }, "job stopped for the shutdown; handed back");
            return;
          }
          const details = { jobId: job.id, type: job.type, attempts: job.attempts };
          if (outcome === "lost") log.warn(details, "job finished after its claim expired; it may run again");
          else log.warn(details, outcome === "retry" ? "job failed; will retry" : "job failed; giving up");
        },
        (error: unknown) => log.error({ err: error, jobId: job.id, type: job.type }, "job could not be recorded"),
      )
      .finally(() => {
        running.delete(run);
        pump();
      });
    running.add(run);
  }

  async function fill() {
    do {
      wokenWhileFilling = false;
      try {
        if (!recurringScheduled) {
          await queue.scheduleRecurring();
          recurringScheduled = true;
        }
        while (!stopped && running.size < concurrency) {
          const jobs = await queue.claim(concurrency - running.size);
          if (jobs.length === 0) break;
          for (const job of jobs) start(job);
        }
      } catch (error) {
        log.error({ err: error }, "job worker could not reach the database; will retry");
        return;
      }
    } while (wokenWhileFilling && !stopped);
  }

  function pump() {
    if (stopped) return;
    if (filling) {
      wokenWhileFilling = true;
      return;
    }
    clearTimeout(timer);
    filling = fill().finally(() => {
      filling = undefined;
      if (!stopped) timer = setTimeout(pump, pollMs).unref();
    });
  }

  const unsubscribe = queue.onEnqueued(pump);
  pump(); // recurring jobs, and whatever was left from before a restart

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      // Long handlers watch this and stop between units of work, so their jobs are handed back now
      // rather than held until their claims expire.
      stopping.abort();
      await filling;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(running),
        new Promise((resolve) => {
          grace = setTimeout(resolve, stopGraceMs).unref();
        }),
      ]);
      clearTimeout(grace);
    },
  };
}
