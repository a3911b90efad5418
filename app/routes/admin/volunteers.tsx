import { format } from "date-fns/format";
import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import type { VolunteerApplication, VolunteerStatus } from "../../../core/volunteers/volunteers.schema";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { EmptyState } from "../../components/admin/empty-state";
import { ExportCsvButton } from "../../components/admin/export-csv-button";
import { Pagination, SearchBox } from "../../components/admin/list-controls";
import { StatusBadge } from "../../components/admin/status-badge";
import { VolunteerDetails } from "../../components/admin/volunteer-details";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { copyWithToast } from "../../lib/clipboard";
import { usePagedList } from "../../lib/use-paged-list";

export const meta = () => adminMeta("Volunteer Applications");

const searchText = (a: VolunteerApplication) => `${a.fullName} ${a.email} ${a.interest} ${a.status}`;

export default function AdminVolunteers() {
  const [applications, setApplications] = useState<VolunteerApplication[] | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const list = usePagedList(applications ?? [], searchText);
  const selectAllRef = useRef<HTMLInputElement>(null);
  /**
   * The bulk bar goes away after an action: focus goes to the select-all box, not nowhere. After the
   * change is drawn, because deleting every row takes the box away too (then the page's main region).
   */
  const focusSelectAllAfterChange = () =>
    requestAnimationFrame(() => (selectAllRef.current ?? document.querySelector<HTMLElement>("main"))?.focus());

  const load = useCallback(async () => {
    try {
      setApplications(await api<VolunteerApplication[]>("/api/volunteer"));
    } catch {
      toast.error("Failed to fetch applications.");
      setApplications((current) => current ?? []);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const open = applications?.find((a) => a._id === openId);
  const pageIds = list.pageItems.map((a) => a._id);
  const allOnPageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleAllOnPage() {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of pageIds) {
        if (allOnPageSelected) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  }

  async function bulk(action: "cancel" | "delete") {
    const ids = [...selected];
    if (
      action === "delete" &&
      !(await confirmInToast({
        message: `Delete ${ids.length} selected application${ids.length === 1 ? "" : "s"}? This action is permanent and cannot be undone.`,
        confirmLabel: "Confirm Delete",
      }))
    )
      return;
    const toastId = toast.loading("Processing action...");
    try {
      if (action === "cancel") {
        await api("/api/volunteer/status", { method: "PUT", json: { ids, status: "Canceled" } });
        setApplications(
          (current) => current?.map((a) => (selected.has(a._id) ? { ...a, status: "Canceled" } : a)) ?? null,
        );
        toast.success("Selected applications have been canceled.", { id: toastId });
      } else {
        await api("/api/volunteer", { method: "DELETE", json: { ids } });
        setApplications((current) => current?.filter((a) => !selected.has(a._id)) ?? null);
        toast.success("Selected applications have been deleted.", { id: toastId });
      }
      setSelected(new Set());
      focusSelectAllAfterChange();
    } catch {
      toast.error(`Failed to ${action} applications.`, { id: toastId });
      void load();
    }
  }

  async function removeOne(application: VolunteerApplication) {
    const confirmed = await confirmInToast({
      message: `Delete application from "${application.fullName}"? This action is permanent and cannot be undone.`,
      confirmLabel: "Confirm Delete",
    });
    if (!confirmed) return;
    try {
      await api("/api/volunteer", { method: "DELETE", json: { ids: [application._id] } });
      setApplications((current) => current?.filter((a) => a._id !== application._id) ?? null);
      setSelected((current) => {
        const next = new Set(current);
        next.delete(application._id);
        return next;
      });
      toast.success("Application deleted.");
    } catch {
      toast.error("Failed to delete applications.");
    }
  }

  async function changeStatus(id: string, status: VolunteerStatus) {
    try {
      await api("/api/volunteer/status", { method: "PUT", json: { ids: [id], status } });
      setApplications((current) => current?.map((a) => (a._id === id ? { ...a, status } : a)) ?? null);
      toast.success("Status updated!");
    } catch {
      toast.error("Failed to update status.");
      void load();
    }
  }

  return (
    <div className="pb-24">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Volunteer Applications</h1>
        <ExportCsvButton path="/api/volunteer/export.csv" fallbackName="volunteers.csv" />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <SearchBox id="volunteer-search" label="Search applications" value={list.query} onChange={list.setQuery} />
        {applications && <p className="text-sm text-muted">{applications.length} in total</p>}
      </div>
      {/* Always present, so each change of the count is read out (a live region that appears is not). */}
      <p role="status" className="sr-only">
        {selected.size > 0 ? `${selected.size} selected` : ""}
      </p>
      {/* Before the table in the page's order: one Shift+Tab from the select-all box, though it floats below. */}
      {selected.size > 0 && (
        <section
          aria-label="Bulk actions"
          className="fixed inset-x-4 bottom-4 z-30 mx-auto flex max-w-xl flex-wrap items-center justify-between gap-2 rounded-2xl bg-ink px-4 py-3 text-white shadow-xl"
        >
          <span className="font-semibold" aria-hidden="true">
            {selected.size} selected
          </span>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => bulk("cancel")}
              className="rounded-full bg-white/10 px-3 py-1.5 text-sm font-semibold hover:bg-white/20"
            >
              Mark as Canceled
            </button>
            <button
              type="button"
              onClick={() => bulk("delete")}
              className="rounded-full bg-red-600 px-3 py-1.5 text-sm font-semibold hover:bg-red-700"
            >
              Delete
            </button>
            <button
              type="button"
              onClick={() => {
                // The box stays on the page: focus moves before the bar goes, never through <body>.
                selectAllRef.current?.focus();
                setSelected(new Set());
              }}
              className="rounded-full px-3 py-1.5 text-sm font-semibold hover:bg-white/10"
            >
              Clear
            </button>
          </div>
        </section>
      )}
      {applications === null ? (
        <p className="mt-8 text-muted">Loading applications...</p>
      ) : list.filtered.length === 0 ? (
        <EmptyState>No applications found.</EmptyState>
      ) : (
        <>
          <div className="mt-4 overflow-x-auto rounded-2xl border bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-xs font-semibold uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="w-10 px-4 py-3">
                    <input
                      ref={selectAllRef}
                      type="checkbox"
                      aria-label="Select all applications on this page"
                      checked={allOnPageSelected}
                      onChange={toggleAllOnPage}
                      className="h-4 w-4"
                    />
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Applicant
                  </th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">
                    Contact
                  </th>
                  <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                    Interest
                  </th>
                  <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                    Status
                  </th>
                  <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                    Submitted
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {list.pageItems.map((a) => {
                  const canceled = a.status === "Canceled";
                  const copyEmail = (
                    <button
                      type="button"
                      onClick={() => copyWithToast(a.email, "Email copied to clipboard!")}
                      // One line, cut with an ellipsis; the whole address shows on hover and is what is copied.
                      className="block max-w-full truncate text-left text-brand hover:underline md:max-w-[16rem]"
                      title={`${a.email} (click to copy)`}
                    >
                      {a.email}
                    </button>
                  );
                  return (
                    <tr
                      key={a._id}
                      data-canceled={canceled || undefined}
                      className={canceled ? "bg-gray-50 text-gray-500" : ""}
                    >
                      <td className="px-4 py-3 align-top">
                        <input
                          type="checkbox"
                          aria-label={`Select ${a.fullName}`}
                          checked={selected.has(a._id)}
                          onChange={() => toggle(a._id)}
                          className="h-4 w-4"
                        />
                      </td>
                      <td className="min-w-0 max-w-[12rem] px-4 py-3 align-top sm:max-w-none">
                        <span className={`font-semibold ${canceled ? "line-through" : "text-ink"}`}>{a.fullName}</span>
                        {a.age !== undefined && <span className="block text-xs text-muted">Age {a.age}</span>}
                        <span className="block text-xs text-muted lg:hidden">
                          Submitted {format(new Date(a.createdAt), "MMM d, yyyy")}
                        </span>
                        <span className="mt-1 block md:hidden">{copyEmail}</span>
                        <span className="mt-2 block sm:hidden">
                          <StatusBadge status={a.status} />
                        </span>
                      </td>
                      <td className="hidden px-4 py-3 align-top md:table-cell">{copyEmail}</td>
                      <td className="hidden min-w-[9rem] px-4 py-3 align-top lg:table-cell">{a.interest}</td>
                      <td className="hidden px-4 py-3 align-top sm:table-cell">
                        <StatusBadge status={a.status} />
                      </td>
                      <td className="hidden whitespace-nowrap px-4 py-3 align-top lg:table-cell">
                        {format(new Date(a.createdAt), "MMM d, yyyy")}
                      </td>
                      <td className="px-4 py-3 align-top">
                        <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
                          <button
                            type="button"
                            disabled={canceled}
                            onClick={() => setOpenId(a._id)}
                            aria-label={`Details for ${a.fullName}`}
                            className="rounded-full px-3 py-1 font-semibold text-brand ring-1 ring-brand/30 hover:bg-brand-light disabled:cursor-not-allowed disabled:opacity-40"
                          >
                            Details
                          </button>
                          <button
                            type="button"
                            onClick={() => removeOne(a)}
                            aria-label={`Delete application from ${a.fullName}`}
                            className="rounded-full px-3 py-1 font-semibold text-red-700 ring-1 ring-red-700/30 hover:bg-red-50"
                          >
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            pageSize={list.pageSize}
            total={list.filtered.length}
            onPage={list.setPage}
            noun="applications"
          />
        </>
      )}

      {open && (
        <VolunteerDetails
          application={open}
          onStatusChange={(status) => changeStatus(open._id, status)}
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}
