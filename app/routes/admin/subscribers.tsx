import { format } from "date-fns/format";
import { useCallback, useEffect, useState } from "react";
import toast from "react-hot-toast";
import {
  STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from "../../../core/subscribers/subscribers.constants";
import type { Subscriber } from "../../../core/subscribers/subscribers.schema";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { EmptyState } from "../../components/admin/empty-state";
import { Pagination, SearchBox } from "../../components/admin/list-controls";
import { SubscriberImport } from "../../components/admin/subscriber-import";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { copyWithToast } from "../../lib/clipboard";
import { downloadFile } from "../../lib/download-file";
import { usePagedList } from "../../lib/use-paged-list";

export const meta = () => adminMeta("Subscribers");

const searchText = (s: Subscriber) => s.email;
const STATUS_COLOURS: Record<SubscriberStatus, string> = {
  confirmed: "bg-green-100 text-green-800 ring-green-600/20",
  pending: "bg-yellow-100 text-yellow-800 ring-yellow-600/20",
  unsubscribed: "bg-gray-100 text-gray-700 ring-gray-500/20",
};
const toolbarButton =
  "rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-brand/30 text-brand hover:bg-brand-light disabled:cursor-not-allowed disabled:opacity-50";

export default function AdminSubscribers() {
  const [subscribers, setSubscribers] = useState<Subscriber[] | null>(null);
  const [status, setStatus] = useState<SubscriberStatus | "">("");
  const [doubleOptIn, setDoubleOptIn] = useState(true);
  const [importing, setImporting] = useState(false);
  const shown = status ? (subscribers ?? []).filter((s) => s.status === status) : (subscribers ?? []);
  const list = usePagedList(shown, searchText);

  const load = useCallback(() => {
    api<Subscriber[]>("/api/subscribe")
      .then(setSubscribers)
      .catch(() => {
        toast.error("Failed to fetch subscribers.");
        setSubscribers([]);
      });
  }, []);
  useEffect(() => {
    load();
    api<{ doubleOptIn: boolean }>("/api/subscribe/consent")
      .then((consent) => setDoubleOptIn(consent.doubleOptIn))
      .catch(() => undefined);
  }, [load]);

  async function remove(subscriber: Subscriber) {
    const confirmed = await confirmInToast({
      message: "Delete subscriber?",
      detail: subscriber.email,
      confirmLabel: "Confirm Delete",
    });
    if (!confirmed) return;
    try {
      await api("/api/subscribe", { method: "DELETE", json: { ids: [subscriber._id] } });
      setSubscribers((current) => current?.filter((s) => s._id !== subscriber._id) ?? null);
      toast.success("Subscriber(s) deleted.");
    } catch {
      toast.error("Failed to delete subscriber(s).");
    }
  }

  async function exportCsv() {
    try {
      await downloadFile("/api/subscribe/export.csv");
    } catch {
      toast.error("Export failed. Please try again.");
    }
  }

  const all = subscribers ?? [];
  // Only people who confirmed may be written to; pending and unsubscribed addresses are never copied.
  const confirmed = all.filter((s) => s.status === "confirmed");
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Newsletter Subscribers</h1>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={confirmed.length === 0}
            onClick={() => copyWithToast(confirmed.map((s) => s.email).join(", "), "All emails copied to clipboard!")}
            className={toolbarButton}
          >
            Copy All Emails ({confirmed.length})
          </button>
          <button type="button" onClick={() => setImporting(true)} className={toolbarButton}>
            Import CSV
          </button>
          <button type="button" disabled={all.length === 0} onClick={exportCsv} className={toolbarButton}>
            Export CSV
          </button>
        </div>
      </div>
      <p className="mt-2 text-sm text-muted">
        {doubleOptIn
          ? "New subscribers get an e-mail to confirm their address; only confirmed addresses receive newsletters or are copied."
          : "E-mail is not set up (SMTP), so new subscribers are confirmed at once, without a confirmation e-mail."}
      </p>
      {importing && <SubscriberImport onClose={() => setImporting(false)} onImported={load} />}
      {subscribers === null ? (
        <p className="mt-8 text-muted">Loading subscribers...</p>
      ) : subscribers.length === 0 ? (
        <EmptyState title="No subscribers yet">
          When users subscribe to your newsletter, their emails will appear here.
        </EmptyState>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-end gap-3">
            <SearchBox id="subscriber-search" label="Search e-mails" value={list.query} onChange={list.setQuery} />
            <label className="text-sm font-medium">
              Status
              <select
                value={status}
                onChange={(event) => setStatus(event.target.value as SubscriberStatus | "")}
                className="mt-1 block rounded-lg border px-3 py-2"
              >
                <option value="">All ({all.length})</option>
                {SUBSCRIBER_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {STATUS_LABELS[value]} ({all.filter((s) => s.status === value).length})
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="mt-4 overflow-x-auto rounded-2xl border bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-xs font-semibold uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Email
                  </th>
                  <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                    Status
                  </th>
                  <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                    Subscribed
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {list.pageItems.map((s) => (
                  <tr key={s._id}>
                    <td className="px-4 py-3">
                      <span className="break-all font-medium text-ink">{s.email}</span>
                      <span className="block text-xs text-muted sm:hidden">
                        {STATUS_LABELS[s.status]} · {format(new Date(s.createdAt), "MMMM d, yyyy")}
                      </span>
                    </td>
                    <td className="hidden px-4 py-3 sm:table-cell">
                      <span
                        title={s.source ?? undefined}
                        className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_COLOURS[s.status]}`}
                      >
                        {STATUS_LABELS[s.status]}
                      </span>
                    </td>
                    <td className="hidden whitespace-nowrap px-4 py-3 sm:table-cell">
                      {format(new Date(s.createdAt), "MMMM d, yyyy")}
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-2">
                        <button
                          type="button"
                          onClick={() => copyWithToast(s.email, "Email copied to clipboard!")}
                          aria-label={`Copy ${s.email}`}
                          className="rounded-full px-3 py-1 font-semibold text-brand ring-1 ring-brand/30 hover:bg-brand-light"
                        >
                          Copy
                        </button>
                        <button
                          type="button"
                          onClick={() => remove(s)}
                          aria-label={`Delete ${s.email}`}
                          className="rounded-full px-3 py-1 font-semibold text-red-700 ring-1 ring-red-700/30 hover:bg-red-50"
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.filtered.length === 0 && (
              <p className="px-4 py-8 text-center text-muted">No e-mails match your search.</p>
            )}
          </div>
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            pageSize={list.pageSize}
            total={list.filtered.length}
            onPage={list.setPage}
            noun="subscribers"
          />
        </>
      )}
    </div>
  );
}
