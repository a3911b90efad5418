import { appContext } from "#app-context";
import type { BlogPostSummary } from "../../core/blogs/blogs.schema";
import { type Locale, localeOf, localizePath } from "../../core/i18n/locale";
import { message } from "../../core/i18n/messages";
import { renderRssFeed, rssResponse } from "../lib/xml";
import type { Route } from "./+types/blog-rss";

/**
 * The blog's RSS feed in a language (docs/decisions/0507): `/blog/rss.xml` in English, as it always
 * was, and `/am/blog/rss.xml` with each post's Amharic title and excerpt where staff wrote one (the
 * English otherwise) and links to the Amharic pages. Each blog page links to its own language's feed.
 */
/** The newest posts a feed carries: what a reader checks for, not the archive. */
const FEED_POSTS = 50;

function renderFeed(siteUrl: string, posts: BlogPostSummary[], locale: Locale = "en"): string {
  const url = (path: string) => `${siteUrl}${localizePath(path, locale)}`;
  return renderRssFeed({
    title: message(locale, "blog.feedTitle"),
    link: url("/blog"),
    self: url("/blog/rss.xml"),
    description: message(locale, "blog.feedDescription"),
    language: locale,
    items: posts.map((post) => ({
      title: post.title,
      link: url(`/blog/${post._id}`),
      description: post.excerpt,
      creator: post.authorName,
      published: post.createdAt,
      image: { url: post.imageUrl.startsWith("/") ? `${siteUrl}${post.imageUrl}` : post.imageUrl, alt: post.imageAlt },
    })),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const locale = localeOf(request);
  const posts = await services.translations.localiseMany("blog", await services.blogs.latest(FEED_POSTS), locale);
  return rssResponse(renderFeed(services.config.publicSiteUrl, posts, locale));
}
