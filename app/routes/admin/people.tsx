import { useCallback, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { ErasureRequest, ErasureSummary, PersonSummary } from "../../../core/people/people.schema";
import { EmptyState } from "../../components/admin/empty-state";
import { ListBody } from "../../components/admin/lists/list-body";
import { ListPager } from "../../components/admin/lists/list-pager";
import { ListSearch } from "../../components/admin/lists/list-search";
import { useListPage } from "../../components/admin/lists/use-list-page";
import { KIND_LABELS } from "../../components/admin/people/kind-labels";
import { LiftSuppression } from "../../components/admin/people/lift-suppression";
import { adminMeta } from "../../lib/admin-meta";
import { api, errorMessage } from "../../lib/api-client";
import { useStaffMember } from "../../lib/use-staff-member";

export const meta = () => adminMeta("People");

/** Admin → People: one entry per e-mail address, from every kind of record that holds one. */
export default function AdminPeople() {
  const list = useListPage<PersonSummary>("/api/admin/lists/people");
  // Lifting a suppression undoes part of an erasure: Administrators only (docs/decisions/0811).
  const { role } = useStaffMember();

  useEffect(() => {
    if (list.failed) toast.error("Failed to fetch people.");
  }, [list.failed]);

  return (
    <div>
      <h1 className="text-2xl font-bold">People</h1>
      <p className="mt-1 max-w-2xl text-sm text-muted">
        Everyone whose e-mail address the site holds: gifts, pledges, receipts, subscriptions, volunteer applications
        and messages. Open a person to see everything about them, correct it, export it or erase it.
      </p>
      <ErasureRequests onDone={list.reload} />
      <div className="mt-4">
        <ListSearch list={list} id="people-search" label="Search by name, e-mail or phone" />
      </div>
      <ListBody
        list={list}
        footer={<ListPager list={list} noun="people" />}
        loadingText="Loading people..."
        narrowed={Boolean(list.value("q"))}
        empty={<EmptyState>Nobody yet.</EmptyState>}
        noMatch={<EmptyState>Nobody matches your search.</EmptyState>}
      >
        <ul className="mt-4 divide-y overflow-hidden rounded-2xl border bg-white shadow-sm">
          {list.items.map((person) => (
            <li key={person.id} className="flex flex-col gap-1 px-4 py-4">
              <Link to={`/admin/people/${person.id}`} className="font-semibold text-brand underline">
                {person.name || person.email}
              </Link>
              <p className="break-all text-sm text-muted">
                {person.email}
                {person.phone && ` · ${person.phone}`}
              </p>
              <p className="text-xs text-muted">{person.kinds.map((kind) => KIND_LABELS[kind] ?? kind).join(", ")}</p>
            </li>
          ))}
        </ul>
      </ListBody>
      {role === "administrator" ? <LiftSuppression /> : null}
    </div>
  );
}

/** Erasures people asked for through "Your data": never automatic, each confirmed or declined here. */
function ErasureRequests({ onDone }: { onDone: () => void }) {
  const [requests, setRequests] = useState<ErasureRequest[]>([]);
  const load = useCallback(() => {
    api<ErasureRequest[]>("/api/people/erasure-requests")
      .then(setRequests)
      .catch(() => undefined);
  }, []);
  useEffect(load, [load]);

  async function decide(request: ErasureRequest, decision: "approve" | "decline") {
    try {
      if (decision === "approve") {
        const summary = await api<ErasureSummary>(`/api/people/erasure-requests/${request.erasureId}/approve`, {
          method: "POST",
          json: {},
        });
        toast.success(`Erased. Gifts kept by law now read “${summary.pseudonym}”. The person is told by e-mail.`);
      } else {
        await api(`/api/people/erasure-requests/${request.erasureId}/decline`, { method: "POST", json: {} });
        toast.success("Declined. The person is told by e-mail.");
      }
      load();
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, "That did not work. Please try again."));
    }
  }

  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="erasure-requests" className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="erasure-requests" className="text-lg font-bold">
        Erasure requests waiting for you
      </h2>
      <p className="text-sm">Each person confirmed their address by an e-mailed link. Erasing cannot be undone.</p>
      <ul className="mt-2 divide-y">
        {requests.map((request) => (
          <li
            key={request.erasureId}
            className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="break-all">
              <Link to={`/admin/people/${request.personId}`} className="text-brand underline">
                {request.email}
              </Link>{" "}
              <span className="text-sm text-muted">asked {request.requestedAt.slice(0, 10)}</span>
            </span>
            <span className="flex gap-2">
              <button
                type="button"
                onClick={() => decide(request, "approve")}
                className="rounded-full bg-red-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
              >
                Erase<span className="sr-only"> {request.email}</span>
              </button>
              <button
                type="button"
                onClick={() => decide(request, "decline")}
                className="rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-black/15 hover:bg-sand"
              >
                Decline<span className="sr-only"> the request of {request.email}</span>
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
