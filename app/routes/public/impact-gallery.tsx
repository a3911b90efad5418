import { useLocation } from "react-router";
import { appContext } from "#app-context";
import { GALLERY_PAGE_SIZE, type GalleryPage } from "../../../core/gallery/gallery.constants";
import { GalleryBrowserIsland, galleryFilterFrom } from "../../components/gallery/gallery-browser";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/impact-gallery";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const filter = galleryFilterFrom(new URL(request.url).searchParams);
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

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Gallery",
    description:
      "Photos from Hope Behind Bars: skills training, education, support and partnerships with women and children in Ethiopian prisons.",
    path: "/impact/gallery",
  });

export default function ImpactGallery({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
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

      <GalleryBrowserIsland firstPage={loaderData.firstPage} search={search} />
    </>
  );
}
