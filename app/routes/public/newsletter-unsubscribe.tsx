import { NewsletterLinkIsland } from "../../components/forms/newsletter-link";
import { useI18n } from "../../i18n/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: t("newsletterPage.unsubscribeTitle"),
    path: "/newsletter/unsubscribe",
    noindex: true,
  }));

/** Where the newsletter e-mails' unsubscribe links lead (core/subscribers/unsubscribe-token.ts). */
export default function NewsletterUnsubscribe() {
  const { t } = useI18n();
  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t("newsletterPage.unsubscribeHeading")}</h1>
        <NewsletterLinkIsland mode="unsubscribe" />
      </div>
    </section>
  );
}
