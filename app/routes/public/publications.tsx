import { appContext } from "#app-context";
import { localeOf } from "../../../core/i18n/locale";
import type { Publication } from "../../../core/publications/publications.schema";
import { PageHeader } from "../../components/page-header";
import { PublicationCard } from "../../components/publications/publication-card";
import { useI18n } from "../../i18n/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/publications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  try {
    const publications = await services.publications.list();
    return { publications: await services.translations.localiseMany("publication", publications, localeOf(request)) };
  } catch (error) {
    console.error("publications: list failed", error);
    return { publications: [] as Publication[] };
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: t("nav.publications"),
    description: t("publications.metaDescription"),
    path: "/publications",
  }));

export default function Publications({ loaderData }: Route.ComponentProps) {
  const { publications } = loaderData;
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
      </section>
    </>
  );
}
