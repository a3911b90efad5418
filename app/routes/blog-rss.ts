import { appContext } from "#app-context";
import type { BlogPostSummary } from "../../core/blogs/blogs.schema";
import { PRODUCT_NAME } from "../lib/seo";
import { renderRssFeed, rssResponse } from "../lib/xml";
import type { Route } from "./+types/blog-rss";

export function renderFeed(siteUrl: string, posts: BlogPostSummary[]): string {
  return renderRssFeed({
    title: `${PRODUCT_NAME} — Blog`,
    link: `${siteUrl}/blog`,
    self: `${siteUrl}/blog/rss.xml`,
    description: "Stories and updates from Hope Behind Bars.",
    items: posts.map((post) => ({
      title: post.title,
      link: `${siteUrl}/blog/${post._id}`,
      description: post.excerpt,
      creator: post.authorName,
      published: post.createdAt,
    })),
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return rssResponse(renderFeed(services.config.publicSiteUrl, await services.blogs.summaries()));
}
