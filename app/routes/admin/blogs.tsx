import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { BlogPostSummary } from "../../../core/blogs/blogs.schema";
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
import { formatInstantDate } from "../../lib/dates";

export const meta = () => adminMeta("Blogs");

/** The smallest stored width of the feature image, for the list thumbnail. */
const thumbnail = (post: BlogPostSummary) => post.image.variants.find((v) => v.format === "webp")?.url ?? post.imageUrl;

export default function AdminBlogs() {
  const [posts, setPosts] = useState<BlogPostSummary[] | null>(null);

  const [state, setState] = useState("");
  const translation = useTranslationCoverage("blog");

  useEffect(() => {
    api<BlogPostSummary[]>(`/api/admin/blogs?status=${state}`)
      .then(setPosts)
      .catch(() => {
        toast.error("Failed to fetch blog posts.");
        setPosts([]);
      });
  }, [state]);

  async function remove(post: BlogPostSummary) {
    const confirmed = await confirmInToast({
      message: `Are you sure you want to delete: "${post.title}"?`,
      confirmLabel: "Confirm Delete",
      duration: 6000,
    });
    if (!confirmed) return;
    try {
      await api(`/api/blogs/${post._id}`, { method: "DELETE" });
      setPosts((current) => current?.filter((p) => p._id !== post._id) ?? null);
      toast.success("Blog post deleted!");
    } catch {
      toast.error("Failed to delete post.");
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Blog Posts</h1>
        <div className="flex flex-wrap items-center gap-3">
          <StateFilter value={state} onChange={setState} />
          <CoverageFilterSelect value={translation.filter} onChange={translation.setFilter} />
          <Link to="/admin/blogs/new" className={buttonClasses("primary", "md")}>
            Create New Post
          </Link>
        </div>
      </div>
      {posts === null ? (
        <p className="mt-8 text-muted">Loading blog posts...</p>
      ) : posts.length === 0 ? (
        <EmptyState title="No blog posts yet" action={{ to: "/admin/blogs/new", label: "Create a post" }}>
          Write your first story for the blog.
        </EmptyState>
      ) : (
        <ul className="mt-6 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
          {posts
            .filter((post) => translation.matches(post._id))
            .map((post) => (
              <ContentRow
                key={post._id}
                thumbnail={thumbnail(post)}
                title={post.title}
                summary={post.excerpt}
                editTo={`/admin/blogs/edit/${post._id}`}
                onDelete={() => remove(post)}
              >
                <StateBadge state={post} />
                <CoverageBadge coverage={translation.coverageOf(post._id)} />
                <span>
                  {post.authorName} · {formatInstantDate(post.createdAt, "short")}
                </span>
              </ContentRow>
            ))}
        </ul>
      )}
    </div>
  );
}
