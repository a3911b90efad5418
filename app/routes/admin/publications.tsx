import { useEffect } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { Publication } from "../../../core/publications/publications.schema";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { ContentRow } from "../../components/admin/content-row";
import { EmptyState } from "../../components/admin/empty-state";
import { ListBody } from "../../components/admin/lists/list-body";
import { ListPager } from "../../components/admin/lists/list-pager";
import { ListSearch } from "../../components/admin/lists/list-search";
import { useListPage } from "../../components/admin/lists/use-list-page";
import { StateBadge, StateFilter } from "../../components/admin/publishing";
import {
  CoverageBadge,
  type CoverageFilter,
  CoverageFilterSelect,
  useTranslationCoverage,
} from "../../components/admin/translation-coverage";
import { buttonClasses } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { formatCalendarDate } from "../../lib/calendar-date";

export const meta = () => adminMeta("Publications");

const thumbnail = (publication: Publication) =>
  publication.image.variants.find((v) => v.format === "webp")?.url ?? publication.imageUrl;

const FILTERS = ["status", "amharic"] as const;

/** Admin → Publications a page at a time (docs/decisions/0610-admin-lists.md), searched and filtered by the server. */
export default function AdminPublications() {
  const list = useListPage<Publication>("/api/admin/lists/publications", FILTERS);
  const translation = useTranslationCoverage("publication");
  const { failed, unexpected } = list;

  useEffect(() => {
    if (failed) toast.error(unexpected ? "Received unexpected data from the server." : "Failed to fetch publications.");
  }, [failed, unexpected]);

  async function remove(publication: Publication) {
    const confirmed = await confirmInToast({
      message: `Delete "${publication.title}"?`,
      confirmLabel: "Confirm Delete",
      duration: 6000,
    });
    if (!confirmed) return;
    try {
      await api(`/api/publications/${publication._id}`, { method: "DELETE" });
      list.patch((current) => current.filter((p) => p._id !== publication._id));
      list.reload();
      toast.success("Publication deleted!");
    } catch {
      toast.error("Failed to delete.");
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">News &amp; Publications</h1>
        <div className="flex flex-wrap items-center gap-3">
          <StateFilter value={list.value("status")} onChange={(status) => list.set({ status })} />
          <CoverageFilterSelect
            value={list.value("amharic") as CoverageFilter}
            onChange={(amharic) => list.set({ amharic })}
          />
          <Link to="/admin/publications/new" className={buttonClasses("primary", "md")}>
            Add New Publication
          </Link>
        </div>
      </div>
      <div className="mt-4">
        <ListSearch list={list} id="publication-search" label="Search publications" />
      </div>
      <ListBody
        list={list}
        footer={<ListPager list={list} noun="publications" />}
        loadingText="Loading publications..."
        narrowed={Boolean(list.value("q")) || FILTERS.some((name) => list.value(name))}
        empty={
          <EmptyState
            title="No publications found"
            action={{ to: "/admin/publications/new", label: "Add a publication" }}
          >
            Add your first publication or news feature.
          </EmptyState>
        }
        noMatch={<p className="mt-8 text-muted">No publications match your search or filters.</p>}
      >
        <ul className="mt-6 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
          {list.items.map((publication) => (
            <ContentRow
              key={publication._id}
              thumbnail={thumbnail(publication)}
              title={publication.title}
              summary={publication.description}
              editTo={`/admin/publications/edit/${publication._id}`}
              onDelete={() => remove(publication)}
            >
              <StateBadge state={publication} />
              <CoverageBadge coverage={translation.coverageOf(publication._id)} />
              <span>{formatCalendarDate(publication.publicationDate, "short")}</span>
              <a
                href={publication.link}
                target="_blank"
                rel="noopener noreferrer"
                // relative: the screen-reader note (absolutely placed) stays inside the cut-off link, not past the page edge.
                className="relative max-w-full truncate font-medium text-brand underline"
              >
                {publication.link}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </ContentRow>
          ))}
        </ul>
      </ListBody>
    </div>
  );
}
