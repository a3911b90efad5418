import type { JobBacklog, JobQueue } from "./jobs.service.ts";

/** A pending job older than this means the worker or what it talks to (the mail server) is stuck. */
export const LATE_AFTER_SECONDS = 15 * 60;
/** How often a late backlog is logged while it lasts. */
export const WATCH_EVERY_MS = 5 * 60_000;

export const isLate = (backlog: JobBacklog) => (backlog.oldestPendingSeconds ?? 0) > LATE_AFTER_SECONDS;

export interface BacklogLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Logs a warning with the queue's depth and oldest wait when the backlog is late; returns it. */
export async function checkJobBacklog(jobs: JobQueue, log: BacklogLog): Promise<JobBacklog | undefined> {
  try {
    const backlog = await jobs.backlog();
    if (isLate(backlog)) {
      log.warn(
        {
          jobsPending: backlog.pending,
          oldestPendingSeconds: backlog.oldestPendingSeconds,
          jobsFailed: backlog.failed,
          byType: backlog.byType,
        },
        `job backlog: ${backlog.pending} waiting, the oldest for ${Math.round((backlog.oldestPendingSeconds ?? 0) / 60)} min`,
      );
    }
    return backlog;
  } catch (error) {
    log.error({ err: error }, "job backlog could not be read");
    return undefined;
  }
}

/** Checks every few minutes in the background (server/main.ts); tests call `checkJobBacklog`. */
export function watchJobBacklog(jobs: JobQueue, log: BacklogLog, everyMs = WATCH_EVERY_MS) {
  const timer = setInterval(() => void checkJobBacklog(jobs, log), everyMs).unref();
  return { stop: () => clearInterval(timer) };
}
