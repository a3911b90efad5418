import { renderEmail } from "../email/render-email.ts";
import { isLocale, type Locale, localizePath } from "../i18n/locale.ts";
import { message } from "../i18n/messages.ts";
import { formatMoney } from "../money/money.ts";

/**
 * The e-mail a monthly donor gets when a payment failed (docs/decisions/0700), in the language they
 * gave in. Transactional (about their own gift), so no unsubscribe link; the card is updated on the
 * provider's page the link opens, never on ours.
 */
export function paymentFailedMail(notice: {
  locale: string | null;
  amountCents: number;
  currency: string;
  updateCardUrl: string;
  siteUrl: string;
}) {
  const locale: Locale = isLocale(notice.locale) ? notice.locale : "en";
  const t = (key: Parameters<typeof message>[1], values?: Record<string, string>) => message(locale, key, values);
  const amount = formatMoney(notice.amountCents, notice.currency);
  return renderEmail({
    lang: locale,
    subject: t("failedEmail.subject"),
    preview: t("failedEmail.preview"),
    heading: t("failedEmail.heading"),
    intro: [t("failedEmail.declined", { amount }), t("failedEmail.retry")],
    action: { label: t("failedEmail.update"), url: notice.updateCardUrl },
    footer: [
      t("failedEmail.stop", { url: `${notice.siteUrl}${localizePath("/giving", locale)}` }),
      t("failedEmail.why"),
    ],
  });
}
