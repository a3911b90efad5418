/** The UTM tags a link carries (docs/decisions/0711-campaign-links-and-qr-codes.md). */
export interface CampaignTags {
  source: string;
  medium: string;
  campaign: string;
}

/** A URL of this site with the tags added (a tag the link already has is kept); other sites' URLs unchanged. */
export function tagSiteUrl(siteUrl: string, url: string, tags: CampaignTags): string {
  if (url !== siteUrl && !url.startsWith(`${siteUrl}/`) && !url.startsWith(`${siteUrl}?`)) return url;
  const parsed = new URL(url);
  const add = (name: string, value: string) => {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, value);
  };
  add("utm_source", tags.source);
  add("utm_medium", tags.medium);
  add("utm_campaign", tags.campaign);
  return parsed.toString();
}

/** Every `href` to this site in a piece of HTML, tagged (attribute values keep their `&amp;`). */
export function tagSiteLinks(siteUrl: string, html: string, tags: CampaignTags): string {
  return html.replace(/href="([^"]*)"/g, (whole, href: string) => {
    const url = href.replaceAll("&amp;", "&");
    const tagged = tagSiteUrl(siteUrl, url, tags);
    return tagged === url ? whole : `href="${tagged.replaceAll("&", "&amp;")}"`;
  });
}
