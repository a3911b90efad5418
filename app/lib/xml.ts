import { withoutNonXmlCharacters } from "../../core/shared/xml-characters";

/**
 * Text placed in XML (feeds, the sitemap): the five characters XML gives meaning to, escaped, and
 * those it cannot carry at all left out (text stored before they were refused could hold one).
 */
export const escapeXml = (value: string) =>
  withoutNonXmlCharacters(value).replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string,
  );

export interface RssItem {
  title: string;
  /** Absolute; also the item's permanent guid. */
  link: string;
  description: string;
  /** Dublin Core's creator, e.g. a post's author. */
  creator?: string;
  /** An ISO date. */
  published: string;
  /** The item's picture, absolute, with its description ("" when decorative or not described). */
  image?: { url: string; alt: string };
}

export interface RssFeed {
  title: string;
  /** The page the feed follows, absolute. */
  link: string;
  /** The feed's own address, absolute. */
  self: string;
  description: string;
  /** The language of its texts (RSS `<language>`); English when absent. */
  language?: string;
  items: readonly RssItem[];
}

/** Media RSS's picture with its description, which feed readers give as the picture's alt. */
const mediaContent = ({ url, alt }: { url: string; alt: string }) => [
  `      <media:content url="${escapeXml(url)}" medium="image">`,
  `        <media:description type="plain">${escapeXml(alt)}</media:description>`,
  "      </media:content>",
];

/** An RSS 2.0 feed (the blog's and the newsletter archive's), every text escaped. */
export function renderRssFeed(feed: RssFeed): string {
  const items = feed.items
    .map((item) =>
      [
        "    <item>",
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${escapeXml(item.link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
        `      <description>${escapeXml(item.description)}</description>`,
        ...(item.creator === undefined ? [] : [`      <dc:creator>${escapeXml(item.creator)}</dc:creator>`]),
        ...(item.image === undefined ? [] : mediaContent(item.image)),
        `      <pubDate>${new Date(item.published).toUTCString()}</pubDate>`,
        "    </item>",
      ].join("\n"),
    )
    .join("\n");
  const media = feed.items.some((item) => item.image) ? ' xmlns:media="http://search.yahoo.com/mrss/"' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"${media}>
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(feed.link)}</link>
    <atom:link href="${escapeXml(feed.self)}" rel="self" type="application/rss+xml"/>
    <description>${escapeXml(feed.description)}</description>
    <language>${escapeXml(feed.language ?? "en")}</language>
${items}
  </channel>
</rss>
`;
}

/** A feed as the routes answer it: cached ten minutes by browsers and proxies. */
export const rssResponse = (body: string) =>
  new Response(body, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
