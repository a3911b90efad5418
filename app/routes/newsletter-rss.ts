import { appContext } from "#app-context";
import { archiveLink, type Newsletter } from "../../core/newsletters/newsletters.schema";
import { PRODUCT_NAME } from "../lib/seo";
import { renderRssFeed, rssResponse } from "../lib/xml";
import type { Route } from "./+types/newsletter-rss";

export function renderNewsletterFeed(siteUrl: string, newsletters: Newsletter[]): string {
  return renderRssFeed({
    title: `${PRODUCT_NAME} — Newsletter`,
    link: `${siteUrl}/newsletter`,
    self: `${siteUrl}/newsletter/rss.xml`,
    description: "The newsletters Hope Behind Bars has sent.",
    items: newsletters.map((n) => ({
      title: n.subject,
      link: archiveLink(siteUrl, n._id),
      description: n.previewText,
      published: n.sentAt ?? n.updatedAt,
    })),
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return rssResponse(renderNewsletterFeed(services.config.publicSiteUrl, await services.newsletters.archive()));
}
