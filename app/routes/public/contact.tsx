import { appContext } from "#app-context";
import { localeOf } from "../../../core/i18n/locale";
import { CONTACT_FAILED, CONTACT_FIELDS } from "../../components/forms/contact-form";
import { ContactPage } from "../../components/site/contact-page";
import { replyFor } from "../../lib/form-reply";
import { handlePublicForm } from "../../lib/public-form.server";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/contact";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { contact, englishPaths } = await context
    .get(appContext)
    .services.siteContentTranslations.published(localeOf(request));
  return { content: contact, englishPaths: englishPaths.contact };
}

/** The message form posted before the page's JavaScript ran (decision 0430): the API's service, this page again. */
export async function action(args: Route.ActionArgs) {
  const { messages } = args.context.get(appContext).services;
  return handlePublicForm(args, {
    form: "contact",
    fields: CONTACT_FIELDS,
    failure: CONTACT_FAILED,
    submit: (input) => messages.send(input),
  });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("contact.title"), description: t("contact.metaDescription"), path: "/contact" }));

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContactPage
      content={loaderData.content}
      englishPaths={loaderData.englishPaths}
      reply={replyFor(actionData, "contact")}
    />
  );
}
