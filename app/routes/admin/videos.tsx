import { format } from "date-fns/format";
import { useEffect } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { Video } from "../../../core/videos/videos.constants";
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
import { youtubeThumbnail } from "../../lib/youtube";

export const meta = () => adminMeta("Videos");

const FILTERS = ["status", "amharic"] as const;

/** Admin → Videos a page at a time (docs/decisions/0721-content-lists-a-page-at-a-time.md), searched and filtered by the server. */
export default function AdminVideos() {
  const list = useListPage<Video>("/api/admin/lists/videos", FILTERS);
  const translation = useTranslationCoverage("video");
  const { failed } = list;

  useEffect(() => {
    if (failed) toast.error("Failed to fetch videos.");
  }, [failed]);

  async function remove(video: Video) {
    const confirmed = await confirmInToast({
      message: "This action cannot be undone and the video will be permanently removed.",
      confirmLabel: "Delete",
      duration: 6000,
    });
    if (!confirmed) return;
    try {
      await api(`/api/videos/${video._id}`, { method: "DELETE" });
      list.patch((current) => current.filter((v) => v._id !== video._id));
      list.reload();
      toast.success("Video deleted successfully!");
    } catch {
      toast.error("Failed to delete video.");
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Impact Videos</h1>
        <div className="flex flex-wrap items-center gap-3">
          <StateFilter value={list.value("status")} onChange={(status) => list.set({ status })} />
          <CoverageFilterSelect
            value={list.value("amharic") as CoverageFilter}
            onChange={(amharic) => list.set({ amharic })}
          />
          <Link to="/admin/videos/new" className={buttonClasses("primary", "md")}>
            Add New Video
          </Link>
        </div>
      </div>
      <div className="mt-4">
        <ListSearch list={list} id="video-search" label="Search videos" />
      </div>
      <ListBody
        list={list}
        footer={<ListPager list={list} noun="videos" />}
        loadingText="Loading videos..."
        narrowed={Boolean(list.value("q")) || FILTERS.some((name) => list.value(name))}
        empty={
          <EmptyState title="No videos found" action={{ to: "/admin/videos/new", label: "Add a video" }}>
            Get started by adding your first impact video.
          </EmptyState>
        }
        noMatch={<p className="mt-8 text-muted">No videos match your search or filters.</p>}
      >
        <ul className="mt-6 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
          {list.items.map((video) => (
            <ContentRow
              key={video._id}
              thumbnail={youtubeThumbnail(video.youtubeId, "mqdefault")}
              shape="video"
              title={video.title}
              summary={video.description}
              editTo={`/admin/videos/edit/${video._id}`}
              onDelete={() => remove(video)}
            >
              <StateBadge state={video} />
              <CoverageBadge coverage={translation.coverageOf(video._id)} />
              <span className="rounded-full bg-brand-light px-2.5 py-0.5 font-semibold text-brand">
                {video.category}
              </span>
              <span>Added {format(new Date(video.createdAt), "MMM d, yyyy")}</span>
            </ContentRow>
          ))}
        </ul>
      </ListBody>
    </div>
  );
}
