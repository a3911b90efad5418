import { data } from "react-router";
import { ButtonLink } from "../../components/button-link";
import { useI18n } from "../../i18n/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("notFound.title"), noindex: true }));

export default function NotFound() {
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-28 text-center">
      <p className="text-6xl font-extrabold text-brand">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t("notFound.heading")}</h1>
      <p className="mt-3 text-muted">{t("notFound.text")}</p>
      <ButtonLink to="/" className="mt-8">
        {t("notFound.home")}
      </ButtonLink>
    </section>
  );
}
