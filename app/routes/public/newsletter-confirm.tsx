import { NewsletterLinkIsland } from "../../components/forms/newsletter-link";
import { useI18n } from "../../i18n/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("newsletterPage.confirmTitle"), path: "/newsletter/confirm", noindex: true }));

/** Where the newsletter e-mails' confirm links lead (core/subscribers/unsubscribe-token.ts). */
export default function NewsletterConfirm() {
  const { t } = useI18n();
  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t("newsletterPage.subscription")}</h1>
        <NewsletterLinkIsland mode="confirm" />
      </div>
    </section>
  );
}
