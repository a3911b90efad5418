import { Link } from "react-router";
import { appContext } from "#app-context";
import { GALLERY_PREVIEW_SIZE } from "../../../core/gallery/gallery.constants";
import { localeOf } from "../../../core/i18n/locale";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import { GalleryPreviewIsland } from "../../components/gallery/gallery-preview";
import { DonationNeeds } from "../../components/home/donation-needs";
import { ImpactCountersIsland } from "../../components/home/impact-counters";
import { PageHeader } from "../../components/page-header";
import { ResponsiveImage } from "../../components/responsive-image";
import { SectionHeading } from "../../components/section-heading";
import { VideoCard } from "../../components/videos/video-card";
import { type I18n, type MessageKey, useI18n } from "../../i18n/i18n";
import { within } from "../../lib/english-paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/impact";

/** How many of the newest videos the overview shows. */
const LATEST_VIDEOS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const { translations } = services;
  const locale = localeOf(request);
  // Without the latest items the overview still works: the entries link to the full pages.
  const latestVideos = await services.videos.list({ limit: LATEST_VIDEOS }).then(
    (result) => translations.localiseMany("video", result.videos, locale),
    (error) => {
      console.error("impact: latest videos failed", error);
      return [];
    },
  );
  const latestGallery = await services.gallery.list({ limit: GALLERY_PREVIEW_SIZE }).then(
    (result) => translations.localiseMany("gallery-item", result.images, locale),
    (error) => {
      console.error("impact: latest gallery items failed", error);
      return null;
    },
  );
  // The home section's figures, programmes and needs, in the page's language; the texts still in
  // English are marked lang="en" (decision 0420).
  const { home, englishPaths } = await services.siteContentTranslations.published(locale);
  const content = { ...home, donationNeeds: await services.funds.withFigures(home.donationNeeds) };
  return { latestVideos, latestGallery, content, englishPaths: englishPaths.home };
}

/** The page's description from the published impact figures, so search results say what the page says. */
function impactDescription(
  figures: ReadonlyArray<{ value: number; suffix?: string; label: string }>,
  t: I18n["t"],
): string {
  const facts = figures.map((figure) => `${figure.value}${figure.suffix ?? ""} ${figure.label.toLowerCase()}`);
  return t("impact.description", { facts: facts.join(", ") });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: t("impact.title"),
    path: "/impact",
    description: args.loaderData ? impactDescription(args.loaderData.content.impactFigures, t) : undefined,
  }));

const container = "mx-auto max-w-7xl px-4 sm:px-6";

const ENTRIES = [
  { to: "/impact/videos", title: "nav.impactVideos", text: "impact.videosText", cta: "impact.videosCta" },
  { to: "/impact/gallery", title: "nav.gallery", text: "impact.galleryText", cta: "impact.galleryCta" },
] satisfies Array<{ to: string; title: MessageKey; text: MessageKey; cta: MessageKey }>;

export default function Impact({ loaderData }: Route.ComponentProps) {
  const { content, englishPaths } = loaderData;
  const en = (path: string) => sitePathLang(englishPaths, path);
  const { t, path } = useI18n();
  return (
    <>
      <PageHeader eyebrow={t("impact.title")} title={t("impact.headerTitle")}>
        <p>{t("impact.headerText")}</p>
      </PageHeader>

      <section aria-labelledby="figures-title" className="bg-sand">
        <div className={`${container} py-14 lg:py-20`}>
          <SectionHeading id="figures-title" eyebrow={t("impact.numbersEyebrow")} title={t("impact.numbersTitle")} />
          <div className="mt-8">
            <ImpactCountersIsland
              figures={content.impactFigures}
              englishPaths={within(englishPaths, "impactFigures")}
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="programmes-title" className="bg-white">
        <div className={`${container} py-14 lg:py-20`}>
          <SectionHeading
            id="programmes-title"
            eyebrow={t("impact.programmesEyebrow")}
            title={t("impact.programmesTitle")}
          />
          <ul className="mt-10 grid gap-8 md:grid-cols-3">
            {content.heroSlides.map((slide, index) => (
              <li key={slide.id} className="overflow-hidden rounded-2xl bg-sand ring-1 ring-black/5">
                <ResponsiveImage
                  image={slide.image}
                  alt=""
                  sizes="(min-width: 768px) 400px, 100vw"
                  className="aspect-[3/2] w-full object-cover"
                />
                <div className="p-6">
                  <h3 className="text-xl font-bold text-brand-dark" lang={en(`heroSlides.${index}.title`)}>
                    {slide.title}
                  </h3>
                  <p className="mt-2 text-muted" lang={en(`heroSlides.${index}.description`)}>
                    {slide.description}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="needs-title" className="bg-brand-light/60">
        <div className={`${container} py-14 lg:py-20`}>
          <SectionHeading id="needs-title" eyebrow={t("home.needsEyebrow")} title={t("impact.needsTitle")}>
            <p>{t("impact.needsText")}</p>
          </SectionHeading>
          <div className="mt-10">
            <DonationNeeds needs={content.donationNeeds} englishPaths={englishPaths} />
          </div>
        </div>
      </section>

      <section aria-labelledby="stories-title" className="bg-white">
        <div className={`${container} py-14 lg:py-20`}>
          <SectionHeading id="stories-title" eyebrow={t("impact.storiesEyebrow")} title={t("impact.storiesTitle")} />
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {ENTRIES.map((entry) => (
              <li key={entry.to}>
                <Link
                  to={path(entry.to)}
                  className="group block h-full rounded-2xl bg-brand-dark p-8 text-white transition-colors hover:bg-brand"
                >
                  <h3 className="text-2xl font-bold">{t(entry.title)}</h3>
                  <p className="mt-3 text-white/85">{t(entry.text)}</p>
                  <span className="mt-6 inline-flex items-center gap-2 font-semibold text-amber-300">
                    {t(entry.cta)} <span aria-hidden="true">→</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {loaderData.latestVideos.length > 0 && (
            <div className="mt-14">
              <h3 className="text-2xl font-bold text-brand-dark">{t("impact.latestVideos")}</h3>
              <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {loaderData.latestVideos.map((video) => (
                  <li key={video._id}>
                    <VideoCard video={video} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </section>

      {loaderData.latestGallery?.length !== 0 && (
        <div className="bg-sand">
          <GalleryPreviewIsland items={loaderData.latestGallery} />
        </div>
      )}
    </>
  );
}
