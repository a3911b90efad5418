import { useEffect } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { BlogPostSummary } from "../../../core/blogs/blogs.schema";
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
import { formatInstantDate } from "../../lib/dates";

export const meta = () => adminMeta("Blogs");

/** The smallest stored width of the feature image, for the list thumbnail. */
const thumbnail = (post: BlogPostSummary) => post.image.variants.find((v) => v.format === "webp")?.url ?? post.imageUrl;

const FILTERS = ["status", "amharic"] as const;

/** Admin → Blog a page at a time (docs/decisions/0610-admin-lists.md), searched and filtered by the server. */
export default function AdminBlogs() {
  const list = useListPage<BlogPostSummary>("/api/admin/lists/blogs", FILTERS);
  const translation = useTranslationCoverage("blog");
  const { failed, unexpected } = list;

  useEffect(() => {
    if (failed) toast.error(unexpected ? "Received unexpected data from the server." : "Failed to fetch blog posts.");
  }, [failed, unexpected]);

  async function remove(post: BlogPostSummary) {
    const confirmed = await confirmInToast({
      message: `Are you sure you want to delete: "${post.title}"?`,
      confirmLabel: "Confirm Delete",
      duration: 6000,
    });
    if (!confirmed) return;
    try {
      await api(`/api/blogs/${post._id}`, { method: "DELETE" });
      list.patch((current) => current.filter((p) => p._id !== post._id));
      list.reload();
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
          <StateFilter value={list.value("status")} onChange={(status) => list.set({ status })} />
          <CoverageFilterSelect
            value={list.value("amharic") as CoverageFilter}
            onChange={(amharic) => list.set({ amharic })}
          />
          <Link to="/admin/blogs/new" className={buttonClasses("primary", "md")}>
            Create New Post
          </Link>
        </div>
      </div>
      <div className="mt-4">
        <ListSearch list={list} id="blog-search" label="Search posts" />
      </div>
      <ListBody
        list={list}
        footer={<ListPager list={list} noun="posts" />}
        loadingText="Loading blog posts..."
        narrowed={Boolean(list.value("q")) || FILTERS.some((name) => list.value(name))}
        empty={
          <EmptyState title="No blog posts yet" action={{ to: "/admin/blogs/new", label: "Create a post" }}>
            Write your first story for the blog.
          </EmptyState>
        }
        noMatch={<p className="mt-8 text-muted">No posts match your search or filters.</p>}
      >
        <ul className="mt-6 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
          {list.items.map((post) => (
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
      </ListBody>
    </div>
  );
}
