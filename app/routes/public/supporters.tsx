import { data } from "react-router";
import { appContext } from "#app-context";
import type { Supporter } from "../../../core/donations/tributes.service";
import { isFundId } from "../../../core/funds/funds.schema";
import { PageHeader } from "../../components/page-header";
import { Pager } from "../../components/pager";
import { useI18n } from "../../i18n/i18n";
import { PUBLIC_PAGE_SIZE, pageAsked, pageCountOf, pageHref } from "../../lib/public-page";
import { listPageLinks, metaLanguage, pageMeta } from "../../lib/seo";
import type { Route } from "./+types/supporters";

/**
 * The donor wall (docs/decisions/0781-donor-wall.md): donors who agreed to be named and whose gift
 * is paid, once staff approved them, newest first, a page at a time; `?fund=` narrows it to one need.
 * Names and messages are plain text: React escapes them, nothing is ever read as HTML.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const page = pageAsked(request);
  if (page === null) throw data(null, { status: 404 });
  const asked = new URL(request.url).searchParams.get("fund");
  const fund = asked && isFundId(asked) ? asked : undefined;
  const found = await services.donorWall.supporters({ page, pageSize: PUBLIC_PAGE_SIZE, fund });
  const pageCount = pageCountOf(found.total);
  if (page > pageCount) throw data(null, { status: 404 });
  return { supporters: found.items, page, pageCount, fund: fund ?? null };
}

/** The wall's address, keeping the one need it is narrowed to: every page link carries it. */
const listPathOf = (fund: string | null) => (fund ? `/supporters?fund=${fund}` : "/supporters");

export const meta: Route.MetaFunction = (args) => {
  const { locale } = metaLanguage(args);
  const { page = 1, pageCount = 1, fund = null } = args.loaderData ?? {};
  const listPath = listPathOf(fund);
  return [
    ...pageMeta(args, (t) => ({
      title: t("supporters.title"),
      description: t("supporters.metaDescription"),
      path: pageHref(listPath, page),
    })),
    ...listPageLinks(args, { listPath, page, pageCount, locale }),
  ];
};

function SupporterCard({ supporter }: { supporter: Supporter }) {
  const { t } = useI18n();
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <p className="font-semibold text-ink">{supporter.name ?? t("supporters.anonymous")}</p>
      {supporter.message ? <p className="mt-2 whitespace-pre-line break-words text-ink">{supporter.message}</p> : null}
    </li>
  );
}

export default function Supporters({ loaderData }: Route.ComponentProps) {
  const { supporters, page, pageCount, fund } = loaderData;
  const { t } = useI18n();
  return (
    <>
      <PageHeader eyebrow={t("supporters.eyebrow")} title={t("supporters.title")}>
        {t("supporters.intro")}
      </PageHeader>
      <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        {supporters.length === 0 ? (
          <p className="rounded-2xl bg-sand px-6 py-16 text-center text-lg font-semibold text-ink">
            {t("supporters.empty")}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-donor-wall="">
            {supporters.map((supporter, index) => (
              // Entries carry no id on the public page: the position on the page is their key.
              // biome-ignore lint/suspicious/noArrayIndexKey: a stable order, newest first
              <SupporterCard key={index} supporter={supporter} />
            ))}
          </ul>
        )}
        <Pager
          listPath={listPathOf(fund)}
          page={page}
          pageCount={pageCount}
          labels={{ nav: "supporters.pages", newer: "supporters.newer", older: "supporters.older" }}
        />
      </section>
    </>
  );
}
