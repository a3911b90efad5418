import { appContext } from "#app-context";
import { localeOf } from "../../../core/i18n/locale";
import { PrivacyPage } from "../../components/site/privacy-page";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/privacy";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const { privacy, contact, englishPaths } = await services.siteContentTranslations.published(localeOf(request));
  return {
    content: privacy,
    contact,
    periods: await services.retention.periods(),
    englishPaths: englishPaths.privacy,
    contactEnglishPaths: englishPaths.contact,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("privacy.eyebrow"), path: "/privacy", description: t("privacy.metaDescription") }));

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <PrivacyPage
      content={loaderData.content}
      contact={loaderData.contact}
      periods={loaderData.periods}
      englishPaths={loaderData.englishPaths}
      contactEnglishPaths={loaderData.contactEnglishPaths}
    />
  );
}
