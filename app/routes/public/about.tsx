import { appContext } from "#app-context";
import { localeOf } from "../../../core/i18n/locale";
import { AboutPage } from "../../components/site/about-page";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/about";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { about, englishPaths } = await context
    .get(appContext)
    .services.siteContentTranslations.published(localeOf(request));
  return { content: about, englishPaths: englishPaths.about };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("nav.whoWeAre"), path: "/about", description: t("about.metaDescription") }));

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage content={loaderData.content} englishPaths={loaderData.englishPaths} />;
}
