import { type FormEvent, useEffect, useState } from "react";
import toast from "react-hot-toast";
import type { RetentionRow } from "../../../core/personal-data/retention.service";
import { PrivacyTabs } from "../../components/admin/privacy/privacy-tabs";
import { Button } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api } from "../../lib/api-client";

export const meta = () => adminMeta("Data retention");

const periodsOf = (rows: RetentionRow[]) => Object.fromEntries(rows.map((row) => [row.id, String(row.period)]));

/**
 * Admin → Privacy → Data retention (Administrators): how long each kind of personal data is kept,
 * and how many rows the next daily run would remove with the periods as saved
 * (docs/decisions/0680).
 */
export default function AdminPrivacy() {
  const [rules, setRules] = useState<RetentionRow[] | null>(null);
  const [periods, setPeriods] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const show = (rows: RetentionRow[]) => {
    setRules(rows);
    setPeriods(periodsOf(rows));
  };

  useEffect(() => {
    api<{ rules: RetentionRow[] }>("/api/admin/retention")
      .then((body) => {
        setRules(body.rules);
        setPeriods(periodsOf(body.rules));
      })
      .catch(() => {
        toast.error("Failed to load the retention rules.");
        setRules([]);
      });
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const json = { periods: Object.fromEntries(Object.entries(periods).map(([id, value]) => [id, Number(value)])) };
      const body = await api<{ rules: RetentionRow[] }>("/api/admin/retention", { method: "PUT", json });
      show(body.rules);
      toast.success("Retention periods saved.");
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(fields);
      toast.error(
        Object.keys(fields).length > 0
          ? "Some periods are outside what is allowed: see the messages below."
          : "Failed to save the retention periods.",
      );
    } finally {
      setSaving(false);
    }
  }

  const total = rules?.reduce((sum, rule) => sum + rule.due, 0) ?? 0;
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">Privacy</h1>
      <PrivacyTabs />
      <h2 className="mt-6 text-xl font-bold">Data retention</h2>
      <p className="mt-2 text-muted">
        A daily job removes what has been kept longer than these periods and records in the activity log how many of
        each it removed. Gifts and receipts keep their amounts for the accounts; only the person's details are cleared.
      </p>
      {rules === null ? (
        <p className="mt-8 text-muted">Loading...</p>
      ) : (
        <form onSubmit={save} noValidate className="mt-6">
          <p className="font-semibold" aria-live="polite">
            {total === 0 ? "The next run removes nothing." : `The next run removes ${total} in all.`}
          </p>
          <ul className="mt-4 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
            {rules.map((rule) => {
              const id = `period-${rule.id}`;
              const error = errors[rule.id];
              return (
                <li key={rule.id} className="grid gap-3 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-center">
                  <div>
                    <label htmlFor={id} className="font-semibold">
                      {rule.label}
                    </label>
                    <p id={`${id}-rule`} className="text-sm text-muted">
                      {rule.rule}.
                    </p>
                    {error && (
                      <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
                        {error}
                      </p>
                    )}
                  </div>
                  <div className="flex items-center gap-2">
                    <input
                      id={id}
                      type="number"
                      inputMode="numeric"
                      min={rule.min}
                      max={rule.max}
                      value={periods[rule.id] ?? ""}
                      onChange={(event) => setPeriods((current) => ({ ...current, [rule.id]: event.target.value }))}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={`${id}-rule ${id}-bounds${error ? ` ${id}-error` : ""}`}
                      className="w-24 rounded-lg border border-gray-300 px-3 py-2 aria-invalid:border-red-600"
                    />
                    <span id={`${id}-bounds`}>
                      {rule.unit}{" "}
                      <span className="sr-only">
                        (from {rule.min} to {rule.max})
                      </span>
                    </span>
                  </div>
                  <p className="text-sm sm:w-40 sm:text-right" data-testid={`due-${rule.id}`}>
                    Next run removes <strong>{rule.due}</strong>
                  </p>
                </li>
              );
            })}
          </ul>
          <div className="mt-6">
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save periods"}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
