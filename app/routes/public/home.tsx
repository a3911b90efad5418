import { appContext } from "#app-context";
import { GALLERY_PREVIEW_SIZE } from "../../../core/gallery/gallery.constants";
import { localeOf } from "../../../core/i18n/locale";
import { HomePage } from "../../components/site/home-page";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const { translations } = services;
  const locale = localeOf(request);
  // A section that cannot load is left out; the rest of the home page still renders.
  const featuredVideo = await services.videos.list({ limit: 1 }).then(
    async (result) => (result.videos[0] ? translations.localise("video", result.videos[0], locale) : null),
    (error) => {
      console.error("home: featured video failed", error);
      return null;
    },
  );
  // null tells the preview its load failed (it then offers Try Again).
  const galleryPreview = await services.gallery.list({ limit: GALLERY_PREVIEW_SIZE }).then(
    (result) => translations.localiseMany("gallery-item", result.images, locale),
    (error) => {
      console.error("home: gallery preview failed", error);
      return null;
    },
  );
  const { home, englishPaths } = await services.siteContentTranslations.published(locale);
  const content = { ...home, donationNeeds: await services.funds.withFigures(home.donationNeeds) };
  return { content, featuredVideo, galleryPreview, englishPaths: englishPaths.home };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ path: "/", description: t("home.metaDescription") }));

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
