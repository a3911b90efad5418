import { format } from "date-fns/format";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import type { WallEntry, WallState } from "../../../core/donations/tributes.service";
import { EmptyState } from "../../components/admin/empty-state";
import { Button } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";

export const meta = () => adminMeta("Supporters wall");

const STATE_LABELS: Record<WallState, string> = { pending: "Waiting", approved: "Shown", hidden: "Hidden" };

/**
 * The donor wall's moderation (docs/decisions/0781-donor-wall.md): each donor who agreed to be named,
 * once the gift is paid; nothing shows on /supporters until approved here. Each decision is audited.
 */
export default function AdminSupporters() {
  const [entries, setEntries] = useState<WallEntry[] | null>(null);

  useEffect(() => {
    api<{ entries: WallEntry[] }>("/api/admin/donor-wall")
      .then(({ entries }) => setEntries(entries))
      .catch(() => toast.error("Failed to load the supporters wall."));
  }, []);

  async function decide(entry: WallEntry, state: "approved" | "hidden") {
    try {
      await api(`/api/admin/donor-wall/${entry._id}`, { method: "PUT", json: { state } });
      setEntries((current) => current?.map((e) => (e._id === entry._id ? { ...e, state } : e)) ?? null);
      toast.success(state === "approved" ? "Shown on the wall." : "Hidden from the wall.");
    } catch {
      toast.error("Could not save the decision. Please try again.");
    }
  }

  return (
    <div>
      <h1 className="text-2xl font-bold">Supporters wall</h1>
      <p className="mt-1 text-muted">
        Donors who asked to be named on <a href="/supporters">the supporters page</a>. Names and messages are shown as
        plain text, only after you approve them.
      </p>
      {entries === null ? null : entries.length === 0 ? (
        <EmptyState>No donor has asked to be on the wall yet.</EmptyState>
      ) : (
        <ul className="mt-6 space-y-3">
          {entries.map((entry) => (
            <li key={entry._id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5" data-wall-entry="">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {entry.displayName ?? "Anonymous"}
                    <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-semibold text-gray-800">
                      {STATE_LABELS[entry.state]}
                    </span>
                  </p>
                  {entry.message ? <p className="mt-1 whitespace-pre-line break-words">{entry.message}</p> : null}
                  <p className="mt-1 text-sm text-muted">
                    Gift from {entry.donorName ?? "an unnamed donor"}
                    {entry.paidAt ? `, paid ${format(new Date(entry.paidAt), "MMM d, yyyy")}` : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  {entry.state !== "approved" && (
                    <Button size="sm" onClick={() => decide(entry, "approved")}>
                      Approve
                    </Button>
                  )}
                  {entry.state !== "hidden" && (
                    <Button size="sm" variant="secondary" onClick={() => decide(entry, "hidden")}>
                      Hide
                    </Button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
