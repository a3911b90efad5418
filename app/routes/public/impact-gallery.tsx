import { useLocation } from "react-router";
import { appContext } from "#app-context";
import { GALLERY_PAGE_SIZE, type GalleryPage } from "../../../core/gallery/gallery.constants";
import { localeOf } from "../../../core/i18n/locale";
import { GalleryBrowserIsland, galleryFilterFrom } from "../../components/gallery/gallery-browser";
import { PageHeader } from "../../components/page-header";
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
    const images = await services.translations.localiseMany("gallery-item", firstPage.images, localeOf(request));
    return { firstPage: { ...firstPage, images } };
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
      <PageHeader eyebrow="Our Impact" title="Gallery">
        Moments from our programmes: classrooms, workshops, visits and the partners who make them possible.
      </PageHeader>

      <GalleryBrowserIsland firstPage={loaderData.firstPage} search={search} />
    </>
  );
}
