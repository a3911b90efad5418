/** `queued` waits for `run_at`; `running` is claimed until `locked_until`; `failed` gave up after `max_attempts`. */
export type JobStatus = "queued" | "running" | "done" | "failed";

export interface JobTable {
  id: string;
  type: string;
  /** Unique when set: enqueuing the same key again adds nothing. */
  key: string | null;
  /** JSON. */
  payload: string;
  status: JobStatus;
  /** Runs started so far, counted at claim; a run cut short (its claim expired, or the worker stopped it) is given back. */
  attempts: number;
  /** Runs cut short by a crash or a restart: not the job's failures, but bounded (a job that kills its worker every time). */
  interruptions: number;
  max_attempts: number;
  run_at: string;
  /** The claim token of the run that owns the job. */
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  /** JSON the handler reports while it runs, for staff to see how far it got. */
  progress: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
