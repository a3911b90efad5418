import { appContext } from "#app-context";
import { AboutPage } from "../../components/site/about-page";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const { about } = await context.get(appContext).services.siteContent.published();
  return { content: about };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Who We Are",
    path: "/about",
    description:
      "Our vision, mission and story, how we create change, our values of human rights, openness and partnership, and the team and board behind Hope Behind Bars.",
  });

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage content={loaderData.content} />;
}
