import type { EmailContent } from "../email/render-email.ts";
import type { Locale } from "../i18n/locale.ts";
import { message } from "../i18n/messages.ts";
import type { LinkPurpose } from "../single-use-links/single-use-links.ts";
import { deletePendingAmong } from "./subscribers.repository.ts";

/** A confirmation link is for a subscriber (their id); a new one replaces the last. */
export const CONFIRMATION_LINKS: LinkPurpose = {
  name: "newsletter-confirmation",
  /** How long a confirmation link works; an address still pending after that is removed. */
  lifetimeMs: 7 * 24 * 60 * 60 * 1000,
  uses: 1,
  /** A second click on Subscribe within ten minutes sends no second e-mail. */
  perAddress: { max: 1, windowMs: 10 * 60 * 1000 },
  replacesEarlier: true,
  /** Pending addresses whose link ran out never consented, so they are not kept. */
  whenExpired: deletePendingAmong,
};

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
