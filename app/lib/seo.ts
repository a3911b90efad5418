import type { MetaDescriptor } from "react-router";
import { alternates, DEFAULT_LOCALE, type Locale, localizePath } from "../../core/i18n/locale";
import { type I18n, i18nFrom } from "../i18n/i18n";
import type { PublicLayoutHandle } from "../routes/public/layout";
import { PUBLIC_LAYOUT } from "../routes/public/layout-id";
import { pageHref } from "./public-page";

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
  /** What the share image shows (docs/decisions/0770-every-picture-described.md); none for the default. */
  imageAlt?: string;
  /** Path of the canonical URL, e.g. '/blog'. */
  path?: string;
  noindex?: boolean;
  type?: "website" | "article";
}

/** The page's language as meta needs it: the locale, its path without the prefix, and its texts. */
export interface MetaLanguage {
  locale: Locale;
  /** The page's path without its language prefix, for hreflang alternates. */
  path?: string;
  t?: I18n["t"];
}

const absolute = (siteUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;

/** Every tag a page needs for search and sharing, in the server-rendered head. */
export function seoMeta(
  seo: PageSeo,
  siteUrl: string,
  language: MetaLanguage = { locale: DEFAULT_LOCALE },
): MetaDescriptor[] {
  const { locale, t } = language;
  const title = `${seo.title || (t ? t("seo.defaultTitle") : DEFAULT_TITLE)} | ${PRODUCT_NAME}`;
  const description = seo.description ?? (t ? t("seo.defaultDescription") : DEFAULT_DESCRIPTION);
  const image = absolute(siteUrl, seo.image ?? DEFAULT_IMAGE);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: (seo.keywords ?? DEFAULT_KEYWORDS).join(", ") },
    { name: "robots", content: seo.noindex ? "noindex, nofollow" : "index, follow" },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:locale", content: OG_LOCALES[locale] },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (seo.image && seo.imageAlt) {
    tags.push(
      { property: "og:image:alt", content: seo.imageAlt },
      { name: "twitter:image:alt", content: seo.imageAlt },
    );
  }
  if (seo.path !== undefined) {
    const url = absolute(siteUrl, localizePath(seo.path, locale));
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  // The same page in each language (docs/decisions/0410); x-default is the English page.
  const alternatePath = seo.path ?? language.path;
  if (alternatePath !== undefined) {
    for (const alternate of alternates(alternatePath)) {
      tags.push({
        tagName: "link",
        rel: "alternate",
        hrefLang: alternate.locale,
        href: absolute(siteUrl, alternate.path),
      });
    }
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absolute(siteUrl, localizePath(alternatePath, DEFAULT_LOCALE)),
    });
  }
  return tags;
}

const OG_LOCALES: Record<Locale, string> = { en: "en_US", am: "am_ET" };

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; handle?: unknown } | undefined>;
}

/** Reads the site URL the root loader provides, for canonical and share URLs. */
export function siteUrlFrom(args: MetaArgsLike): string {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/** The page's language from the root loader, and its texts from the public layout's handle (0558). */
export function metaLanguage(args: MetaArgsLike): MetaLanguage {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { locale?: Locale; path?: string } | undefined;
  const layoutMatch = args.matches.find((m) => m?.id === PUBLIC_LAYOUT);
  const layout = layoutMatch?.loaderData as { locale?: Locale } | undefined;
  const texts = layoutMatch?.handle as PublicLayoutHandle | undefined;
  return {
    locale: root?.locale ?? DEFAULT_LOCALE,
    path: root?.path,
    t: layout?.locale && texts ? i18nFrom(texts.i18n(layout.locale)).t : undefined,
  };
}

/**
 * A page's meta tags in its language. `seo` may be a function of the page's `t`, for titles from the
 * catalogue: `pageMeta(args, (t) => ({ title: t("notFound.title") }))`.
 */
export function pageMeta(args: MetaArgsLike, seo: PageSeo | ((t: I18n["t"]) => PageSeo)): MetaDescriptor[] {
  const language = metaLanguage(args);
  const t = language.t ?? ((key: string) => key);
  return seoMeta(typeof seo === "function" ? seo(t as I18n["t"]) : seo, siteUrlFrom(args), language);
}

/** A paged list's `<link rel="prev">` and `<link rel="next">`, in the page's language (decision 0725). */
export function listPageLinks(
  args: MetaArgsLike,
  list: { listPath: string; page: number; pageCount: number; locale: Locale },
): MetaDescriptor[] {
  const { listPath, page, pageCount, locale } = list;
  const href = (to: number) => absolute(siteUrlFrom(args), localizePath(pageHref(listPath, to), locale));
  return [
    ...(page > 1 ? [{ tagName: "link", rel: "prev", href: href(page - 1) }] : []),
    ...(page < pageCount ? [{ tagName: "link", rel: "next", href: href(page + 1) }] : []),
  ];
}
