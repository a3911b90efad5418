import { appContext } from "#app-context";
import { localeOf } from "../../../core/i18n/locale";
import {
  NEWSLETTER_SIGNUP_ANCHOR,
  NewsletterFormIsland,
  SUBSCRIBE_FAILED,
} from "../../components/forms/newsletter-form";
import { useI18n } from "../../i18n/i18n";
import { formatInstantDate } from "../../lib/dates";
import { replyFor } from "../../lib/form-reply";
import { handlePublicForm } from "../../lib/public-form.server";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/newsletter-archive";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  // Each in the page's language when it has that version (docs/decisions/0884).
  const newsletters = await services.newsletters.archive(localeOf(request));
  return {
    confirmByEmail: services.subscribers.doubleOptIn,
    newsletters: newsletters.map(({ _id, subject, previewText, sentAt, lang }) => ({
      _id,
      subject,
      previewText,
      sentAt,
      lang,
    })),
  };
}

/**
 * The footer's sign-up posted from any page before its JavaScript ran (decision 0430): the API's
 * service, then this page with the form again at the top, saying how it went.
 */
export async function action(args: Route.ActionArgs) {
  const { subscribers } = args.context.get(appContext).services;
  return handlePublicForm(args, {
    form: "newsletter",
    fields: ["email"],
    failure: SUBSCRIBE_FAILED,
    input: ({ email = "" }) => ({ email: email.trim() }),
    submit: (input) => subscribers.subscribe(input, localeOf(args.request)),
  });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: t("newsletterPage.archive"),
    description: t("newsletterPage.archiveDescription"),
    path: "/newsletter",
  }));

/** The public archive of sent newsletters (staff can leave one out), with an RSS feed. */
export default function NewsletterArchive({ loaderData, actionData }: Route.ComponentProps) {
  const { newsletters, confirmByEmail } = loaderData;
  // A newsletter without an Amharic version is listed in English: an Amharic page marks it so.
  const { t, rich, path, locale } = useI18n();
  const reply = replyFor(actionData, "newsletter");
  return (
    <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      {reply ? (
        <div id={NEWSLETTER_SIGNUP_ANCHOR} className="on-dark mb-10 rounded-2xl bg-brand p-6 text-white">
          <h2 className="text-xl font-bold">{t("newsletterSignup.heading")}</h2>
          <NewsletterFormIsland reply={reply} idPrefix="signup" confirmByEmail={confirmByEmail} />
        </div>
      ) : null}
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t("newsletterPage.archive")}</h1>
      <p className="mt-3 text-lg text-muted">
        {rich("newsletterPage.archiveIntro", {
          feed: (
            <a href="/newsletter/rss.xml" className="font-medium text-brand underline">
              {t("newsletterPage.rss")}
            </a>
          ),
        })}
      </p>
      {newsletters.length === 0 ? (
        <p className="mt-10 text-muted">{t("newsletterPage.none")}</p>
      ) : (
        <ul className="mt-10 divide-y">
          {newsletters.map((n) => (
            <li key={n._id} className="py-5">
              <a
                href={path(`/newsletter/${n._id}`)}
                className="text-xl font-semibold text-brand hover:underline"
                lang={n.lang === locale ? undefined : n.lang}
              >
                {n.subject}
              </a>
              {n.sentAt && <p className="mt-1 text-sm text-muted">{formatInstantDate(n.sentAt, "long", locale)}</p>}
              {n.previewText && (
                <p className="mt-2 text-ink" lang={n.lang === locale ? undefined : n.lang}>
                  {n.previewText}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
