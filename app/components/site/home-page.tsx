import { preload } from "react-dom";
import { Link } from "react-router";
import type { GalleryItem } from "../../../core/gallery/gallery.schema";
import { imageSrcSet } from "../../../core/site-content/illustrations";
import type { HomeContent } from "../../../core/site-content/site-content.schema";
import type { Video } from "../../../core/videos/videos.schema";
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
  featuredVideo: Video | null;
  /** null: the preview's load failed (it then offers Try Again). */
  galleryPreview: GalleryItem[] | null;
}

/** The home page's body (app/routes/public/home.tsx), also drawn by the back office's preview with a draft. */
export function HomePage({ content, featuredVideo, galleryPreview }: HomePageProps) {
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
      <HeroCarouselIsland slides={content.heroSlides} />

      <section className="bg-sand">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="text-sm font-bold uppercase tracking-[0.18em] text-accent">Hope Behind Bars · Ethiopia</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-brand-dark sm:text-5xl">
              {content.introHeading}
            </h1>
            <RichText html={content.introText} className="mt-5 space-y-4 text-lg text-muted" />
            <div className="mt-8 flex flex-wrap gap-3">
              <DonateButton size="lg">Donate Now</DonateButton>
              <ButtonLink to="/join-team" size="lg" variant="secondary">
                Become a Partner
              </ButtonLink>
            </div>
            <p className="mt-6">
              <Link to="/about#team" className="font-semibold text-brand underline-offset-4 hover:underline">
                Meet the people behind our work <span aria-hidden="true">→</span>
              </Link>
            </p>
          </div>
          <div>
            <h2 className="mb-5 text-lg font-bold text-brand-dark">Our impact so far</h2>
            <ImpactCountersIsland figures={content.impactFigures} />
          </div>
        </div>
      </section>

      <section aria-labelledby="needs-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
          <SectionHeading id="needs-title" eyebrow="Where your gift goes" title="Urgent needs right now">
            <p>Each of these is a concrete need in the prisons we serve. Choose one, or give where it helps most.</p>
          </SectionHeading>
          <div className="mt-10">
            <DonationNeeds needs={content.donationNeeds} />
          </div>
        </div>
      </section>

      <section aria-labelledby="purpose-title" className="bg-brand-light/60">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
          <SectionHeading id="purpose-title" eyebrow="Why we exist" title="A second chance, for mother and child">
            <p>
              No child should pay for a parent's mistake, and no woman should leave prison with nothing.{" "}
              <Link to="/about" className="font-semibold text-brand underline underline-offset-4">
                Read who we are
              </Link>
              .
            </p>
          </SectionHeading>
          <div className="mt-10">
            <MissionCardsIsland cards={content.missionCards} />
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
          <SectionHeading id="faq-title" eyebrow="Questions" title="Frequently asked questions">
            <p>
              Something else on your mind?{" "}
              <Link to="/contact" className="font-semibold text-brand underline underline-offset-4">
                Write to us
              </Link>{" "}
              and we will answer personally.
            </p>
          </SectionHeading>
          <FaqIsland items={content.faq} />
        </div>
      </section>
    </>
  );
}
