import { useCallback, useState } from "react";
import toast from "react-hot-toast";
import type { ImportStatus } from "../../../core/subscribers/subscribers.schema";
import { api, errorMessage } from "../../lib/api-client";
import { TextInput } from "./form-controls";
import { ImportProgress } from "./import-progress";
import { Modal } from "./modal";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Imports existing subscribers from a CSV (core/subscribers/subscribers-import.ts reads it). */
export function SubscriberImport({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);

  const finished = useCallback(
    (status: ImportStatus) => {
      onImported();
      if (status.status === "done") toast.success(`${plural(status.added, "subscriber")} imported.`);
      else toast.error("Import failed. Please try again.");
    },
    [onImported],
  );

  async function submit() {
    if (!file) return setErrors({ csv: "Choose a CSV file." });
    setBusy(true);
    try {
      const started = await api<{ id: string }>("/api/subscribe/import", {
        method: "POST",
        json: { csv: await file.text(), source },
      });
      setErrors({});
      setImportId(started.id);
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
            {importId ? "Close" : "Cancel"}
          </button>
          {!importId && (
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
      {importId ? (
        <ImportProgress id={importId} onDone={finished} />
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
