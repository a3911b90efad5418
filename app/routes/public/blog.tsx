import { appContext } from "#app-context";
import type { BlogPostSummary } from "../../../core/blogs/blogs.schema";
import { localeOf, localizePath } from "../../../core/i18n/locale";
import { PostCard } from "../../components/blog/post-card";
import { PageHeader } from "../../components/page-header";
import { useI18n } from "../../i18n/i18n";
import { metaLanguage, pageMeta } from "../../lib/seo";
import type { Route } from "./+types/blog";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  try {
    const posts = await services.blogs.summaries();
    return { posts: await services.translations.localiseMany("blog", posts, localeOf(request)) };
  } catch (error) {
    // Spec §8: a failed fetch shows the empty state, not an error page.
    console.error("blog: list failed", error);
    return { posts: [] as BlogPostSummary[] };
  }
}

// The feed of the page's own language, named in it (blog-rss.ts).
export const meta: Route.MetaFunction = (args) => {
  const { locale, t } = metaLanguage(args);
  return [
    ...pageMeta(args, (t) => ({ title: t("nav.blog"), description: t("blog.metaDescription"), path: "/blog" })),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: t ? t("blog.rssTitle") : "Hope Behind Bars blog",
      href: localizePath("/blog/rss.xml", locale),
    },
  ];
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  const { t } = useI18n();
  return (
    <>
      <PageHeader eyebrow={t("nav.resources")} title={t("nav.blog")}>
        {t("blog.intro")}
      </PageHeader>
      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        {posts.length === 0 ? (
          <div className="rounded-2xl bg-sand px-6 py-16 text-center">
            <h2 className="text-xl font-bold text-ink">{t("blog.empty")}</h2>
            <p className="mt-2 text-muted">{t("blog.emptyText")}</p>
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <li key={post._id}>
                <PostCard post={post} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
