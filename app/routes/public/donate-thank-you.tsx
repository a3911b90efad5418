import { data } from "react-router";
import { appContext } from "#app-context";
import { receiptView } from "../../../core/donations/donations.schema";
import { localeOf } from "../../../core/i18n/locale";
import { ButtonLink } from "../../components/button-link";
import { DonationReceiptIsland } from "../../components/donation/donation-receipt";
import { useI18n } from "../../i18n/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/donate-thank-you";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  // Amount and frequency come from our records for this session, never from the address bar.
  const receipt = await services.donations.receiptOnReturn(sessionId);
  if (!receipt) return data({ receipt: null, sessionId, message: undefined }, { status: 404 });
  // The fund's thank-you message staff wrote (docs/decisions/0840), in the page's language.
  const message = receipt.fundId ? await services.funds.thankYouMessage(receipt.fundId, localeOf(request)) : undefined;
  return { receipt: receiptView(receipt, { sendsEmail: services.email.enabled }), sessionId, message };
}

/** Per-donor content: never cached (overrides the public layout's page cache opt-in). */
export const headers = () => ({ "cache-control": "no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("thankYou.title"), path: "/donate/thank-you", noindex: true }));

export default function DonateThankYou({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <DonationReceiptIsland receipt={loaderData.receipt} sessionId={loaderData.sessionId} />
        {loaderData.message && (
          <figure className="mt-10 rounded-2xl bg-white p-6 text-left shadow-sm sm:p-8">
            <figcaption className="text-sm font-semibold text-brand">{t("thankYou.message")}</figcaption>
            {/* Plain text as staff typed it: escaped by React, line breaks kept. */}
            <blockquote
              lang={loaderData.message.english ? "en" : undefined}
              className="mt-3 whitespace-pre-line text-lg text-ink"
            >
              {loaderData.message.text}
            </blockquote>
          </figure>
        )}
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/" size="lg">
            {t("thankYou.home")}
          </ButtonLink>
          <ButtonLink to="/contact" size="lg" variant="secondary">
            {t("thankYou.contact")}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
