import { useEffect, useRef, useState } from "react";
import {
  ALL_GALLERY,
  GALLERY_CATEGORIES,
  type GalleryItem,
  type GalleryPage,
  SEARCH_DEBOUNCE_MS,
} from "../../../core/gallery/gallery.constants";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { useSearchParams } from "../../lib/use-search-params";
import { Button } from "../button";
import { CategoryChips } from "../category-chips";
import { GalleryCard } from "./gallery-card";
import { Lightbox } from "./lightbox";
import { type GalleryFilter, useGalleryFeed } from "./use-gallery-feed";

const CHIPS = [ALL_GALLERY, ...GALLERY_CATEGORIES];

/** The filter lives in the URL (?category=&q=) so a filtered gallery can be shared and server-rendered. */
export function galleryFilterFrom(params: URLSearchParams): GalleryFilter {
  const category = params.get("category") ?? "";
  return {
    category: (GALLERY_CATEGORIES as readonly string[]).includes(category) ? category : "",
    search: (params.get("q") ?? "").trim(),
  };
}

/**
 * The gallery page's list (spec §4): category chips, debounced search and Load More. Filter changes
 * are fetched here (keeping what is shown if a fetch fails) and written to the address bar.
 */
export function GalleryBrowser({ firstPage, search }: { firstPage: GalleryPage | null; search: string }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams(search);
  const filter = galleryFilterFrom(params);
  const { items, hasMore, loaded, loadingMore, loadingFilter, loadMore } = useGalleryFeed(filter, firstPage);
  const [text, setText] = useState(filter.search);
  const [open, setOpen] = useState<GalleryItem | null>(null);
  const searchId = "gallery-search";
  const listRef = useRef<HTMLUListElement>(null);
  /** How many items there were when Load More was pressed: the first new one receives focus. */
  const focusFrom = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const announceFilter = useRef(false);

  const showMore = () => {
    if (loadingMore) return;
    focusFrom.current = items.length;
    loadMore();
  };

  // Load More replaces its own button's place in the page: focus moves on to the first new item and
  // the count is read out (WCAG 2.4.3, 4.1.3). A change of filter announces its result count.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to what was loaded
  useEffect(() => {
    if (!loaded || loadingFilter || loadingMore) return;
    const from = focusFrom.current;
    if (from !== null) {
      // A failed Load More adds nothing: focus stays on the button, which is still there.
      focusFrom.current = null;
      const added = items.length - from;
      if (added <= 0) return;
      setAnnouncement(t(added === 1 ? "gallery.moreLoadedOne" : "gallery.moreLoadedOther", { count: added }));
      listRef.current?.children[from]?.querySelector<HTMLElement>("button")?.focus();
      return;
    }
    // The page's first list is not news: only what a filter or search changes is read out.
    if (!announceFilter.current) {
      announceFilter.current = true;
      return;
    }
    setAnnouncement(
      items.length === 0
        ? t("gallery.noResults")
        : t(hasMore ? "gallery.shownMore" : items.length === 1 ? "gallery.shownOne" : "gallery.shownOther", {
            count: items.length,
          }),
    );
  }, [items, loaded, loadingFilter, loadingMore]);

  // Back/forward can change the search in the URL: show it in the box.
  useEffect(() => setText(filter.search), [filter.search]);

  // The debounced search lands later: build on the URL as it is then, not as it was when typing began.
  const currentParams = useRef(params);
  currentParams.current = params;
  const applySearch = (value: string) => {
    const next = new URLSearchParams(currentParams.current);
    if (value.trim()) next.set("q", value.trim());
    else next.delete("q");
    if (next.toString() !== currentParams.current.toString()) {
      setParams(next);
    }
  };

  // Spec §4/§9: the search box waits 500 ms after the last keystroke.
  // biome-ignore lint/correctness/useExhaustiveDependencies: debounces the typed text only
  useEffect(() => {
    if (text.trim() === filter.search) return;
    const timer = setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const chipHref = (option: string) => {
    const next = new URLSearchParams(params);
    if (option === ALL_GALLERY) next.delete("category");
    else next.set("category", option);
    const query = next.toString();
    return query ? `?${query}` : "?";
  };

  return (
    <>
      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <CategoryChips
            label={t("gallery.categories")}
            options={CHIPS}
            selected={filter.category || ALL_GALLERY}
            hrefFor={chipHref}
            onChoose={(href) => setParams(new URLSearchParams(href.slice(1)))}
          />
          <search className="w-full lg:w-80">
            <form
              method="get"
              onSubmit={(event) => {
                event.preventDefault();
                applySearch(text);
              }}
            >
              {filter.category ? <input type="hidden" name="category" value={filter.category} /> : null}
              <label htmlFor={searchId} className="sr-only">
                {t("gallery.search")}
              </label>
              <input
                id={searchId}
                type="search"
                name="q"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={t("gallery.search")}
                maxLength={200}
                className="w-full rounded-full border border-gray-300 bg-white px-5 py-2.5 text-ink"
              />
            </form>
          </search>
        </div>

        <p role="status" className="sr-only" data-gallery-status>
          {/* Nothing, not "", until there is news: Preact draws "" as a text node the server never sent (0400). */}
          {announcement || null}
        </p>
        <div aria-busy={loadingFilter} className={loadingFilter ? "opacity-60 transition-opacity" : ""}>
          {items.length === 0 ? (
            loaded ? (
              <div className="mt-10 rounded-2xl bg-sand px-6 py-16 text-center">
                <h2 className="text-xl font-bold text-ink">{t("gallery.noResults")}</h2>
                <p className="mt-2 text-muted">{t("gallery.noResultsHint")}</p>
              </div>
            ) : null
          ) : (
            <ul ref={listRef} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((item, index) => (
                <li key={item._id}>
                  <GalleryCard item={item} onOpen={setOpen} priority={index === 0} headingLevel={2} />
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="mt-10 text-center">
          {hasMore ? (
            // aria-disabled, not disabled: a disabled button drops the keyboard focus it holds.
            <Button variant="secondary" onClick={showMore} aria-disabled={loadingMore || undefined}>
              {loadingMore ? t("gallery.loading") : t("gallery.loadMore")}
            </Button>
          ) : (
            items.length > 0 && <p className="text-muted">{t("gallery.end")}</p>
          )}
        </div>
      </section>

      {open && <Lightbox item={open} onClose={() => setOpen(null)} />}
    </>
  );
}

export const GalleryBrowserIsland = island("gallery-browser", GalleryBrowser);
