import { Link } from "react-router";
import { appContext } from "#app-context";
import { GALLERY_PREVIEW_SIZE } from "../../../core/gallery/gallery.constants";
import { ButtonLink } from "../../components/button-link";
import { DonateButton } from "../../components/donation/donate-button";
import { GalleryPreviewIsland } from "../../components/gallery/gallery-preview";
import { DonationNeeds } from "../../components/home/donation-needs";
import { FaqIsland } from "../../components/home/faq";
import { HERO_IMAGE_SIZES, HeroCarouselIsland } from "../../components/home/hero-carousel";
import { ImpactCountersIsland } from "../../components/home/impact-counters";
import { MissionCardsIsland } from "../../components/home/mission-cards";
import { SectionHeading } from "../../components/section-heading";
import { FeaturedVideo } from "../../components/videos/featured-video";
import { DONATION_NEEDS, FAQ_ITEMS, HERO_SLIDES, IMPACT_FIGURES, MISSION_CARDS } from "../../content/home";
import { IMAGES, imageSrcSet } from "../../content/images";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  // A section that cannot load is left out; the rest of the home page still renders.
  const featuredVideo = await services.videos.list({ limit: 1 }).then(
    (result) => result.videos[0] ?? null,
    (error) => {
      console.error("home: featured video failed", error);
      return null;
    },
  );
  // null tells the preview its load failed (it then offers Try Again).
  const galleryPreview = await services.gallery.list({ limit: GALLERY_PREVIEW_SIZE }).then(
    (result) => result.images,
    (error) => {
      console.error("home: gallery preview failed", error);
      return null;
    },
  );
  return { featuredVideo, galleryPreview };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    path: "/",
    description:
      "Hope Behind Bars stands with incarcerated mothers and their children in Ethiopia: essentials every month, education and skills, and a way back to family life.",
  });

const FIRST_SLIDE_IMAGE = HERO_SLIDES[0]?.image ?? IMAGES.heroEssentials;

// The first slide's image is the largest thing on first paint (LCP): fetch it early, at high priority.
export const links: Route.LinksFunction = () => [
  {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: imageSrcSet(FIRST_SLIDE_IMAGE, "avif"),
    imageSizes: HERO_IMAGE_SIZES,
    fetchPriority: "high",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HeroCarouselIsland slides={HERO_SLIDES} />

      <section className="bg-sand">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="text-sm font-bold uppercase tracking-[0.18em] text-accent">Hope Behind Bars · Ethiopia</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-brand-dark sm:text-5xl">
              Restoring Dignity, Rebuilding Lives
            </h1>
            <p className="mt-5 text-lg text-muted">
              Behind the walls of Ethiopia's prisons, thousands of women are serving their sentences, many with young
              children who have nowhere else to go. We bring them what they need today and the skills they need for
              tomorrow, and we walk with them when the gate finally opens.
            </p>
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
            <ImpactCountersIsland figures={IMPACT_FIGURES} />
          </div>
        </div>
      </section>

      <section aria-labelledby="needs-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
          <SectionHeading id="needs-title" eyebrow="Where your gift goes" title="Urgent needs right now">
            <p>Each of these is a concrete need in the prisons we serve. Choose one, or give where it helps most.</p>
          </SectionHeading>
          <div className="mt-10">
            <DonationNeeds needs={DONATION_NEEDS} />
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
            <MissionCardsIsland cards={MISSION_CARDS} />
          </div>
        </div>
      </section>

      {loaderData.galleryPreview?.length !== 0 && (
        <div className="bg-white">
          <GalleryPreviewIsland items={loaderData.galleryPreview} />
        </div>
      )}

      <FeaturedVideo video={loaderData.featuredVideo} />

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
          <FaqIsland items={FAQ_ITEMS} />
        </div>
      </section>
    </>
  );
}
