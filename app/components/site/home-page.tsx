import { preload } from "react-dom";
import { Link } from "react-router";
import type { GalleryItem } from "../../../core/gallery/gallery.schema";
import { imageSrcSet } from "../../../core/site-content/illustrations";
import type { HomeContent } from "../../../core/site-content/site-content.schema";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import type { FieldLanguages } from "../../../core/translations/translations.schema";
import type { Video } from "../../../core/videos/videos.schema";
import { useI18n } from "../../i18n/i18n";
import { within } from "../../lib/english-paths";
import type { NeedCard } from "../../lib/funding";
import { useSaveData } from "../../lib/save-data";
import { ButtonLink } from "../button-link";
import { DonateButton } from "../donation/donate-button";
import { GalleryPreviewIsland } from "../gallery/gallery-preview";
import { DonationNeeds } from "../home/donation-needs";
import { FaqIsland } from "../home/faq";
import { HERO_IMAGE_SIZES, HeroCarouselIsland } from "../home/hero-carousel";
import { ImpactCountersIsland } from "../home/impact-counters";
import { MissionCardsIsland } from "../home/mission-cards";
import { smallestVariants } from "../responsive-image";
import { SectionHeading } from "../section-heading";
import { FeaturedVideo } from "../videos/featured-video";
import { RichText } from "./rich-text";

export interface HomePageProps {
  /** The need cards carry their live figures on the public page, not in a draft's preview. */
  content: Omit<HomeContent, "donationNeeds"> & { donationNeeds: NeedCard[] };
  featuredVideo: (Video & FieldLanguages) | null;
  /** null: the preview's load failed (it then offers Try Again). Localised: drawn in the page's language. */
  galleryPreview: Array<GalleryItem & FieldLanguages> | null;
  /** On an Amharic page, the texts still in English (marked `lang="en"`). */
  englishPaths?: string[];
}

/** The home page's body (app/routes/public/home.tsx), also drawn by the back office's preview with a draft. */
export function HomePage({ content, featuredVideo, galleryPreview, englishPaths }: HomePageProps) {
  const { t, path } = useI18n();
  const firstSlide = content.heroSlides[0];
  // A light page (Save-Data) preloads the small file its carousel draws (app/components/responsive-image.tsx).
  const saveData = useSaveData();
  // The first slide's image is the largest thing on first paint (LCP): fetch it early, at high priority.
  if (firstSlide) {
    const image = saveData ? smallestVariants(firstSlide.image) : firstSlide.image;
    preload(image.url, {
      as: "image",
      type: "image/avif",
      imageSrcSet: imageSrcSet(image, "avif"),
      imageSizes: HERO_IMAGE_SIZES,
      fetchPriority: "high",
    });
  }
  return (
    <>
      <HeroCarouselIsland slides={content.heroSlides} englishPaths={within(englishPaths, "heroSlides")} />

      <section className="bg-sand">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="text-sm font-bold uppercase tracking-[0.18em] text-accent">{t("home.eyebrow")}</p>
            <h1
              className="mt-3 text-4xl font-extrabold tracking-tight text-brand-dark sm:text-5xl"
              lang={sitePathLang(englishPaths, "introHeading")}
            >
              {content.introHeading}
            </h1>
            <RichText
              html={content.introText}
              className="mt-5 space-y-4 text-lg text-muted"
              lang={sitePathLang(englishPaths, "introText")}
            />
            <div className="mt-8 flex flex-wrap gap-3">
              <DonateButton size="lg">{t("header.donateNow")}</DonateButton>
              <ButtonLink to="/join-team" size="lg" variant="secondary">
                {t("home.becomePartner")}
              </ButtonLink>
            </div>
            <p className="mt-6">
              <Link to={path("/about#team")} className="font-semibold text-brand underline-offset-4 hover:underline">
                {t("home.meetTeam")} <span aria-hidden="true">→</span>
              </Link>
            </p>
          </div>
          <div>
            <h2 className="mb-5 text-lg font-bold text-brand-dark">{t("home.impactSoFar")}</h2>
            <ImpactCountersIsland
              figures={content.impactFigures}
              englishPaths={within(englishPaths, "impactFigures")}
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="needs-title" className="drawn-when-near bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
          <SectionHeading id="needs-title" eyebrow={t("home.needsEyebrow")} title={t("home.needsTitle")}>
            <p>{t("home.needsText")}</p>
          </SectionHeading>
          <div className="mt-10">
            <DonationNeeds needs={content.donationNeeds} englishPaths={englishPaths} />
          </div>
        </div>
      </section>

      <section aria-labelledby="purpose-title" className="drawn-when-near bg-brand-light/60">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
          <SectionHeading id="purpose-title" eyebrow={t("home.purposeEyebrow")} title={t("home.purposeTitle")}>
            <p>
              {t("home.purposeText")}{" "}
              <Link to={path("/about")} className="font-semibold text-brand underline underline-offset-2">
                {t("home.readWhoWeAre")}
              </Link>
              .
            </p>
          </SectionHeading>
          <div className="mt-10">
            <MissionCardsIsland cards={content.missionCards} englishPaths={within(englishPaths, "missionCards")} />
          </div>
        </div>
      </section>

      {galleryPreview?.length !== 0 && (
        <div className="bg-white">
          <GalleryPreviewIsland items={galleryPreview} />
        </div>
      )}

      <FeaturedVideo video={featuredVideo} />

      <section aria-labelledby="faq-title" className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[2fr_3fr] lg:py-24">
          <SectionHeading id="faq-title" eyebrow={t("home.faqEyebrow")} title={t("home.faqTitle")}>
            <p>
              {t("home.faqMoreBefore")}{" "}
              <Link to={path("/contact")} className="font-semibold text-brand underline underline-offset-2">
                {t("home.faqMoreLink")}
              </Link>{" "}
              {t("home.faqMoreAfter")}
            </p>
          </SectionHeading>
          <FaqIsland items={content.faq} englishPaths={within(englishPaths, "faq")} />
        </div>
      </section>
    </>
  );
}
