import { appContext } from "#app-context";
import { ContactPage } from "../../components/site/contact-page";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/contact";

export async function loader({ context }: Route.LoaderArgs) {
  const { contact } = await context.get(appContext).services.siteContent.published();
  return { content: contact };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact Us",
    description:
      "Write to Hope Behind Bars in Addis Ababa: partner with us, visit our office, or ask how to support incarcerated women and their children.",
    path: "/contact",
  });

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactPage content={loaderData.content} />;
}
