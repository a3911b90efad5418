import { renderEmail } from "../email/render-email.ts";
import { isLocale, type Locale, localizePath } from "../i18n/locale.ts";
import { message } from "../i18n/messages.ts";
import { formatMoney } from "../money/money.ts";
import type { TributeKind } from "./donations.schema.ts";

/** The charity's picture at the top of the card (a file the site ships, so it is always there). */
export const TRIBUTE_CARD_IMAGE = "/images/hero-families-640.jpg";

/** "In memory of Abebe" / "In honour of Almaz", in the language asked for. */
export function tributeLine(tribute: { kind: string; name: string }, locale: Locale = "en"): string {
  return message(locale, tribute.kind === "memory" ? "tribute.inMemory" : "tribute.inHonour", { name: tribute.name });
}

/**
 * The card the person the donor named receives when the gift is paid (docs/decisions/0780), in the
 * donor's language. It names the amount only when the donor asked it to; it is one e-mail about one
 * gift, so it carries no unsubscribe link, and says it will not be followed by others.
 */
export function tributeCardMail(card: {
  kind: TributeKind;
  name: string;
  notifyName: string | null;
  donorName: string | null;
  showAmount: boolean;
  amountCents: number;
  currency: string;
  locale: string | null;
  siteUrl: string;
}) {
  const locale: Locale = isLocale(card.locale) ? card.locale : "en";
  const t = (key: Parameters<typeof message>[1], values?: Record<string, string>) => message(locale, key, values);
  const donor = card.donorName?.trim() || t("tributeEmail.someone");
  const memory = card.kind === "memory";
  const intro = [
    ...(card.notifyName ? [t("tributeEmail.dear", { name: card.notifyName })] : []),
    t(memory ? "tributeEmail.gaveMemory" : "tributeEmail.gaveHonour", { donor, name: card.name }),
    ...(card.showAmount ? [t("tributeEmail.amount", { amount: formatMoney(card.amountCents, card.currency) })] : []),
  ];
  return renderEmail({
    lang: locale,
    subject: t(memory ? "tributeEmail.subjectMemory" : "tributeEmail.subjectHonour", { name: card.name }),
    preview: t("tributeEmail.preview", { donor }),
    image: { url: `${card.siteUrl}${TRIBUTE_CARD_IMAGE}`, alt: "" },
    heading: tributeLine(card, locale),
    intro,
    body: [t("tributeEmail.what")],
    action: { label: t("tributeEmail.visit"), url: `${card.siteUrl}${localizePath("/impact", locale)}` },
    footer: [t("tributeEmail.why", { donor })],
  });
}
