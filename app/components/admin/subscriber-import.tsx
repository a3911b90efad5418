import { useState } from "react";
import toast from "react-hot-toast";
import { api, errorMessage } from "../../lib/api-client";
import { TextInput } from "./form-controls";
import { Modal } from "./modal";

interface ImportResult {
  added: number;
  confirmed: number;
  pending: number;
  alreadyKnown: number;
  invalid: { count: number; shown: Array<{ line: number; value: string; message: string }> };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Imports existing subscribers from a CSV (core/subscribers/subscribers-import.ts reads it). */
export function SubscriberImport({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  async function submit() {
    if (!file) return setErrors({ csv: "Choose a CSV file." });
    setBusy(true);
    try {
      const imported = await api<ImportResult>("/api/subscribe/import", {
        method: "POST",
        json: { csv: await file.text(), source },
      });
      setResult(imported);
      setErrors({});
      onImported();
      toast.success(`${plural(imported.added, "subscriber")} imported.`);
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields ?? {};
      setErrors(fields);
      toast.error(errorMessage(error, "Import failed. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Import subscribers"
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose} className="rounded-full px-4 py-2 font-semibold ring-1 ring-gray-300">
            {result ? "Close" : "Cancel"}
          </button>
          {!result && (
            <button
              type="button"
              disabled={busy}
              onClick={submit}
              className="rounded-full bg-brand px-4 py-2 font-semibold text-white disabled:opacity-50"
            >
              {busy ? "Importing..." : "Import"}
            </button>
          )}
        </>
      }
    >
      {result ? (
        <div className="space-y-2 text-sm" role="status">
          <p>
            Added {plural(result.added, "address", "addresses")}: {result.confirmed} confirmed, {result.pending} pending
            confirmation.
          </p>
          <p>
            {plural(result.alreadyKnown, "address was", "addresses were")} already on the list and left as they are.
          </p>
          {result.invalid.count > 0 && (
            <>
              <p>{plural(result.invalid.count, "line")} could not be read:</p>
              <ul className="list-disc pl-5">
                {result.invalid.shown.map((problem) => (
                  <li key={problem.line}>
                    Line {problem.line}: “{problem.value}” ({problem.message})
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : (
        <div className="space-y-4 text-sm">
          <p className="text-muted">
            A CSV file whose first line names the columns: <strong>email</strong>, and <strong>consent</strong> (yes)
            for people who agreed to receive the newsletter. Only they are confirmed at once; the others are asked to
            confirm by e-mail. Addresses already on the list, unsubscribed ones included, are not changed.
          </p>
          <div>
            <label htmlFor="import-file" className="block font-medium">
              CSV file
            </label>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={errors.csv ? true : undefined}
              aria-describedby={errors.csv ? "import-file-error" : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="mt-1 block w-full text-sm"
            />
            {errors.csv && (
              <p id="import-file-error" className="mt-1 text-sm text-red-700">
                {errors.csv}
              </p>
            )}
          </div>
          <TextInput
            id="import-source"
            label="Where these addresses come from"
            hint="Kept with each address as the record of consent, e.g. “Spring fair sign-up sheet, 2025”."
            value={source}
            error={errors.source}
            onChange={(event) => setSource(event.target.value)}
          />
        </div>
      )}
    </Modal>
  );
}
