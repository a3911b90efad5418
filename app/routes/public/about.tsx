import { appContext } from "#app-context";
import { AboutPage } from "../../components/site/about-page";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const { about } = await context.get(appContext).services.siteContent.published();
  return { content: about };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("nav.whoWeAre"), path: "/about", description: t("about.metaDescription") }));

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage content={loaderData.content} />;
}
