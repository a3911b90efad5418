import type { EmailContent } from "../email/render-email.ts";
import type { Locale } from "../i18n/locale.ts";
import { message } from "../i18n/messages.ts";

/** How long a confirmation link works; an address still pending after that is removed. */
export const CONFIRM_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A second click on Subscribe within this time sends no second e-mail. */
export const CONFIRM_RESEND_AFTER_MS = 10 * 60 * 1000;

/** The confirmation e-mail in the language of the page the address was given on (decision 0507). */
export function confirmationMail(url: string, locale: Locale = "en"): EmailContent {
  const t = (key: Parameters<typeof message>[1]) => message(locale, key);
  return {
    lang: locale,
    subject: t("subscribeEmail.subject"),
    preview: t("subscribeEmail.preview"),
    heading: t("subscribeEmail.heading"),
    intro: [t("subscribeEmail.asked")],
    action: { label: t("subscribeEmail.confirm"), url },
    footer: [t("subscribeEmail.once")],
  };
}
