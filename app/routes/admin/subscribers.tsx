import { format } from "date-fns/format";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import {
  STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from "../../../core/subscribers/subscribers.constants";
import type { Subscriber } from "../../../core/subscribers/subscribers.schema";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { EmptyState } from "../../components/admin/empty-state";
import { ListBody } from "../../components/admin/lists/list-body";
import { ListFilter } from "../../components/admin/lists/list-filter";
import { ListPager } from "../../components/admin/lists/list-pager";
import { ListSearch } from "../../components/admin/lists/list-search";
import { ActionsCell, ListTable, RowAction } from "../../components/admin/lists/list-table";
import { useListPage } from "../../components/admin/lists/use-list-page";
import { SubscriberImport } from "../../components/admin/subscriber-import";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { copyWithToast } from "../../lib/clipboard";
import { downloadFile } from "../../lib/download-file";

export const meta = () => adminMeta("Subscribers");

const FILTERS = ["status"] as const;
const STATUS_COLOURS: Record<SubscriberStatus, string> = {
  confirmed: "bg-green-100 text-green-800 ring-green-600/20",
  pending: "bg-yellow-100 text-yellow-800 ring-yellow-600/20",
  unsubscribed: "bg-gray-100 text-gray-700 ring-gray-500/20",
};
const toolbarButton =
  "rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-brand/30 text-brand hover:bg-brand-light disabled:cursor-not-allowed disabled:opacity-50";

export default function AdminSubscribers() {
  const list = useListPage<Subscriber>("/api/admin/lists/subscribers", FILTERS);
  const [counts, setCounts] = useState<Record<SubscriberStatus, number> | null>(null);
  const [doubleOptIn, setDoubleOptIn] = useState(true);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    if (list.failed) toast.error("Failed to fetch subscribers.");
  }, [list.failed]);
  // The status counts: one aggregate query, asked again whenever the list changes (a delete, an import).
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again with each page the list shows
  useEffect(() => {
    api<Record<SubscriberStatus, number>>("/api/subscribe/counts")
      .then(setCounts)
      .catch(() => undefined);
  }, [list.page]);
  useEffect(() => {
    api<{ doubleOptIn: boolean }>("/api/subscribe/consent")
      .then((consent) => setDoubleOptIn(consent.doubleOptIn))
      .catch(() => undefined);
  }, []);
  const load = list.reload;

  async function remove(subscriber: Subscriber) {
    const confirmed = await confirmInToast({
      message: "Delete subscriber?",
      detail: subscriber.email,
      confirmLabel: "Confirm Delete",
    });
    if (!confirmed) return;
    try {
      await api("/api/subscribe", { method: "DELETE", json: { ids: [subscriber._id] } });
      list.reload();
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

  const total = counts ? SUBSCRIBER_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0) : 0;
  // Only people who confirmed may be written to; pending and unsubscribed addresses are never copied.
  const confirmed = counts?.confirmed ?? 0;
  async function copyConfirmed() {
    try {
      const addresses = await api<Subscriber[]>("/api/subscribe?status=confirmed");
      await copyWithToast(addresses.map((s) => s.email).join(", "), "All emails copied to clipboard!");
    } catch {
      toast.error("Failed to fetch subscribers.");
    }
  }
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Newsletter Subscribers</h1>
        <div className="flex flex-wrap gap-2">
          <button type="button" disabled={confirmed === 0} onClick={copyConfirmed} className={toolbarButton}>
            Copy All Emails ({confirmed})
          </button>
          <button type="button" onClick={() => setImporting(true)} className={toolbarButton}>
            Import CSV
          </button>
          <button type="button" disabled={total === 0} onClick={exportCsv} className={toolbarButton}>
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
      {total > 0 && (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <ListSearch list={list} id="subscriber-search" label="Search e-mails" />
          <ListFilter
            list={list}
            name="status"
            id="subscriber-status"
            label="Status"
            choices={[
              ["all", `All (${total})`],
              ...SUBSCRIBER_STATUSES.map(
                (value) => [value, `${STATUS_LABELS[value]} (${counts?.[value] ?? 0})`] as const,
              ),
            ]}
          />
        </div>
      )}
      <ListBody
        list={list}
        footer={<ListPager list={list} noun="subscribers" />}
        loadingText="Loading subscribers..."
        narrowed={Boolean(list.value("q") || list.value("status"))}
        empty={
          <EmptyState title="No subscribers yet">
            When users subscribe to your newsletter, their emails will appear here.
          </EmptyState>
        }
        noMatch={
          <div className="mt-4 rounded-2xl border bg-white shadow-sm">
            <p className="px-4 py-8 text-center text-muted">No e-mails match your search.</p>
          </div>
        }
      >
        <ListTable
          columns={[
            { label: "Email" },
            { label: "Status", className: "hidden sm:table-cell" },
            { label: "Subscribed", className: "hidden sm:table-cell" },
            { label: "Actions", className: "text-right" },
          ]}
        >
          {list.items.map((s) => (
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
              <ActionsCell>
                <RowAction
                  onClick={() => copyWithToast(s.email, "Email copied to clipboard!")}
                  aria-label={`Copy ${s.email}`}
                >
                  Copy
                </RowAction>
                <RowAction tone="danger" onClick={() => remove(s)} aria-label={`Delete ${s.email}`}>
                  Delete
                </RowAction>
              </ActionsCell>
            </tr>
          ))}
        </ListTable>
      </ListBody>
    </div>
  );
}
