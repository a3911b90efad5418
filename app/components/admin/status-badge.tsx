import type { VolunteerStatus } from "../../../core/volunteers/volunteers.schema";

/** Spec §4: Accepted green; Rejected and Canceled red; the others yellow. */
const COLOURS: Record<VolunteerStatus, string> = {
  Accepted: "bg-green-100 text-green-800 ring-green-600/20",
  Rejected: "bg-red-100 text-red-800 ring-red-600/20",
  Canceled: "bg-red-100 text-red-800 ring-red-600/20",
  Pending: "bg-yellow-100 text-yellow-800 ring-yellow-600/20",
  Contacted: "bg-yellow-100 text-yellow-800 ring-yellow-600/20",
};

export function StatusBadge({ status }: { status: VolunteerStatus }) {
  return (
    <span
      data-status-colour={COLOURS[status].split("-")[1]}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${COLOURS[status]}`}
    >
      {status}
    </span>
  );
}
