import { useEffect, useState } from "react";
import type { ImportStatus } from "../../../core/subscribers/subscribers.schema";
import { api, errorMessage } from "../../lib/api-client";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** How often the screen asks how far the import got. */
const POLL_MS = 1000;

/**
 * A subscriber import running as a job (docs/decisions/0614-import-jobs.md): its progress while it
 * runs, then what it added, what was already on the list and the lines it could not read.
 */
export function ImportProgress({ id, onDone }: { id: string; onDone: (status: ImportStatus) => void }) {
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    async function poll() {
      try {
        const next = await api<ImportStatus>(`/api/subscribe/import/${id}`);
        if (stopped) return;
        setStatus(next);
        if (next.status === "done" || next.status === "failed") onDone(next);
        else timer = setTimeout(poll, POLL_MS);
      } catch (error) {
        if (!stopped) setProblem(errorMessage(error, "Could not read how far the import got."));
      }
    }
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, onDone]);

  if (problem) return <p className="text-sm text-red-700">{problem}</p>;
  if (!status || (status.status !== "done" && status.status !== "failed")) {
    const percent = status?.percent ?? 0;
    return (
      <div className="space-y-2 text-sm" role="status">
        <p>
          Importing… {percent}% ({plural(status?.rowsRead ?? 0, "line")} read)
        </p>
        <progress className="w-full" max={100} value={percent} aria-label="Import progress" />
      </div>
    );
  }
  return (
    <div className="space-y-2 text-sm" role="status">
      {status.status === "failed" && <p className="text-red-700">The import stopped before the end of the file.</p>}
      <p>
        Added {plural(status.added, "address", "addresses")}: {status.confirmed} confirmed, {status.pending} pending
        confirmation.
      </p>
      <p>{plural(status.alreadyKnown, "address was", "addresses were")} already on the list and left as they are.</p>
      {status.invalid.count > 0 && (
        <>
          <p>{plural(status.invalid.count, "line")} could not be read:</p>
          <ul className="list-disc pl-5">
            {status.invalid.shown.map((problem) => (
              <li key={problem.line}>
                Line {problem.line}: “{problem.value}” ({problem.message})
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
