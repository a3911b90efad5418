import { format } from "date-fns/format";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import type { ContactMessage } from "../../../core/messages/messages.schema";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { EmptyState } from "../../components/admin/empty-state";
import { ExportCsvButton } from "../../components/admin/export-csv-button";
import { Pagination, SearchBox } from "../../components/admin/list-controls";
import { Modal } from "../../components/admin/modal";
import { MESSAGES_CHANGED_EVENT } from "../../components/admin/unread-messages-badge";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { usePagedList } from "../../lib/use-paged-list";

export const meta = () => adminMeta("Messages");

const searchText = (m: ContactMessage) => `${m.name} ${m.email} ${m.message}`;
const when = (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a");
const announceChange = () => window.dispatchEvent(new Event(MESSAGES_CHANGED_EVENT));

export default function AdminMessages() {
  const [messages, setMessages] = useState<ContactMessage[] | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = usePagedList(messages ?? [], searchText);
  const open = messages?.find((m) => m._id === openId);

  useEffect(() => {
    api<ContactMessage[]>("/api/messages/admin")
      .then(setMessages)
      .catch(() => {
        toast.error("Failed to fetch messages.");
        setMessages([]);
      });
  }, []);

  async function view(message: ContactMessage) {
    setOpenId(message._id);
    if (message.isRead) return;
    // Opening a message marks it read (our rule; spec §4 leaves it open).
    setMessages((current) => current?.map((m) => (m._id === message._id ? { ...m, isRead: true } : m)) ?? null);
    try {
      await api(`/api/messages/admin/${message._id}`, { method: "PUT", json: { isRead: true } });
      announceChange();
    } catch {
      setMessages((current) => current?.map((m) => (m._id === message._id ? { ...m, isRead: false } : m)) ?? null);
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
      setMessages((current) => current?.filter((m) => m._id !== message._id) ?? null);
      setOpenId(null);
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
        <ExportCsvButton path="/api/messages/export.csv" fallbackName="messages.csv" />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <SearchBox id="message-search" label="Search messages" value={list.query} onChange={list.setQuery} />
        {messages && (
          <p className="text-sm text-muted">
            {messages.filter((m) => !m.isRead).length} unread of {messages.length}
          </p>
        )}
      </div>
      {messages === null ? (
        <p className="mt-8 text-muted">Loading messages...</p>
      ) : list.filtered.length === 0 ? (
        <EmptyState>{messages.length === 0 ? "No messages yet." : "No messages match your search."}</EmptyState>
      ) : (
        <>
          <ul className="mt-4 divide-y overflow-hidden rounded-2xl border bg-white shadow-sm">
            {list.pageItems.map((m) => (
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
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            pageSize={list.pageSize}
            total={list.filtered.length}
            onPage={list.setPage}
            noun="messages"
          />
        </>
      )}

      {open && (
        <Modal
          title={`Message from ${open.name}`}
          onClose={() => setOpenId(null)}
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
                onClick={() => setOpenId(null)}
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
