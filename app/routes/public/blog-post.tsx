import { data, Link } from "react-router";
import { appContext } from "#app-context";
import type { BlogPost, BlogPostSummary } from "../../../core/blogs/blogs.schema";
import { localeOf } from "../../../core/i18n/locale";
import { fieldLang, type Localised } from "../../../core/translations/translations.schema";
import { ArticleJsonLd } from "../../components/blog/article-json-ld";
import { BackLink, PostArticle } from "../../components/blog/post-article";
import { DonateButton } from "../../components/donation/donate-button";
import { useI18n } from "../../i18n/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/blog-post";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const locale = localeOf(request);
  try {
    const post = await services.translations.localise("blog", await services.blogs.get(params.id), locale);
    // The neighbours as the blog list shows them (newest first); without them the post still shows.
    const near = await services.blogs
      .neighbours(post._id)
      .then(async ({ older, newer }) => {
        const link = async (summary?: BlogPostSummary) => {
          if (!summary) return null;
          const shown = await services.translations.localise("blog", summary, locale);
          return { id: shown._id, title: shown.title, lang: fieldLang(shown, "title") };
        };
        return { older: await link(older), newer: await link(newer) };
      })
      .catch(() => ({ older: null, newer: null }));
    return { post, ...near };
  } catch (error) {
    // By status, not instanceof: the page bundle has its own copy of the error classes.
    const notFound = (error as { status?: number } | null)?.status === 404;
    if (!notFound) console.error("blog post: load failed", error);
    // Spec §8: not found or failed both read 'Post not found.'; the status tells crawlers which.
    return data(
      { post: null as Localised<BlogPost> | null, older: null, newer: null },
      { status: notFound ? 404 : 500 },
    );
  }
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) return pageMeta(args, (t) => ({ title: t("blog.notFoundTitle"), noindex: true }));
  return pageMeta(args, {
    title: post.title,
    description: post.excerpt,
    image: post.imageUrl,
    imageAlt: post.imageAlt,
    path: `/blog/${post._id}`,
    type: "article",
  });
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, older, newer } = loaderData;
  const { t, path } = useI18n();
  if (!post) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
        <h1 className="text-3xl font-bold text-ink">{t("blog.notFound")}</h1>
        <p className="mt-3 text-muted">{t("blog.notFoundText")}</p>
        <div className="mt-8">
          <BackLink />
        </div>
      </section>
    );
  }
  return (
    <>
      <ArticleJsonLd post={post} />
      <PostArticle
        post={post}
        footer={
          <>
            <aside
              aria-labelledby="post-donate-title"
              className="mt-12 rounded-2xl bg-accent-light px-6 py-8 text-center sm:px-10"
            >
              <h2 id="post-donate-title" className="text-2xl font-bold text-ink">
                {t("blog.donateTitle")}
              </h2>
              <p className="mx-auto mt-2 max-w-xl text-muted">{t("blog.donateText")}</p>
              <DonateButton size="lg" className="mt-5">
                {t("header.donateNow")}
              </DonateButton>
            </aside>
            {(older || newer) && (
              <nav aria-label={t("blog.morePosts")} className="mt-10 grid gap-4 sm:grid-cols-2">
                {older && (
                  <Link to={path(`/blog/${older.id}`)} className="rounded-2xl border p-5 hover:border-brand" rel="prev">
                    <span className="block text-sm font-semibold text-muted">
                      <span aria-hidden="true">← </span>
                      {t("blog.previous")}
                    </span>
                    <span className="mt-1 block font-semibold text-brand" lang={older.lang}>
                      {older.title}
                    </span>
                  </Link>
                )}
                {newer && (
                  <Link
                    to={path(`/blog/${newer.id}`)}
                    className="rounded-2xl border p-5 text-right hover:border-brand sm:col-start-2"
                    rel="next"
                  >
                    <span className="block text-sm font-semibold text-muted">
                      {t("blog.next")}
                      <span aria-hidden="true"> →</span>
                    </span>
                    <span className="mt-1 block font-semibold text-brand" lang={newer.lang}>
                      {newer.title}
                    </span>
                  </Link>
                )}
              </nav>
            )}
          </>
        }
      />
    </>
  );
}
