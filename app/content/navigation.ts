import type { MessageKey } from "../i18n/en";

/**
 * Spec §2 navigation table; one place to change the menu. Titles are message keys (app/i18n/en.ts);
 * paths are English and get the page's language prefix where they are drawn.
 */
export interface NavigationItem {
  title: MessageKey;
  path: string;
  children?: NavigationItem[];
}

export const NAVIGATION: NavigationItem[] = [
  { title: "nav.home", path: "/" },
  {
    title: "nav.whoWeAre",
    path: "/about",
    children: [
      { title: "nav.visionMission", path: "/about#vision-mission" },
      { title: "nav.ourStory", path: "/about#story" },
      { title: "nav.theoryOfChange", path: "/about#theory-of-change" },
      { title: "nav.ourValues", path: "/about#values" },
      { title: "nav.ourTeam", path: "/about#team" },
      { title: "nav.board", path: "/about#board" },
    ],
  },
  {
    title: "nav.ourImpact",
    path: "/impact",
    children: [
      { title: "nav.impactOverview", path: "/impact" },
      { title: "nav.impactVideos", path: "/impact/videos" },
      { title: "nav.gallery", path: "/impact/gallery" },
    ],
  },
  {
    title: "nav.resources",
    path: "/blog",
    children: [
      { title: "nav.blog", path: "/blog" },
      { title: "nav.publications", path: "/publications" },
    ],
  },
  { title: "nav.joinTeam", path: "/join-team" },
  { title: "nav.contact", path: "/contact" },
];

export const FOOTER_ABOUT_LINKS: NavigationItem[] = [
  { title: "nav.ourStory", path: "/about#story" },
  { title: "nav.ourImpact", path: "/impact" },
  { title: "nav.ourTeam", path: "/about#team" },
  { title: "nav.blog", path: "/blog" },
];

/** Public pages for sitemap.xml; features with records add their own URLs. */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/about",
  "/impact",
  "/impact/videos",
  "/impact/gallery",
  "/blog",
  "/publications",
  "/join-team",
  "/contact",
  "/donate",
  "/privacy",
];
