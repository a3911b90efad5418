import { format } from "date-fns";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { Video } from "../../../core/videos/videos.constants";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { EmptyState } from "../../components/admin/empty-state";
import { StateBadge, StateFilter } from "../../components/admin/publishing";
import { RowActions } from "../../components/admin/row-actions";
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
              <li key={video._id} className="flex flex-wrap items-start gap-4 p-4 sm:flex-nowrap sm:items-center">
                <img
                  src={youtubeThumbnail(video.youtubeId, "mqdefault")}
                  alt=""
                  width={320}
                  height={180}
                  loading="lazy"
                  className="aspect-video w-28 shrink-0 rounded-lg bg-gray-100 object-cover sm:w-40"
                />
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-ink">{video.title}</h2>
                  <p className="mt-1 line-clamp-2 text-sm text-muted">{video.description}</p>
                  <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
                    <StateBadge state={video} />
                    <CoverageBadge coverage={translation.coverageOf(video._id)} />
                    <span className="rounded-full bg-brand-light px-2.5 py-0.5 font-semibold text-brand">
                      {video.category}
                    </span>
                    <span>Added {format(new Date(video.createdAt), "MMM d, yyyy")}</span>
                  </p>
                </div>
                <RowActions
                  editTo={`/admin/videos/edit/${video._id}`}
                  title={video.title}
                  onDelete={() => remove(video)}
                />
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
