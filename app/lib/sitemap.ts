import { alternates, DEFAULT_LOCALE, localizePath } from "../../core/i18n/locale";
import type { Services } from "../../server/services";
import { escapeXml } from "./xml";

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/**
 * Sources of record URLs for sitemap.xml (blog posts, …). A feature with public detail pages
 * adds a function here.
 */
export const sitemapSources: Array<(services: Services) => Promise<SitemapEntry[]>> = [
  async (services) =>
    (await services.blogs.sitemapEntries()).map((post) => ({ path: `/blog/${post.id}`, lastModified: post.updatedAt })),
  async (services) => [
    { path: "/newsletter" },
    ...(await services.newsletters.archive()).map((n) => ({
      path: `/newsletter/${n._id}`,
      lastModified: n.sentAt ?? n.updatedAt,
    })),
  ],
];

/**
 * Every page in every language (docs/decisions/0410): one <url> per language, each listing all the
 * languages' versions as xhtml:link alternates (and x-default, the English page).
 */
export function renderSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .flatMap((entry) => {
      const versions = alternates(entry.path);
      const links = [
        ...versions.map(
          (version) =>
            `<xhtml:link rel="alternate" hreflang="${version.locale}" href="${escapeXml(siteUrl + version.path)}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(siteUrl + localizePath(entry.path, DEFAULT_LOCALE))}"/>`,
      ].join("");
      const lastModified = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : "";
      return versions.map(
        (version) => `  <url><loc>${escapeXml(siteUrl + version.path)}</loc>${lastModified}${links}</url>`,
      );
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}
