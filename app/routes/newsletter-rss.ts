import { appContext } from "#app-context";
import { archiveLink } from "../../core/newsletters/newsletter-email";
import type { Newsletter } from "../../core/newsletters/newsletters.schema";
import { PRODUCT_NAME } from "../lib/seo";
import { escapeXml } from "../lib/xml";
import type { Route } from "./+types/newsletter-rss";

export function renderNewsletterFeed(siteUrl: string, newsletters: Newsletter[]): string {
  const items = newsletters
    .map((n) => {
      const url = archiveLink(siteUrl, n._id);
      return [
        "    <item>",
        `      <title>${escapeXml(n.subject)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <description>${escapeXml(n.previewText)}</description>`,
        `      <pubDate>${new Date(n.sentAt ?? n.updatedAt).toUTCString()}</pubDate>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(PRODUCT_NAME)} — Newsletter</title>
    <link>${escapeXml(`${siteUrl}/newsletter`)}</link>
    <atom:link href="${escapeXml(`${siteUrl}/newsletter/rss.xml`)}" rel="self" type="application/rss+xml"/>
    <description>The newsletters Hope Behind Bars has sent.</description>
    <language>en</language>
${items}
  </channel>
</rss>
`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const body = renderNewsletterFeed(services.config.publicSiteUrl, await services.newsletters.archive());
  return new Response(body, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}
