import { format } from "date-fns/format";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { useSearchParams } from "react-router";
import {
  ACTION_LABELS,
  type ActivityEntry,
  type ActivityPage,
  type ActivityPerson,
  ENTITY_NOUNS,
} from "../../../core/audit/activity.schema";
import { EmptyState } from "../../components/admin/empty-state";
import { buttonClasses } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api } from "../../lib/api-client";
import { downloadFile } from "../../lib/download-file";

export const meta = () => adminMeta("Activity");

/** The filters the URL keeps, so a filtered view can be reloaded, bookmarked and shared. */
const FILTERS = ["person", "action", "entity", "from", "to"] as const;
type Filter = (typeof FILTERS)[number];

const control = "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-ink";
const label = "block text-xs font-semibold uppercase tracking-wide text-muted";

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy · HH:mm");

function filtersOf(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
}

interface FilterProps {
  name: Filter;
  label: string;
  params: URLSearchParams;
  onChange: (name: Filter, value: string) => void;
}

function FilterChoice({
  name,
  label: text,
  all,
  options,
  className,
  params,
  onChange,
}: FilterProps & { all: string; options: Array<[string, string]>; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={`activity-${name}`} className={label}>
        {text}
      </label>
      <select
        id={`activity-${name}`}
        className={control}
        value={params.get(name) ?? ""}
        onChange={(event) => onChange(name, event.target.value)}
      >
        <option value="">{all}</option>
        {options.map(([value, option]) => (
          <option key={value} value={value}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A first or last day; each bounds the other so the range cannot be picked backwards. */
function FilterDay({
  name,
  label: text,
  min,
  max,
  params,
  onChange,
}: FilterProps & { min?: string | null; max?: string | null }) {
  return (
    <div>
      <label htmlFor={`activity-${name}`} className={label}>
        {text}
      </label>
      <input
        id={`activity-${name}`}
        type="date"
        className={control}
        value={params.get(name) ?? ""}
        min={min ?? undefined}
        max={max ?? undefined}
        onChange={(event) => onChange(name, event.target.value)}
      />
    </div>
  );
}

function Entry({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="px-4 py-3 sm:flex sm:items-baseline sm:gap-4">
      <time dateTime={entry.at} className="block shrink-0 text-xs text-muted sm:w-40 sm:text-sm">
        {when(entry.at)}
      </time>
      <div className="min-w-0 flex-1">
        <p className="text-ink">{entry.summary}</p>
        <p className="mt-0.5 break-words text-xs text-muted">
          {entry.email}
          {entry.ip && ` · ${entry.ip}`}
          {entry.fields.length > 0 && ` · fields: ${entry.fields.join(", ")}`}
        </p>
      </div>
    </li>
  );
}

export default function AdminActivity() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const query = filters.toString();
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [people, setPeople] = useState<ActivityPerson[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    api<ActivityPerson[]>("/api/admin/activity/people")
      .then(setPeople)
      .catch(() => setPeople([]));
  }, []);

  useEffect(() => {
    let current = true;
    setEntries(null);
    setProblem(null);
    api<ActivityPage>(`/api/admin/activity${query ? `?${query}` : ""}`)
      .then((page) => {
        if (!current) return;
        setEntries(page.entries);
        setNextCursor(page.nextCursor);
      })
      .catch((error: unknown) => {
        if (!current) return;
        // A refusal (a role without access, a filter the server cannot read) says why, plainly.
        setProblem(error instanceof ApiError ? error.message : "Failed to load the activity log.");
        setEntries([]);
      });
    return () => {
      current = false;
    };
  }, [query]);

  function setFilter(name: Filter, value: string) {
    const next = filtersOf(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  async function loadOlder() {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const more = new URLSearchParams(filters);
      more.set("cursor", nextCursor);
      const page = await api<ActivityPage>(`/api/admin/activity?${more}`);
      setEntries((shown) => [...(shown ?? []), ...page.entries]);
      setNextCursor(page.nextCursor);
    } catch {
      toast.error("Failed to load older activity.");
    } finally {
      setLoadingMore(false);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile(`/api/admin/activity/export.csv${query ? `?${query}` : ""}`);
    } catch {
      toast.error("Export failed. Please try again.");
    } finally {
      setExporting(false);
    }
  }

  const filtered = query !== "";
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Activity</h1>
          <p className="mt-1 text-sm text-muted">
            Who did what, and when, newest first. Entries are kept for 25 months.
          </p>
        </div>
        <button
          type="button"
          onClick={exportCsv}
          disabled={exporting || !entries?.length}
          className={buttonClasses("secondary", "md")}
        >
          {exporting ? "Exporting..." : "Export CSV"}
        </button>
      </div>

      <form
        aria-label="Filter activity"
        className="mt-6 grid grid-cols-2 gap-3 rounded-2xl border border-black/10 bg-white p-4 shadow-sm lg:grid-cols-6"
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterChoice
          name="person"
          label="Person"
          all="Everyone"
          className="col-span-2 lg:col-span-1"
          options={people.map((person) => [person.id, person.name ? `${person.name} (${person.email})` : person.email])}
          params={params}
          onChange={setFilter}
        />
        <FilterChoice
          name="action"
          label="Action"
          all="All actions"
          options={Object.entries(ACTION_LABELS)}
          params={params}
          onChange={setFilter}
        />
        <FilterChoice
          name="entity"
          label="Record"
          all="All records"
          options={Object.entries(ENTITY_NOUNS).map(([value, noun]) => [
            value,
            noun.charAt(0).toUpperCase() + noun.slice(1),
          ])}
          params={params}
          onChange={setFilter}
        />
        <FilterDay name="from" label="From" max={params.get("to")} params={params} onChange={setFilter} />
        <FilterDay name="to" label="To" min={params.get("from")} params={params} onChange={setFilter} />
        <div className="col-span-2 flex items-end lg:col-span-1">
          <button
            type="button"
            disabled={!filtered}
            onClick={() => setParams(new URLSearchParams(), { replace: true })}
            className={buttonClasses("secondary", "md", "w-full")}
          >
            Clear filters
          </button>
        </div>
      </form>

      {problem ? (
        <p role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {problem}
        </p>
      ) : entries === null ? (
        <p className="mt-8 text-muted">Loading activity...</p>
      ) : entries.length === 0 ? (
        <EmptyState title={filtered ? "Nothing matches these filters" : "No activity yet"}>
          {filtered
            ? "Try another person, action or date, or clear the filters."
            : "Sign-ins and every change staff make will appear here."}
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label="Activity"
            className="mt-4 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white shadow-sm"
          >
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ul>
          {nextCursor && (
            <div className="mt-4 text-center">
              <button
                type="button"
                onClick={loadOlder}
                disabled={loadingMore}
                className={buttonClasses("secondary", "md")}
              >
                {loadingMore ? "Loading..." : "Show older activity"}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
