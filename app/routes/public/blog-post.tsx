import { data, Link } from "react-router";
import { appContext } from "#app-context";
import { POST_NOT_FOUND_MESSAGE } from "../../../core/blogs/blogs.constants";
import type { BlogPost } from "../../../core/blogs/blogs.schema";
import { ArticleJsonLd } from "../../components/blog/article-json-ld";
import { ResponsiveImage } from "../../components/responsive-image";
import { formatInstantDate } from "../../lib/dates";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  try {
    return { post: await services.blogs.get(params.id) };
  } catch (error) {
    // By status, not instanceof: the page bundle has its own copy of the error classes.
    const notFound = (error as { status?: number } | null)?.status === 404;
    if (!notFound) console.error("blog post: load failed", error);
    // Spec §8: not found or failed both read 'Post not found.'; the status tells crawlers which.
    return data({ post: null as BlogPost | null }, { status: notFound ? 404 : 500 });
  }
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) return pageMeta(args, { title: "Post not found", noindex: true });
  return pageMeta(args, {
    title: post.title,
    description: post.excerpt,
    image: post.imageUrl,
    path: `/blog/${post._id}`,
    type: "article",
  });
};

/** The allowed editor markup, styled (the HTML itself was sanitised on the server). */
const CONTENT_STYLES =
  "text-lg leading-relaxed text-ink [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:bg-sand [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote]:italic [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6";

function BackLink() {
  return (
    <Link to="/blog" className="inline-flex items-center gap-1 font-semibold text-brand hover:underline">
      <span aria-hidden="true">←</span> Back to blog
    </Link>
  );
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  if (!post) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
        <h1 className="text-3xl font-bold text-ink">{POST_NOT_FOUND_MESSAGE}</h1>
        <p className="mt-3 text-muted">It may have been removed, or the link may be mistyped.</p>
        <div className="mt-8">
          <BackLink />
        </div>
      </section>
    );
  }
  return (
    <>
      <ArticleJsonLd post={post} />
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <BackLink />
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{post.title}</h1>
        <p className="mt-4 text-muted">
          By{" "}
          {post.authorLinkedin ? (
            <a
              href={post.authorLinkedin}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="font-semibold text-brand hover:underline"
            >
              {post.authorName}
              <span className="sr-only"> on LinkedIn (opens in a new tab)</span>
            </a>
          ) : (
            <span className="font-semibold text-ink">{post.authorName}</span>
          )}
          <span aria-hidden="true"> · </span>
          <time dateTime={post.createdAt}>{formatInstantDate(post.createdAt)}</time>
        </p>
        <div className="mt-8 overflow-hidden rounded-2xl bg-sand">
          <ResponsiveImage
            image={post.image}
            alt=""
            sizes="(min-width: 768px) 720px, 100vw"
            priority
            className="h-auto w-full"
          />
        </div>
        <div
          className={`mt-8 ${CONTENT_STYLES}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with an allowlist on the server (core/blogs/blogs.sanitize.ts)
          dangerouslySetInnerHTML={{ __html: post.content }}
        />
        <div className="mt-12 border-t border-black/10 pt-6">
          <BackLink />
        </div>
      </article>
    </>
  );
}
