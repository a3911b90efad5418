import { data } from "react-router";
import { appContext } from "#app-context";
import { type Locale, localeOf } from "../../../core/i18n/locale";
import type { Newsletter } from "../../../core/newsletters/newsletters.schema";
import { RichText } from "../../components/site/rich-text";
import { useI18n } from "../../i18n/i18n";
import { formatInstantDate } from "../../lib/dates";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/newsletter-issue";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  try {
    // In the page's language when the newsletter has that version (docs/decisions/0884).
    return { newsletter: await services.newsletters.archived(params.id, localeOf(request)) };
  } catch (error) {
    const notFound = (error as { status?: number } | null)?.status === 404;
    if (!notFound) console.error("newsletter: load failed", error);
    return data({ newsletter: null as (Newsletter & { lang: Locale }) | null }, { status: notFound ? 404 : 500 });
  }
}

export const meta: Route.MetaFunction = (args) => {
  const newsletter = args.loaderData?.newsletter;
  if (!newsletter) return pageMeta(args, (t) => ({ title: t("newsletterPage.notFoundTitle"), noindex: true }));
  return pageMeta(args, {
    title: newsletter.subject,
    description: newsletter.previewText || undefined,
    path: `/newsletter/${newsletter._id}`,
    type: "article",
  });
};

const CONTENT_STYLES =
  "newsletter-blocks mt-8 text-lg leading-relaxed text-ink [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:px-5 [&_blockquote]:italic [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_ul]:list-disc [&_ul]:pl-6";

/** One sent newsletter on the site (the e-mail's "Read it on our website" link). */
export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { newsletter } = loaderData;
  // A newsletter without an Amharic version is shown in English: an Amharic page marks it so.
  const { t, path, locale } = useI18n();
  const lang = newsletter && newsletter.lang !== locale ? newsletter.lang : undefined;
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <a href={path("/newsletter")} className="font-semibold text-brand hover:underline">
        {t("newsletterPage.all")}
      </a>
      {newsletter ? (
        <>
          <h1 className="mt-6 text-3xl font-bold text-ink sm:text-4xl" lang={lang}>
            {newsletter.subject}
          </h1>
          {newsletter.sentAt && (
            <p className="mt-2 text-muted">{formatInstantDate(newsletter.sentAt, "long", locale)}</p>
          )}
          {newsletter.imageUrl && <img src={newsletter.imageUrl} alt="" className="mt-8 w-full rounded-2xl" />}
          <RichText html={newsletter.content} className={CONTENT_STYLES} lang={lang} />
          {newsletter.buttonLabel && newsletter.buttonUrl && (
            <a
              href={newsletter.buttonUrl}
              className="mt-8 inline-flex rounded-full bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-dark"
              lang={lang}
            >
              {newsletter.buttonLabel}
            </a>
          )}
        </>
      ) : (
        <p className="mt-10 text-lg">{t("newsletterPage.notFound")}</p>
      )}
    </article>
  );
}
