import { appContext } from "#app-context";
import type { BlogPostSummary } from "../../core/blogs/blogs.schema";
import { PRODUCT_NAME } from "../lib/seo";
import { escapeXml } from "../lib/xml";
import type { Route } from "./+types/blog-rss";

export function renderFeed(siteUrl: string, posts: BlogPostSummary[]): string {
  const items = posts
    .map((post) => {
      const url = `${siteUrl}/blog/${post._id}`;
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <description>${escapeXml(post.excerpt)}</description>`,
        `      <dc:creator>${escapeXml(post.authorName)}</dc:creator>`,
        `      <pubDate>${new Date(post.createdAt).toUTCString()}</pubDate>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(PRODUCT_NAME)} — Blog</title>
    <link>${escapeXml(`${siteUrl}/blog`)}</link>
    <atom:link href="${escapeXml(`${siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
    <description>Stories and updates from Hope Behind Bars.</description>
    <language>en</language>
${items}
  </channel>
</rss>
`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const body = renderFeed(services.config.publicSiteUrl, await services.blogs.summaries());
  return new Response(body, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}
