import { useEffect } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { PersonSummary } from "../../../core/people/people.schema";
import { EmptyState } from "../../components/admin/empty-state";
import { ListBody } from "../../components/admin/lists/list-body";
import { ListPager } from "../../components/admin/lists/list-pager";
import { ListSearch } from "../../components/admin/lists/list-search";
import { useListPage } from "../../components/admin/lists/use-list-page";
import { KIND_LABELS } from "../../components/admin/people/kind-labels";
import { adminMeta } from "../../lib/admin-meta";

export const meta = () => adminMeta("People");

/** Admin → People: one entry per e-mail address, from every kind of record that holds one. */
export default function AdminPeople() {
  const list = useListPage<PersonSummary>("/api/admin/lists/people");

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
      <div className="mt-4">
        <ListSearch
          id="people-search"
          label="Search by name, e-mail or phone"
          value={list.value("q")}
          onSearch={(q) => list.set({ q }, { replace: true })}
        />
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
    </div>
  );
}
