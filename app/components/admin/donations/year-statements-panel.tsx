import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { giftWithCover } from "../../../../core/receipts/gift-with-cover";
import type { YearStatement } from "../../../../core/receipts/receipts.schema";
import { api, errorMessage } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/download-file";
import { Button } from "../../button";
import { ChoiceField } from "./choice-field";

interface Run {
  status: string;
  sent: number;
  of: number | null;
}

/** Year-end statements (docs/decisions/0323-receipts.md): one per donor e-mail; download one, or e-mail them all with progress. */
export function YearStatementsPanel() {
  const thisYear = new Date().getUTCFullYear();
  const [year, setYear] = useState(String(thisYear));
  const [statements, setStatements] = useState<YearStatement[] | null>(null);
  const [batch, setBatch] = useState<string | null>(null);
  const [run, setRun] = useState<Run | null>(null);

  useEffect(() => {
    setStatements(null);
    api<YearStatement[]>(`/api/statements/${year}`)
      .then(setStatements)
      .catch(() => toast.error("Failed to fetch the statements."));
  }, [year]);

  useEffect(() => {
    if (!batch) return;
    let timer: ReturnType<typeof setTimeout>;
    const poll = () =>
      api<Run>(`/api/statements/runs/${batch}`)
        .then((next) => {
          setRun(next);
          if (next.status !== "done" && next.status !== "failed") timer = setTimeout(poll, 1000);
        })
        .catch(() => toast.error("Lost track of the sending; reload to see the statements."));
    poll();
    return () => clearTimeout(timer);
  }, [batch]);

  async function sendAll() {
    try {
      setRun(null);
      setBatch((await api<{ batch: string }>(`/api/statements/${year}/send`, { method: "POST" })).batch);
    } catch (error) {
      toast.error(errorMessage(error, "Could not start sending."));
    }
  }

  const progress =
    run &&
    (run.status === "done"
      ? `All ${run.sent} statement${run.sent === 1 ? " is" : "s are"} on their way.`
      : run.status === "failed"
        ? "Sending stopped with an error; it will not retry by itself. Try again later."
        : `Sending… ${run.sent} of ${run.of ?? "?"} done.`);

  return (
    <section aria-labelledby="statements-heading" className="mt-10">
      <h2 id="statements-heading" className="text-xl font-bold">
        Year-end statements
      </h2>
      <p className="mt-1 text-sm text-muted">
        One statement per donor e-mail with every gift of the year that had a receipt.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="w-40">
          <ChoiceField
            id="statements-year"
            label="Year"
            value={year}
            onChange={(event) => setYear(event.target.value)}
            choices={[0, 1, 2].map((back) => [String(thisYear - back), String(thisYear - back)] as const)}
          />
        </div>
        <Button
          onClick={sendAll}
          disabled={!statements?.length || (run !== null && run.status !== "done" && run.status !== "failed")}
        >
          Send all statements by e-mail
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm font-medium">
        {progress}
      </p>
      {statements && statements.length === 0 && <p className="mt-2 text-muted">No receipted gifts in {year}.</p>}
      {statements && statements.length > 0 && (
        <ul className="mt-3 divide-y divide-black/5 rounded-2xl bg-white shadow-sm" aria-label={`Statements ${year}`}>
          {statements.map((statement) => (
            <li key={statement.email} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span className="min-w-0 break-all">
                <span className="font-medium">{statement.name ?? statement.email}</span>
                <span className="block text-sm text-muted">
                  {statement.gifts.length} gift{statement.gifts.length === 1 ? "" : "s"} ·{" "}
                  {statement.totals
                    .map((total) => giftWithCover(total.minor, total.feeCoverMinor, total.currency))
                    .join(" and ")}
                </span>
              </span>
              <button
                type="button"
                onClick={() =>
                  downloadFile(`/api/statements/${year}/pdf?email=${encodeURIComponent(statement.email)}`).catch(() =>
                    toast.error("Could not download the statement."),
                  )
                }
                className="rounded-full px-3 py-1 text-sm font-semibold text-brand ring-1 ring-brand/40 hover:bg-brand-light"
              >
                Statement<span className="sr-only"> of {statement.email}</span> (PDF)
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
