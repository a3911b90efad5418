import { format } from "date-fns/format";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { useSearchParams } from "react-router";
import type { ContactMessage } from "../../../core/messages/messages.schema";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { EmptyState } from "../../components/admin/empty-state";
import { ExportCsvButton } from "../../components/admin/export-csv-button";
import { ListBody } from "../../components/admin/lists/list-body";
import { ListPager } from "../../components/admin/lists/list-pager";
import { ListSearch } from "../../components/admin/lists/list-search";
import { useListPage } from "../../components/admin/lists/use-list-page";
import { Modal } from "../../components/admin/modal";
import { MESSAGES_CHANGED_EVENT } from "../../components/admin/unread-messages-badge";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";

export const meta = () => adminMeta("Messages");

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a");
const announceChange = () => window.dispatchEvent(new Event(MESSAGES_CHANGED_EVENT));

const FILTERS = ["read"] as const;

export default function AdminMessages() {
  const list = useListPage<ContactMessage>("/api/admin/lists/messages", FILTERS);
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const [unread, setUnread] = useState<number | null>(null);
  const [params] = useSearchParams();
  const setMessages = (change: (items: ContactMessage[]) => ContactMessage[]) => list.patch(change);

  useEffect(() => {
    if (list.failed) toast.error("Failed to fetch messages.");
  }, [list.failed]);
  // The unread figure beside the search: one count, asked again when the list changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again with each page the list shows
  useEffect(() => {
    api<{ count: number }>("/api/messages/admin/unread-count")
      .then(({ count }) => setUnread(count))
      .catch(() => undefined);
  }, [list.page]);

  async function view(message: ContactMessage) {
    setOpen(message);
    if (message.isRead) return;
    // Opening a message marks it read (our rule; spec §4 leaves it open).
    setMessages((current) => current.map((m) => (m._id === message._id ? { ...m, isRead: true } : m)));
    try {
      await api(`/api/messages/admin/${message._id}`, { method: "PUT", json: { isRead: true } });
      setUnread((count) => (count === null ? count : Math.max(0, count - 1)));
      announceChange();
    } catch {
      setMessages((current) => current.map((m) => (m._id === message._id ? { ...m, isRead: false } : m)));
    }
  }

  async function remove(message: ContactMessage) {
    const confirmed = await confirmInToast({
      message: `Delete message from ${message.name}?`,
      confirmLabel: "Confirm Delete",
    });
    if (!confirmed) return;
    try {
      await api(`/api/messages/admin/${message._id}`, { method: "DELETE" });
      setOpen(null);
      list.reload();
      announceChange();
      toast.success("Message deleted!");
    } catch {
      toast.error("Failed to delete message.");
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Messages</h1>
        <ExportCsvButton path="/api/messages/export.csv" />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <ListSearch list={list} id="message-search" label="Search messages" />
        <label className="text-sm font-medium">
          Show
          <select
            value={list.value("read") || "all"}
            onChange={(event) => list.set({ read: event.target.value })}
            className="ml-2 rounded-lg border px-3 py-2"
          >
            <option value="all">All messages</option>
            <option value="unread">Unread</option>
            <option value="read">Read</option>
          </select>
        </label>
        {unread !== null && list.page && !params.get("q") && !params.get("read") && (
          <p className="text-sm text-muted">
            {unread} unread of {list.page.total}
          </p>
        )}
      </div>
      <ListBody
        list={list}
        footer={<ListPager list={list} noun="messages" />}
        loadingText="Loading messages..."
        narrowed={Boolean(list.value("q") || list.value("read"))}
        empty={<EmptyState>No messages yet.</EmptyState>}
        noMatch={<EmptyState>No messages match your search.</EmptyState>}
      >
        <ul className="mt-4 divide-y overflow-hidden rounded-2xl border bg-white shadow-sm">
          {list.items.map((m) => (
            <li
              key={m._id}
              data-unread={!m.isRead || undefined}
              className={`flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between ${m.isRead ? "" : "border-l-4 border-accent bg-accent-light"}`}
            >
              <div className="min-w-0">
                <p className={`text-ink ${m.isRead ? "font-medium" : "font-bold"}`}>
                  {m.name}
                  {!m.isRead && (
                    <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-white">New</span>
                  )}
                </p>
                <p className="break-all text-sm text-muted">{m.email}</p>
                <p className="text-xs text-muted">{when(m.createdAt)}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button
                  type="button"
                  onClick={() => view(m)}
                  aria-label={`View details of the message from ${m.name}`}
                  className="rounded-full px-3 py-1 text-sm font-semibold text-brand ring-1 ring-brand/30 hover:bg-brand-light"
                >
                  View Details
                </button>
                <button
                  type="button"
                  onClick={() => remove(m)}
                  aria-label={`Delete message from ${m.name}`}
                  className="rounded-full px-3 py-1 text-sm font-semibold text-red-700 ring-1 ring-red-700/30 hover:bg-red-50"
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </ListBody>

      {open && (
        <Modal
          title={`Message from ${open.name}`}
          onClose={() => setOpen(null)}
          footer={
            <>
              <button
                type="button"
                onClick={() => remove(open)}
                className="rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800"
              >
                Delete Message
              </button>
              <button
                type="button"
                onClick={() => setOpen(null)}
                className="rounded-full px-5 py-2 font-semibold ring-1 ring-black/15 hover:bg-sand"
              >
                Close
              </button>
            </>
          }
        >
          <dl className="space-y-3">
            <div>
              <dt className="text-sm font-semibold text-muted">Name</dt>
              <dd>{open.name}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-muted">Email</dt>
              <dd>
                <a href={`mailto:${open.email}`} className="break-all text-brand underline">
                  {open.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-muted">Received</dt>
              <dd>{when(open.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-muted">Message</dt>
              <dd className="whitespace-pre-wrap break-words">{open.message}</dd>
            </div>
          </dl>
        </Modal>
      )}
    </div>
  );
}
