import { data } from "react-router";
import { appContext } from "#app-context";
import type { BlogPostSummary } from "../../../core/blogs/blogs.schema";
import { localeOf, localizePath } from "../../../core/i18n/locale";
import { PostCard } from "../../components/blog/post-card";
import { PageHeader } from "../../components/page-header";
import { Pager } from "../../components/pager";
import { useI18n } from "../../i18n/i18n";
import { PUBLIC_PAGE_SIZE, pageAsked, pageCountOf, pageHref } from "../../lib/public-page";
import { listPageLinks, metaLanguage, pageMeta } from "../../lib/seo";
import type { Route } from "./+types/blog";

// A page at a time (docs/decisions/0725): only its rows and a count are read, never the whole list.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const page = pageAsked(request);
  if (page === null) throw data(null, { status: 404 });
  let found: { items: BlogPostSummary[]; total: number };
  try {
    found = await services.blogs.summariesPage({ page, pageSize: PUBLIC_PAGE_SIZE });
  } catch (error) {
    // Spec §8: a failed fetch shows the empty state, not an error page.
    console.error("blog: list failed", error);
    return { posts: [] as BlogPostSummary[], page: 1, pageCount: 1 };
  }
  const pageCount = pageCountOf(found.total);
  // A page past the last is a page that does not exist (an old link after posts were removed).
  if (page > pageCount) throw data(null, { status: 404 });
  return {
    posts: await services.translations.localiseMany("blog", found.items, localeOf(request)),
    page,
    pageCount,
  };
}

// The feed of the page's own language, named in it (blog-rss.ts).
export const meta: Route.MetaFunction = (args) => {
  const { locale, t } = metaLanguage(args);
  const { page = 1, pageCount = 1 } = args.loaderData ?? {};
  return [
    ...pageMeta(args, (t) => ({
      title: t("nav.blog"),
      description: t("blog.metaDescription"),
      // Each page is its own page to search engines: its canonical URL keeps its `?page=`.
      path: pageHref("/blog", page),
    })),
    ...listPageLinks(args, { listPath: "/blog", page, pageCount, locale }),
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
  const { posts, page, pageCount } = loaderData;
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
        <Pager
          listPath="/blog"
          page={page}
          pageCount={pageCount}
          labels={{ nav: "blog.pages", newer: "blog.newerPosts", older: "blog.olderPosts" }}
        />
      </section>
    </>
  );
}
