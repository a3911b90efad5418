import { useRouteLoaderData } from "react-router";
import type { BlogPost } from "../../../core/blogs/blogs.schema";
import { PRODUCT_NAME } from "../../lib/seo";

interface RootData {
  siteUrl: string;
}

/** Inside a <script>, "</script>" or "<!--" in a title must not end the block early. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * schema.org Article data for search engines. A data block, not a script: browsers never run it, so
 * CSP does not apply and it needs no nonce (the page stays the same bytes for every visitor).
 */
export function ArticleJsonLd({ post }: { post: BlogPost }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const siteUrl = root?.siteUrl ?? "";
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${siteUrl}${path}`);
  const data = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.excerpt,
    image: [absolute(post.imageUrl)],
    datePublished: post.createdAt,
    dateModified: post.updatedAt,
    author: { "@type": "Person", name: post.authorName, ...(post.authorLinkedin ? { url: post.authorLinkedin } : {}) },
    publisher: {
      "@type": "Organization",
      name: PRODUCT_NAME,
      logo: { "@type": "ImageObject", url: absolute("/favicon.svg") },
    },
    mainEntityOfPage: absolute(`/blog/${post._id}`),
  };
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped cannot leave the script
      dangerouslySetInnerHTML={{ __html: safeJson(data) }}
    />
  );
}
