import { NewsletterLinkIsland } from "../../components/forms/newsletter-link";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Unsubscribe", path: "/newsletter/unsubscribe", noindex: true });

/** Where the newsletter e-mails' unsubscribe links lead (core/subscribers/unsubscribe-token.ts). */
export default function NewsletterUnsubscribe() {
  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">Unsubscribe from the newsletter</h1>
        <NewsletterLinkIsland mode="unsubscribe" />
      </div>
    </section>
  );
}
