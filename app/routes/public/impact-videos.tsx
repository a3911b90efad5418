import { appContext } from "#app-context";
import { localeOf } from "../../../core/i18n/locale";
import { ALL_VIDEOS, VIDEO_CATEGORIES, type Video } from "../../../core/videos/videos.constants";
import { CategoryChips } from "../../components/category-chips";
import { PageHeader } from "../../components/page-header";
import { VideoCard } from "../../components/videos/video-card";
import { useI18n } from "../../i18n/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/impact-videos";

const CHIPS = [ALL_VIDEOS, ...VIDEO_CATEGORIES];

function selectedCategory(url: URL): string {
  const category = url.searchParams.get("category") ?? "";
  return CHIPS.includes(category as never) ? category : ALL_VIDEOS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const category = selectedCategory(new URL(request.url));
  try {
    const { videos } = await services.videos.list({ category });
    return { category, videos: await services.translations.localiseMany("video", videos, localeOf(request)) };
  } catch (error) {
    // Spec §8: a failed fetch shows the empty state rather than an error page.
    console.error("impact videos: list failed", error);
    return { category, videos: [] as Video[] };
  }
}

/** A filter change that cannot reach the server also ends in the empty state (spec §8). */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    console.warn("impact videos: could not load videos", error);
    return { category: selectedCategory(new URL(request.url)), videos: [] as Video[] };
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: t("nav.impactVideos"),
    description: t("videos.metaDescription"),
    path: "/impact/videos",
  }));

export default function ImpactVideos({ loaderData }: Route.ComponentProps) {
  const { category, videos } = loaderData;
  const { t } = useI18n();
  return (
    <>
      <PageHeader eyebrow={t("impact.title")} title={t("nav.impactVideos")}>
        {t("videos.intro")}
      </PageHeader>
      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <CategoryChips
          label={t("videos.categories")}
          options={CHIPS}
          selected={category}
          hrefFor={(option) => (option === ALL_VIDEOS ? "?" : `?category=${encodeURIComponent(option)}`)}
        />
        {videos.length === 0 ? (
          <div className="mt-10 rounded-2xl bg-sand px-6 py-16 text-center">
            <h2 className="text-xl font-bold text-ink">{t("videos.empty")}</h2>
            <p className="mt-2 text-muted">{t("videos.emptyText")}</p>
          </div>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {videos.map((video) => (
              <li key={video._id}>
                <VideoCard video={video} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
