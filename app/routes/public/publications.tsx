import { data } from "react-router";
import { appContext } from "#app-context";
import { localeOf } from "../../../core/i18n/locale";
import type { Publication } from "../../../core/publications/publications.schema";
import { PageHeader } from "../../components/page-header";
import { Pager } from "../../components/pager";
import { PublicationCard } from "../../components/publications/publication-card";
import { useI18n } from "../../i18n/i18n";
import { PUBLIC_PAGE_SIZE, pageAsked, pageCountOf, pageHref } from "../../lib/public-page";
import { listPageLinks, metaLanguage, pageMeta } from "../../lib/seo";
import type { Route } from "./+types/publications";

// A page at a time (docs/decisions/0725): only its rows and a count are read, never the whole list.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const page = pageAsked(request);
  if (page === null) throw data(null, { status: 404 });
  let found: { items: Publication[]; total: number };
  try {
    found = await services.publications.listPage({ page, pageSize: PUBLIC_PAGE_SIZE });
  } catch (error) {
    console.error("publications: list failed", error);
    return { publications: [] as Publication[], page: 1, pageCount: 1 };
  }
  const pageCount = pageCountOf(found.total);
  if (page > pageCount) throw data(null, { status: 404 });
  return {
    publications: await services.translations.localiseMany("publication", found.items, localeOf(request)),
    page,
    pageCount,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const { locale } = metaLanguage(args);
  const { page = 1, pageCount = 1 } = args.loaderData ?? {};
  return [
    ...pageMeta(args, (t) => ({
      title: t("nav.publications"),
      description: t("publications.metaDescription"),
      // Each page is its own page to search engines: its canonical URL keeps its `?page=`.
      path: pageHref("/publications", page),
    })),
    ...listPageLinks(args, { listPath: "/publications", page, pageCount, locale }),
  ];
};

export default function Publications({ loaderData }: Route.ComponentProps) {
  const { publications, page, pageCount } = loaderData;
  const { t } = useI18n();
  return (
    <>
      <PageHeader eyebrow={t("nav.resources")} title={t("nav.publications")}>
        {t("publications.intro")}
      </PageHeader>
      <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        {publications.length === 0 ? (
          <div className="rounded-2xl bg-sand px-6 py-16 text-center">
            <h2 className="text-xl font-bold text-ink">{t("publications.empty")}</h2>
            <p className="mt-2 text-muted">{t("publications.emptyText")}</p>
          </div>
        ) : (
          <ul className="space-y-6">
            {publications.map((publication, index) => (
              <li key={publication._id}>
                <PublicationCard publication={publication} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
        <Pager
          listPath="/publications"
          page={page}
          pageCount={pageCount}
          labels={{ nav: "publications.pages", newer: "publications.newer", older: "publications.older" }}
        />
      </section>
    </>
  );
}
