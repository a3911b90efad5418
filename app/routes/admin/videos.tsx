import { format } from "date-fns/format";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { Video } from "../../../core/videos/videos.constants";
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
import { youtubeThumbnail } from "../../lib/youtube";

export const meta = () => adminMeta("Videos");

export default function AdminVideos() {
  const [videos, setVideos] = useState<Video[] | null>(null);
  const [state, setState] = useState("");
  const translation = useTranslationCoverage("video");

  useEffect(() => {
    api<{ videos: Video[] }>(`/api/admin/videos?status=${state}`)
      .then((body) => setVideos(body.videos))
      .catch(() => {
        toast.error("Failed to fetch videos.");
        setVideos([]);
      });
  }, [state]);

  async function remove(video: Video) {
    const confirmed = await confirmInToast({
      message: "This action cannot be undone and the video will be permanently removed.",
      confirmLabel: "Delete",
      duration: 6000,
    });
    if (!confirmed) return;
    try {
      await api(`/api/videos/${video._id}`, { method: "DELETE" });
      setVideos((current) => current?.filter((v) => v._id !== video._id) ?? null);
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
          <StateFilter value={state} onChange={setState} />
          <CoverageFilterSelect value={translation.filter} onChange={translation.setFilter} />
          <Link to="/admin/videos/new" className={buttonClasses("primary", "md")}>
            Add New Video
          </Link>
        </div>
      </div>
      {videos === null ? (
        <p className="mt-8 text-muted">Loading videos...</p>
      ) : videos.length === 0 ? (
        <EmptyState title="No videos found" action={{ to: "/admin/videos/new", label: "Add a video" }}>
          Get started by adding your first impact video.
        </EmptyState>
      ) : (
        <ul className="mt-6 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
          {videos
            .filter((video) => translation.matches(video._id))
            .map((video) => (
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
      )}
    </div>
  );
}
