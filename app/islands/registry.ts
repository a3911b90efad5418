import type { ComponentType } from "react";

/**
 * Every island by name, loaded by the browser only when the page has one. The name is the file's
 * base name: the islands build keys each island's preload list by it.
 */
export const ISLANDS = {
  "board-picker": () => import("../components/about/board-picker").then((module) => module.BoardPicker),
  "contact-form": () => import("../components/forms/contact-form").then((module) => module.ContactForm),
  "donation-receipt": () => import("../components/donation/donation-receipt").then((module) => module.DonationReceipt),
  "donation-root": () => import("../components/donation/donation-root").then((module) => module.DonationRoot),
  faq: () => import("../components/home/faq").then((module) => module.Faq),
  "gallery-browser": () => import("../components/gallery/gallery-browser").then((module) => module.GalleryBrowser),
  "gallery-preview": () => import("../components/gallery/gallery-preview").then((module) => module.GalleryPreview),
  "hero-carousel": () => import("../components/home/hero-carousel").then((module) => module.HeroCarousel),
  "impact-counters": () => import("../components/home/impact-counters").then((module) => module.ImpactCounters),
  "mission-cards": () => import("../components/home/mission-cards").then((module) => module.MissionCards),
  "newsletter-form": () => import("../components/forms/newsletter-form").then((module) => module.NewsletterForm),
  "newsletter-link": () => import("../components/forms/newsletter-link").then((module) => module.NewsletterLink),
  "site-header": () => import("../components/layout/site-header").then((module) => module.SiteHeader),
  "volunteer-form": () => import("../components/forms/volunteer-form").then((module) => module.VolunteerForm),
  "youtube-player": () => import("../components/videos/youtube-player").then((module) => module.YoutubePlayer),
} satisfies Record<string, () => Promise<ComponentType<any>>>;

export type IslandName = keyof typeof ISLANDS;
