import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { Publication } from "../../../core/publications/publications.schema";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { ContentRow } from "../../components/admin/content-row";
import { EmptyState } from "../../components/admin/empty-state";
import { StateBadge, StateFilter } from "../../components/admin/publishing";
import {
  CoverageBadge,
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

export default function AdminPublications() {
  const [publications, setPublications] = useState<Publication[] | null>(null);

  const [state, setState] = useState("");
  const translation = useTranslationCoverage("publication");

  useEffect(() => {
    api<Publication[]>(`/api/admin/publications?status=${state}`)
      .then(setPublications)
      .catch(() => {
        toast.error("Failed to fetch publications.");
        setPublications([]);
      });
  }, [state]);

  async function remove(publication: Publication) {
    const confirmed = await confirmInToast({
      message: `Delete "${publication.title}"?`,
      confirmLabel: "Confirm Delete",
      duration: 6000,
    });
    if (!confirmed) return;
    try {
      await api(`/api/publications/${publication._id}`, { method: "DELETE" });
      setPublications((current) => current?.filter((p) => p._id !== publication._id) ?? null);
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
          <StateFilter value={state} onChange={setState} />
          <CoverageFilterSelect value={translation.filter} onChange={translation.setFilter} />
          <Link to="/admin/publications/new" className={buttonClasses("primary", "md")}>
            Add New Publication
          </Link>
        </div>
      </div>
      {publications === null ? (
        <p className="mt-8 text-muted">Loading publications...</p>
      ) : publications.length === 0 ? (
        <EmptyState
          title="No publications found"
          action={{ to: "/admin/publications/new", label: "Add a publication" }}
        >
          Add your first publication or news feature.
        </EmptyState>
      ) : (
        <ul className="mt-6 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
          {publications
            .filter((publication) => translation.matches(publication._id))
            .map((publication) => (
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
      )}
    </div>
  );
}
