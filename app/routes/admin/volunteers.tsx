import { format } from "date-fns/format";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import {
  VOLUNTEER_STATUSES,
  type VolunteerApplication,
  type VolunteerStatus,
} from "../../../core/volunteers/volunteers.schema";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { EmptyState } from "../../components/admin/empty-state";
import { ExportCsvButton } from "../../components/admin/export-csv-button";
import { BulkBar, bulkButton, bulkDeleteButton } from "../../components/admin/lists/bulk-bar";
import { ListBody } from "../../components/admin/lists/list-body";
import { ListFilter } from "../../components/admin/lists/list-filter";
import { ListPager } from "../../components/admin/lists/list-pager";
import { ListSearch } from "../../components/admin/lists/list-search";
import { ActionsCell, ListTable, RowAction } from "../../components/admin/lists/list-table";
import { useListPage } from "../../components/admin/lists/use-list-page";
import { useSelection } from "../../components/admin/lists/use-selection";
import { StatusBadge } from "../../components/admin/status-badge";
import { VolunteerDetails } from "../../components/admin/volunteer-details";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { copyWithToast } from "../../lib/clipboard";

export const meta = () => adminMeta("Volunteer Applications");

const FILTERS = ["status"] as const;

export default function AdminVolunteers() {
  const list = useListPage<VolunteerApplication>("/api/admin/lists/volunteers", FILTERS);
  const selection = useSelection(list.items.map((a) => a._id));
  const { selected, selectAllRef } = selection;
  const [open, setOpen] = useState<VolunteerApplication | null>(null);
  const setApplications = list.patch;

  useEffect(() => {
    if (list.failed) toast.error("Failed to fetch applications.");
  }, [list.failed]);

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
        setApplications((current) => current.map((a) => (selected.has(a._id) ? { ...a, status: "Canceled" } : a)));
        toast.success("Selected applications have been canceled.", { id: toastId });
      } else {
        await api("/api/volunteer", { method: "DELETE", json: { ids } });
        list.reload();
        toast.success("Selected applications have been deleted.", { id: toastId });
      }
      selection.clear();
      selection.focusAfterChange();
    } catch {
      toast.error(`Failed to ${action} applications.`, { id: toastId });
      list.reload();
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
      setApplications((current) => current.filter((a) => a._id !== application._id));
      selection.forget([application._id]);
      list.reload();
      toast.success("Application deleted.");
    } catch {
      toast.error("Failed to delete applications.");
    }
  }

  async function changeStatus(id: string, status: VolunteerStatus) {
    try {
      await api("/api/volunteer/status", { method: "PUT", json: { ids: [id], status } });
      setApplications((current) => current.map((a) => (a._id === id ? { ...a, status } : a)));
      setOpen((current) => (current && current._id === id ? { ...current, status } : current));
      toast.success("Status updated!");
    } catch {
      toast.error("Failed to update status.");
      list.reload();
    }
  }

  return (
    <div className="pb-24">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Volunteer Applications</h1>
        <ExportCsvButton path="/api/volunteer/export.csv" />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <ListSearch list={list} id="volunteer-search" label="Search applications" />
        <ListFilter
          list={list}
          name="status"
          id="volunteer-status"
          label="Status"
          choices={[["all", "Any status"], ...VOLUNTEER_STATUSES.map((status) => [status, status] as const)]}
        />
        {list.page && <p className="text-sm text-muted">{list.page.total} in total</p>}
      </div>
      <BulkBar selection={selection}>
        <button type="button" onClick={() => bulk("cancel")} className={bulkButton}>
          Mark as Canceled
        </button>
        <button type="button" onClick={() => bulk("delete")} className={bulkDeleteButton}>
          Delete
        </button>
      </BulkBar>
      <ListBody
        list={list}
        footer={<ListPager list={list} noun="applications" />}
        loadingText="Loading applications..."
        narrowed={Boolean(list.value("q") || list.value("status"))}
        empty={<EmptyState>No applications found.</EmptyState>}
        noMatch={<EmptyState>No applications found.</EmptyState>}
      >
        <ListTable
          columns={[
            {
              className: "w-10",
              label: (
                <input
                  ref={selectAllRef}
                  type="checkbox"
                  aria-label="Select all applications on this page"
                  checked={selection.allOnPage}
                  onChange={selection.toggleAllOnPage}
                  className="h-4 w-4"
                />
              ),
            },
            { label: "Applicant" },
            { label: "Contact", className: "hidden md:table-cell" },
            { label: "Interest", className: "hidden lg:table-cell" },
            { label: "Status", className: "hidden sm:table-cell" },
            { label: "Submitted", className: "hidden lg:table-cell" },
            { label: "Actions", className: "text-right" },
          ]}
        >
          {list.items.map((a) => {
            const canceled = a.status === "Canceled";
            const copyEmail = (
              <button
                type="button"
                onClick={() => copyWithToast(a.email, "Email copied to clipboard!")}
                // One line, cut with an ellipsis; the whole address shows on hover and is what is copied.
                // Narrow enough beside the sidebar at 1280 px that the Actions column keeps its room.
                className="block max-w-full truncate text-left text-brand hover:underline md:max-w-[12rem] 2xl:max-w-[16rem]"
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
                    onChange={() => selection.toggle(a._id)}
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
                <ActionsCell>
                  <RowAction disabled={canceled} onClick={() => setOpen(a)} aria-label={`Details for ${a.fullName}`}>
                    Details
                  </RowAction>
                  <RowAction
                    tone="danger"
                    onClick={() => removeOne(a)}
                    aria-label={`Delete application from ${a.fullName}`}
                  >
                    Delete
                  </RowAction>
                </ActionsCell>
              </tr>
            );
          })}
        </ListTable>
      </ListBody>

      {open && (
        <VolunteerDetails
          application={open}
          onStatusChange={(status) => changeStatus(open._id, status)}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
