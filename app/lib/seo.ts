import type { MetaDescriptor } from "react-router";

export const PRODUCT_NAME = "Hope Behind Bars";
export const DEFAULT_TITLE = "Restoring Dignity, Rebuilding Lives";
export const DEFAULT_DESCRIPTION =
  "Hope Behind Bars supports incarcerated women and their children in Ethiopia with essentials, education and a path home.";
export const DEFAULT_KEYWORDS = [
  "Ethiopia",
  "incarcerated women",
  "children of prisoners",
  "charity",
  "reintegration",
  "donate",
];
export const DEFAULT_IMAGE = "/images/og-default.jpg";

export interface PageSeo {
  /** Page title; rendered as '{title} | Hope Behind Bars' (spec §1), the default title when absent. */
  title?: string;
  description?: string;
  keywords?: string[];
  /** Absolute URL or site path of the share image. */
  image?: string;
  /** Path of the canonical URL, e.g. '/blog'. */
  path?: string;
  noindex?: boolean;
  type?: "website" | "article";
}

export const pageTitle = (title?: string) => `${title || DEFAULT_TITLE} | ${PRODUCT_NAME}`;

const absolute = (siteUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;

/** Every tag a page needs for search and sharing, in the server-rendered head. */
export function seoMeta(seo: PageSeo, siteUrl: string): MetaDescriptor[] {
  const title = pageTitle(seo.title);
  const description = seo.description ?? DEFAULT_DESCRIPTION;
  const image = absolute(siteUrl, seo.image ?? DEFAULT_IMAGE);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: (seo.keywords ?? DEFAULT_KEYWORDS).join(", ") },
    { name: "robots", content: seo.noindex ? "noindex, nofollow" : "index, follow" },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (seo.path !== undefined) {
    const url = absolute(siteUrl, seo.path);
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  return tags;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** Reads the site URL the root loader provides, for canonical and share URLs. */
export function siteUrlFrom(args: MetaArgsLike): string {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

export const pageMeta = (args: MetaArgsLike, seo: PageSeo) => seoMeta(seo, siteUrlFrom(args));
