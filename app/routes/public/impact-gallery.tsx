import { useEffect, useId, useRef, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { appContext } from "#app-context";
import {
  ALL_GALLERY,
  GALLERY_CATEGORIES,
  GALLERY_PAGE_SIZE,
  type GalleryItem,
  type GalleryPage,
  SEARCH_DEBOUNCE_MS,
} from "../../../core/gallery/gallery.constants";
import { Button } from "../../components/button";
import { CategoryChips } from "../../components/category-chips";
import { GalleryCard } from "../../components/gallery/gallery-card";
import { Lightbox } from "../../components/gallery/lightbox";
import { type GalleryFilter, useGalleryFeed } from "../../components/gallery/use-gallery-feed";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/impact-gallery";

const CHIPS = [ALL_GALLERY, ...GALLERY_CATEGORIES];

/** The filter lives in the URL (?category=&q=) so a filtered gallery can be shared and server-rendered. */
function filterFrom(params: URLSearchParams): GalleryFilter {
  const category = params.get("category") ?? "";
  return {
    category: (GALLERY_CATEGORIES as readonly string[]).includes(category) ? category : "",
    search: (params.get("q") ?? "").trim(),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const filter = filterFrom(new URL(request.url).searchParams);
  try {
    const firstPage: GalleryPage | null = await services.gallery.list({
      page: 1,
      limit: GALLERY_PAGE_SIZE,
      category: filter.category,
      search: filter.search,
    });
    return { firstPage };
  } catch (error) {
    // Spec §8: a failed gallery load is logged only; the browser tries again after loading.
    console.error("gallery: first page failed", error);
    return { firstPage: null as GalleryPage | null };
  }
}

/** Filter changes are fetched by the page itself (keeping what is shown if a fetch fails), not by the loader. */
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Gallery",
    description:
      "Photos from Hope Behind Bars: skills training, education, support and partnerships with women and children in Ethiopian prisons.",
    path: "/impact/gallery",
  });

export default function ImpactGallery({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const { items, hasMore, loaded, loadingMore, loadingFilter, loadMore } = useGalleryFeed(filter, loaderData.firstPage);
  const [text, setText] = useState(filter.search);
  const [open, setOpen] = useState<GalleryItem | null>(null);
  const searchId = useId();

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
      setParams(next, { replace: true, preventScrollReset: true });
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
      <section className="bg-brand text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-white/80 uppercase">Our Impact</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">Gallery</h1>
          <p className="mt-4 max-w-2xl text-lg text-white/85">
            Moments from our programmes: classrooms, workshops, visits and the partners who make them possible.
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <CategoryChips
            label="Gallery categories"
            options={CHIPS}
            selected={filter.category || ALL_GALLERY}
            hrefFor={chipHref}
          />
          <search className="w-full lg:w-80">
            <form
              method="get"
              onSubmit={(event) => {
                event.preventDefault();
                applySearch(text);
              }}
            >
              {filter.category && <input type="hidden" name="category" value={filter.category} />}
              <label htmlFor={searchId} className="sr-only">
                Search the gallery
              </label>
              <input
                id={searchId}
                type="search"
                name="q"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder="Search the gallery"
                maxLength={200}
                className="w-full rounded-full border border-gray-300 bg-white px-5 py-2.5 text-ink"
              />
            </form>
          </search>
        </div>

        <div aria-busy={loadingFilter} className={loadingFilter ? "opacity-60 transition-opacity" : ""}>
          {items.length === 0 ? (
            loaded ? (
              <div className="mt-10 rounded-2xl bg-sand px-6 py-16 text-center">
                <h2 className="text-xl font-bold text-ink">No Results Found</h2>
                <p className="mt-2 text-muted">Try a different search term or choose another category.</p>
              </div>
            ) : null
          ) : (
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
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
            <Button variant="secondary" onClick={loadMore} disabled={loadingMore}>
              {loadingMore ? "Loading..." : "Load More"}
            </Button>
          ) : (
            items.length > 0 && <p className="text-muted">You've reached the end.</p>
          )}
        </div>
      </section>

      {open && <Lightbox item={open} onClose={() => setOpen(null)} />}
    </>
  );
}
