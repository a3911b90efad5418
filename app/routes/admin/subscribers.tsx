import { format } from "date-fns";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import type { Subscriber } from "../../../core/subscribers/subscribers.schema";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { EmptyState } from "../../components/admin/empty-state";
import { Pagination, SearchBox } from "../../components/admin/list-controls";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { copyWithToast } from "../../lib/clipboard";
import { downloadAdminFile } from "../../lib/download";
import { usePagedList } from "../../lib/use-paged-list";

export const meta = () => adminMeta("Subscribers");

const searchText = (s: Subscriber) => s.email;
const toolbarButton =
  "rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-brand/30 text-brand hover:bg-brand-light disabled:cursor-not-allowed disabled:opacity-50";

export default function AdminSubscribers() {
  const [subscribers, setSubscribers] = useState<Subscriber[] | null>(null);
  const list = usePagedList(subscribers ?? [], searchText);

  useEffect(() => {
    api<Subscriber[]>("/api/subscribe")
      .then(setSubscribers)
      .catch(() => {
        toast.error("Failed to fetch subscribers.");
        setSubscribers([]);
      });
  }, []);

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
      await downloadAdminFile("/api/subscribe/export.csv", "subscribers.csv");
    } catch {
      toast.error("Export failed. Please try again.");
    }
  }

  const all = subscribers ?? [];
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Newsletter Subscribers</h1>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={all.length === 0}
            onClick={() => copyWithToast(all.map((s) => s.email).join(", "), "All emails copied to clipboard!")}
            className={toolbarButton}
          >
            Copy All Emails ({all.length})
          </button>
          <button type="button" disabled={all.length === 0} onClick={exportCsv} className={toolbarButton}>
            Export CSV
          </button>
        </div>
      </div>
      {subscribers === null ? (
        <p className="mt-8 text-muted">Loading subscribers...</p>
      ) : subscribers.length === 0 ? (
        <EmptyState title="No subscribers yet">
          When users subscribe to your newsletter, their emails will appear here.
        </EmptyState>
      ) : (
        <>
          <div className="mt-4">
            <SearchBox id="subscriber-search" label="Search e-mails" value={list.query} onChange={list.setQuery} />
          </div>
          <div className="mt-4 overflow-x-auto rounded-2xl border bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-xs font-semibold uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Email
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
                        {format(new Date(s.createdAt), "MMMM d, yyyy")}
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
