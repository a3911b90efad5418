import { data } from "react-router";
import { appContext } from "#app-context";
import { POST_NOT_FOUND_MESSAGE } from "../../../core/blogs/blogs.constants";
import type { BlogPost } from "../../../core/blogs/blogs.schema";
import { ArticleJsonLd } from "../../components/blog/article-json-ld";
import { BackLink, PostArticle } from "../../components/blog/post-article";
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
      <PostArticle post={post} />
    </>
  );
}
