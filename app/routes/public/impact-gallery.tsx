import { useLocation } from "react-router";
import { appContext } from "#app-context";
import { GALLERY_PAGE_SIZE, type GalleryPage } from "../../../core/gallery/gallery.constants";
import { localeOf } from "../../../core/i18n/locale";
import { GalleryBrowserIsland, galleryFilterFrom } from "../../components/gallery/gallery-browser";
import { PageHeader } from "../../components/page-header";
import { useI18n } from "../../i18n/i18n";
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
  pageMeta(args, (t) => ({
    title: t("nav.gallery"),
    description: t("galleryPage.metaDescription"),
    path: "/impact/gallery",
  }));

export default function ImpactGallery({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const { t } = useI18n();
  return (
    <>
      <PageHeader eyebrow={t("impact.title")} title={t("nav.gallery")}>
        {t("galleryPage.intro")}
      </PageHeader>

      <GalleryBrowserIsland firstPage={loaderData.firstPage} search={search} />
    </>
  );
}
