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
    (await services.blogs.summaries()).map((post) => ({ path: `/blog/${post._id}`, lastModified: post.updatedAt })),
  async (services) => [
    { path: "/newsletter" },
    ...(await services.newsletters.archive()).map((n) => ({
      path: `/newsletter/${n._id}`,
      lastModified: n.sentAt ?? n.updatedAt,
    })),
  ],
];

export function renderSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(siteUrl + entry.path)}</loc>${entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
