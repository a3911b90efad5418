import { useCallback, useEffect, useRef, useState } from "react";
import { GALLERY_PAGE_SIZE, type GalleryItem, type GalleryPage } from "../../../core/gallery/gallery.constants";
import type { Locale } from "../../../core/i18n/locale";
import { useI18n } from "../../i18n/i18n";
import { api } from "../../lib/api-client";

export interface GalleryFilter {
  /** A category, or "" for all. */
  category: string;
  search: string;
}

interface Feed {
  filter: GalleryFilter;
  filterKey: string;
  items: GalleryItem[];
  page: number;
  hasMore: boolean;
}

const keyOf = (filter: GalleryFilter) => `${filter.category}\n${filter.search}`;

function pageUrl(filter: GalleryFilter, page: number, locale: Locale) {
  const params = new URLSearchParams({ page: String(page), limit: String(GALLERY_PAGE_SIZE) });
  if (filter.category) params.set("category", filter.category);
  if (filter.search) params.set("search", filter.search);
  // Amharic pages ask for the items' Amharic text (English where there is none, marked so).
  if (locale !== "en") params.set("lang", locale);
  return `/api/gallery?${params}`;
}

/**
 * The gallery list (spec §4 Gallery). Starts from the server-rendered first page; a new filter
 * fetches page 1 and replaces the list; Load More appends the next page. A failed load is logged
 * and leaves the list as it was (spec §8).
 */
export function useGalleryFeed(filter: GalleryFilter, firstPage: GalleryPage | null) {
  const [feed, setFeed] = useState<Feed>(() => ({
    filter,
    filterKey: firstPage ? keyOf(filter) : "",
    items: firstPage?.images ?? [],
    page: 1,
    hasMore: firstPage?.hasMore ?? false,
  }));
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadingFilter, setLoadingFilter] = useState(false);
  const latest = useRef<AbortController | null>(null);
  const key = keyOf(filter);
  const { locale } = useI18n();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filter
  useEffect(() => {
    if (key === feed.filterKey) return;
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    setLoadingFilter(true);
    api<GalleryPage>(pageUrl(filter, 1, locale), { signal: controller.signal })
      .then((result) => {
        setFeed({ filter, filterKey: key, items: result.images, page: 1, hasMore: result.hasMore });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error("Gallery: could not load images", error);
      })
      .finally(() => {
        if (latest.current === controller) setLoadingFilter(false);
      });
    return () => controller.abort();
  }, [key]);

  const loadMore = useCallback(async () => {
    if (loadingMore || !feed.hasMore) return;
    setLoadingMore(true);
    try {
      // The next page of the list on screen, even if the filter is just changing.
      const result = await api<GalleryPage>(pageUrl(feed.filter, feed.page + 1, locale));
      setFeed((current) =>
        current.filterKey === feed.filterKey
          ? {
              ...current,
              items: [...current.items, ...result.images.filter((i) => !current.items.some((c) => c._id === i._id))],
              page: current.page + 1,
              hasMore: result.hasMore,
            }
          : current,
      );
    } catch (error) {
      console.error("Gallery: could not load more images", error);
    } finally {
      setLoadingMore(false);
    }
  }, [feed, loadingMore, locale]);

  /** False until a list has arrived (server-rendered or fetched): no "No Results" before that. */
  const loaded = feed.filterKey !== "";
  return { items: feed.items, hasMore: feed.hasMore, loaded, loadingMore, loadingFilter, loadMore };
}
