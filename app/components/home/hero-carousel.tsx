import { type FocusEvent, useEffect, useState } from "react";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import { HERO_INTERVAL_MS, type HeroSlide } from "../../content/home";
import { useI18n } from "../../i18n/i18n";
import { island } from "../../islands/island";
import { useCameFrom } from "../../lib/came-from";
import { donateHref } from "../../lib/donate-link";
import { prefersReducedMotion } from "../../lib/motion";
import { useSaveData } from "../../lib/save-data";
import { ResponsiveImage } from "../responsive-image";

/** The hero image fills the viewport width at every breakpoint. */
export const HERO_IMAGE_SIZES = "100vw";

/**
 * Spec §4 hero carousel (every 4 s, looping, dot navigation) built to the WAI-ARIA carousel
 * pattern and WCAG 2.2: a visible pause/play control, no auto-advance under reduced motion,
 * rotation pauses while hovered or keyboard-focused, and slide changes are announced politely
 * whenever the slides are not turning by themselves.
 */
export function HeroCarousel({ slides, englishPaths }: { slides: HeroSlide[]; englishPaths?: string[] }) {
  const en = (index: number, key: string) => sitePathLang(englishPaths, `heroSlides.${index}.${key}`);
  const { t, rich, path } = useI18n();
  const cameFrom = useCameFrom();
  /** A slide's title inside interface words (the dots' names, the status): in its own language. */
  const title = (index: number) => <span lang={en(index, "title")}>{slides[index]?.title}</span>;
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Slides after the first fetch their images once the page is interactive, after the LCP image.
  const [hydrated, setHydrated] = useState(false);
  const rotating = hydrated && !paused && !hovered && !focused;
  // A light page (Save-Data, slow connection) starts paused: no slide images fetched unasked.
  const saveData = useSaveData();

  useEffect(() => {
    setHydrated(true);
    if (prefersReducedMotion() || saveData) setPaused(true);
  }, [saveData]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new slide (also one chosen by a dot) gets a full interval
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % slides.length), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, active, slides.length]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    // A mouse click on a control must not stop the slides; keyboard focus (focus-visible) does.
    if (event.target.matches(":focus-visible")) setFocused(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription={t("carousel.roleCarousel")}
      aria-label={t("carousel.label")}
      className="on-dark relative bg-brand-dark text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="grid">
        {slides.map((slide, index) => {
          const isActive = index === active;
          const fade = isActive ? "opacity-100" : "opacity-0";
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group (a fieldset is for form controls)
            <div
              key={slide.id}
              id={`hero-slide-${slide.id}`}
              role="group"
              aria-roledescription={t("carousel.roleSlide")}
              aria-label={t("carousel.slideOf", { number: index + 1, count: slides.length })}
              inert={!isActive}
              className={`relative [grid-area:1/1] lg:h-[clamp(520px,72vh,680px)] ${isActive ? "" : "pointer-events-none"}`}
            >
              {/* The pictures cross-fade; the words never overlap: the leaving text is gone before the next appears. */}
              <div
                className={`aspect-[3/2] overflow-hidden bg-sand transition-opacity duration-700 motion-reduce:transition-none lg:absolute lg:inset-0 lg:aspect-auto ${fade}`}
              >
                {(index === 0 || hydrated) && (
                  <ResponsiveImage
                    image={slide.image}
                    alt={slide.imageAlt}
                    lang={en(index, "imageAlt")}
                    sizes={HERO_IMAGE_SIZES}
                    priority={index === 0}
                    className="h-full w-full object-cover"
                  />
                )}
              </div>
              <div
                aria-hidden="true"
                className={`absolute inset-0 hidden bg-linear-to-r from-brand-dark/95 via-brand-dark/75 to-transparent transition-opacity duration-700 motion-reduce:transition-none lg:block ${fade}`}
              />
              <div
                data-slide-text
                className={`relative px-4 pt-7 pb-20 transition-opacity motion-reduce:transition-none sm:px-6 lg:absolute lg:inset-0 lg:flex lg:items-center lg:pb-20 ${
                  isActive ? "opacity-100 delay-300 duration-300" : "opacity-0 duration-200"
                }`}
              >
                <div className="mx-auto w-full max-w-7xl lg:px-2">
                  <div className="max-w-xl">
                    <h2
                      className="text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl"
                      lang={en(index, "title")}
                    >
                      {slide.title}
                    </h2>
                    <p className="mt-4 text-lg text-white/90" lang={en(index, "description")}>
                      {slide.description}
                    </p>
                    <a
                      href={path(donateHref(slide.ctaAmount, null, cameFrom))}
                      className="mt-7 inline-flex items-center justify-center rounded-full bg-accent px-7 py-3.5 text-lg font-semibold text-white shadow-lg transition-colors hover:bg-accent-dark"
                      data-donate={slide.ctaAmount ?? ""}
                      lang={en(index, "ctaText")}
                    >
                      {slide.ctaText}
                    </a>
                  </div>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      <div className="absolute inset-x-0 bottom-5 px-4 sm:px-6 lg:bottom-8">
        <div className="mx-auto flex max-w-7xl items-center gap-2 lg:px-2">
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full border-2 border-white/70 text-white hover:bg-white/15"
            aria-label={paused ? t("carousel.play") : t("carousel.pause")}
            onClick={() => setPaused((value) => !value)}
          >
            <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor">
              {paused ? <path d="M5 3l10 6-10 6z" /> : <path d="M4 3h4v12H4zM10 3h4v12h-4z" />}
            </svg>
          </button>
          <ul className="flex items-center" aria-label={t("carousel.choose")}>
            {slides.map((slide, index) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className="group inline-flex h-11 w-11 items-center justify-center rounded-full"
                  aria-controls={`hero-slide-${slide.id}`}
                  aria-current={index === active ? "true" : undefined}
                  onClick={() => setActive(index)}
                >
                  {/* Named by a text, not aria-label, so an English title keeps its lang. */}
                  <span className="sr-only">{rich("carousel.slide", { number: index + 1, title: title(index) })}</span>
                  <span
                    className={`block h-3 rounded-full transition-all motion-reduce:transition-none ${
                      index === active ? "w-8 bg-white" : "w-3 bg-white/55 group-hover:bg-white/80"
                    }`}
                  />
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="sr-only" aria-live={rotating ? "off" : "polite"} aria-atomic="true">
        {rich("carousel.status", { number: active + 1, count: slides.length, title: title(active) })}
      </p>
    </section>
  );
}

export const HeroCarouselIsland = island("hero-carousel", HeroCarousel);
