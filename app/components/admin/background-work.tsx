import { useEffect, useState } from "react";
import { api } from "../../lib/api-client";

/** GET /api/admin/jobs (server/api/health.routes.ts). */
interface JobsAnswer {
  pending: number;
  oldestPendingSeconds: number | null;
  failed: number;
  late: boolean;
  byType: Array<{ type: string; pending: number; failed: number }>;
  oldest: { type: string; attempts: number; lastError: string | null; createdAt: string } | null;
}

/** What a job type is, in words a volunteer administrator knows. */
const JOB_NAMES: Record<string, string> = {
  email: "e-mail",
  "donations.chapa-verify": "asking Chapa about a birr gift",
};

function waited(seconds: number): string {
  if (seconds < 90) return "under 2 minutes";
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round(seconds / 3600)} hours`;
}

/**
 * The dashboard's "Background work" for Administrators: e-mails and other jobs waiting, the oldest
 * with its last error, and a plain warning when they are late (docs/deploy.md, "Health and monitoring").
 */
export function BackgroundWork() {
  const [jobs, setJobs] = useState<JobsAnswer | null>(null);
  const [failedToLoad, setFailedToLoad] = useState(false);

  useEffect(() => {
    let active = true;
    api<JobsAnswer>("/api/admin/jobs")
      .then((answer) => active && setJobs(answer))
      .catch(() => active && setFailedToLoad(true));
    return () => {
      active = false;
    };
  }, []);

  if (failedToLoad) return null;
  const tone = jobs?.late || (jobs?.failed ?? 0) > 0 ? "border-amber-300 bg-amber-50" : "border-gray-200 bg-white";
  return (
    <section aria-labelledby="background-work" className={`mt-8 rounded-2xl border p-5 shadow-sm ${tone}`}>
      <h2 id="background-work" className="text-lg font-semibold">
        Background work
      </h2>
      {!jobs ? (
        <p className="mt-1 text-sm text-muted">Loading…</p>
      ) : jobs.pending === 0 && jobs.failed === 0 ? (
        <p className="mt-1 text-sm text-muted">Nothing waiting: e-mails and other background work are up to date.</p>
      ) : (
        <div className="mt-1 space-y-2 text-sm" data-testid="background-work">
          <p>
            {jobs.pending} waiting
            {jobs.oldestPendingSeconds !== null && jobs.pending > 0
              ? `, the oldest for ${waited(jobs.oldestPendingSeconds)}`
              : ""}
            {jobs.failed > 0 ? `; ${jobs.failed} gave up after their last try` : ""}.
          </p>
          {jobs.oldest ? (
            <p>
              Oldest: {JOB_NAMES[jobs.oldest.type] ?? jobs.oldest.type}, tried {jobs.oldest.attempts}{" "}
              {jobs.oldest.attempts === 1 ? "time" : "times"}
              {jobs.oldest.lastError ? (
                <>
                  ; last error: <code className="break-all">{jobs.oldest.lastError}</code>
                </>
              ) : jobs.oldest.attempts > 0 ? (
                // A job that waits on someone outside (a donor still paying) records no error.
                "; waiting to ask again, nothing has gone wrong"
              ) : null}
            </p>
          ) : null}
          {jobs.late ? (
            <p role="status" className="font-semibold text-amber-900">
              This is late. Check the mail server settings (SMTP_…) and the site's log; e-mails are kept and retried for
              about 13 hours.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
