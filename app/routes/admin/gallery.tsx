import { format } from "date-fns/format";
import { useEffect } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { GalleryItem } from "../../../core/gallery/gallery.constants";
import { confirmInToast } from "../../components/admin/confirm-toast";
import { EmptyState } from "../../components/admin/empty-state";
import { ListBody } from "../../components/admin/lists/list-body";
import { ListPager } from "../../components/admin/lists/list-pager";
import { useListPage } from "../../components/admin/lists/use-list-page";
import { StateBadge, StateFilter } from "../../components/admin/publishing";
import {
  CoverageBadge,
  type CoverageFilter,
  CoverageFilterSelect,
  useTranslationCoverage,
} from "../../components/admin/translation-coverage";
import { buttonClasses } from "../../components/button";
import { ResponsiveImage } from "../../components/responsive-image";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";

export const meta = () => adminMeta("Gallery");

/** An item whose images are still being encoded in the background (docs/decisions/0440). */
const isProcessing = (item: GalleryItem) => item.images.some((image) => image.processing);
/** How often the page looks again while an item on it is processing. */
const PROCESSING_REFRESH_MS = 3000;
const FILTERS = ["status", "amharic"] as const;

/** Admin → Gallery a page at a time (docs/decisions/0610-admin-lists.md), filtered by the server. */
export default function AdminGallery() {
  const list = useListPage<GalleryItem>("/api/admin/lists/gallery", FILTERS);
  const translation = useTranslationCoverage("gallery-item");
  const { items, reload, failed, unexpected } = list;

  // Items being processed are shown at once with a note; the page refreshes until they are done.
  useEffect(() => {
    if (!items.some(isProcessing)) return;
    const timer = setTimeout(reload, PROCESSING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [items, reload]);

  useEffect(() => {
    if (failed)
      toast.error(unexpected ? "Received unexpected data from the server." : "Failed to fetch gallery items.");
  }, [failed, unexpected]);

  async function remove(item: GalleryItem) {
    const confirmed = await confirmInToast({
      message: `Delete "${item.title}"? This action cannot be undone.`,
      confirmLabel: "Delete",
    });
    if (!confirmed) return;
    try {
      await api(`/api/gallery/${item._id}`, { method: "DELETE" });
      list.patch((current) => current.filter((i) => i._id !== item._id));
      reload();
      toast.success("Item deleted successfully!");
    } catch {
      toast.error("Failed to delete item.");
    }
  }

  const nothing = (
    <EmptyState title="No gallery items found" action={{ to: "/admin/gallery/new", label: "Create an item" }}>
      Get started by creating your first item.
    </EmptyState>
  );

  return (
    <div className="pb-20 sm:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Gallery</h1>
        <div className="flex flex-wrap items-center gap-3">
          <StateFilter value={list.value("status")} onChange={(status) => list.set({ status })} />
          <CoverageFilterSelect
            value={list.value("amharic") as CoverageFilter}
            onChange={(amharic) => list.set({ amharic })}
          />
          {/* Small screens get the floating button instead. */}
          <div className="hidden sm:block">
            <Link to="/admin/gallery/new" className={buttonClasses("primary", "md")}>
              Add New Item
            </Link>
          </div>
        </div>
      </div>

      <ListBody
        list={list}
        footer={<ListPager list={list} noun="items" />}
        loadingText="Loading gallery..."
        narrowed={FILTERS.some((name) => list.value(name))}
        empty={nothing}
        noMatch={nothing}
      >
        <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {items.map((item) => (
            <li key={item._id} className="group overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
              <div className="relative aspect-[4/3] bg-gray-100">
                {item.images[0] && (
                  <ResponsiveImage
                    image={item.images[0]}
                    alt=""
                    sizes="(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw"
                    pictureClassName="block h-full w-full"
                    className="h-full w-full object-cover"
                  />
                )}
                {/* Revealed on hover, and whenever a control inside has keyboard focus; always shown on touch screens. */}
                <div className="absolute inset-x-0 top-0 flex justify-end gap-2 bg-gradient-to-b from-black/50 to-transparent p-3 transition-opacity [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100">
                  <Link
                    to={`/admin/gallery/edit/${item._id}`}
                    className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand shadow hover:bg-brand-light"
                    aria-label={`Edit ${item.title}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    onClick={() => remove(item)}
                    className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-red-700 shadow hover:bg-red-50"
                    aria-label={`Delete ${item.title}`}
                  >
                    Delete
                  </button>
                </div>
              </div>
              <div className="p-4">
                <h2 className="font-semibold text-ink">{item.title}</h2>
                <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
                  <StateBadge state={item} />
                  {isProcessing(item) && (
                    <span
                      data-processing
                      className="rounded-full bg-amber-50 px-2.5 py-0.5 font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset"
                    >
                      Processing images
                    </span>
                  )}
                  <CoverageBadge coverage={translation.coverageOf(item._id)} />
                  <span className="rounded-full bg-brand-light px-2.5 py-0.5 font-semibold text-brand">
                    {item.category}
                  </span>
                  <span>Created {format(new Date(item.createdAt), "MMM d, yyyy")}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </ListBody>

      <Link
        to="/admin/gallery/new"
        className="fixed right-5 bottom-5 z-20 inline-flex h-14 w-14 items-center justify-center rounded-full bg-accent text-white shadow-lg hover:bg-accent-dark sm:hidden"
        aria-label="Add New Item"
      >
        <svg
          width="26"
          height="26"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <path d="M12 5v14M5 12h14" strokeLinecap="round" />
        </svg>
      </Link>
    </div>
  );
}
