import { Link } from "react-router";
import { type FieldLanguages, fieldLang } from "../../../core/translations/translations.schema";
import type { Video } from "../../../core/videos/videos.constants";
import { useI18n } from "../../i18n/i18n";
import { YoutubePlayerIsland } from "./youtube-player";

/**
 * The home page's one featured video (spec §2): the latest one, click-to-play.
 *
 * Home loader: `featuredVideo: await services.videos.list({ limit: 1 }).then((r) => r.videos[0] ?? null,
 * () => null)`, then `<FeaturedVideo video={loaderData.featuredVideo} />`. Renders nothing without a video.
 */
export function FeaturedVideo({ video }: { video: (Video & FieldLanguages) | null }) {
  const { t, path } = useI18n();
  if (!video) return null;
  return (
    <section aria-labelledby="featured-video-title" className="bg-sand py-16">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-5 lg:gap-12">
        <div className="lg:col-span-3">
          <YoutubePlayerIsland
            youtubeId={video.youtubeId}
            title={video.title}
            titleLang={fieldLang(video, "title")}
            sizes="(min-width: 1024px) 740px, 100vw"
          />
        </div>
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{t("video.featured")}</p>
          <h2 id="featured-video-title" className="mt-2 text-3xl font-bold text-brand" lang={fieldLang(video, "title")}>
            {video.title}
          </h2>
          <p className="mt-4 text-lg text-muted" lang={fieldLang(video, "description")}>
            {video.description}
          </p>
          <Link
            to={path("/impact/videos")}
            className="mt-6 inline-block font-semibold text-brand underline-offset-4 hover:underline"
          >
            {t("video.watchMore")}
          </Link>
        </div>
      </div>
    </section>
  );
}
