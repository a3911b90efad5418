/** Spec §2 navigation table; one place to change the menu. */
export interface NavigationItem {
  title: string;
  path: string;
  children?: NavigationItem[];
}

export const NAVIGATION: NavigationItem[] = [
  { title: "Home", path: "/" },
  {
    title: "Who We Are",
    path: "/about",
    children: [
      { title: "Vision & Mission", path: "/about#vision-mission" },
      { title: "Our Story", path: "/about#story" },
      { title: "Theory of Change", path: "/about#theory-of-change" },
      { title: "Our Values", path: "/about#values" },
      { title: "Our Team", path: "/about#team" },
      { title: "Board", path: "/about#board" },
    ],
  },
  {
    title: "Our Impact",
    path: "/impact",
    children: [
      { title: "Impact Overview", path: "/impact" },
      { title: "Impact Videos", path: "/impact/videos" },
      { title: "Gallery", path: "/impact/gallery" },
    ],
  },
  {
    title: "Resources",
    path: "/blog",
    children: [
      { title: "Blog", path: "/blog" },
      { title: "News & Publications", path: "/publications" },
    ],
  },
  { title: "Join Our Team", path: "/join-team" },
  { title: "Contact", path: "/contact" },
];

export const FOOTER_ABOUT_LINKS: NavigationItem[] = [
  { title: "Our Story", path: "/about#story" },
  { title: "Our Impact", path: "/impact" },
  { title: "Our Team", path: "/about#team" },
  { title: "Blog", path: "/blog" },
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
];
