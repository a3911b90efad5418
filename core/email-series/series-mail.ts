import { renderEmail } from "../email/render-email.ts";
import type { Locale } from "../i18n/locale.ts";
import { sanitizeNewsletterHtml, toEmailHtml, toTextHtml } from "../newsletters/newsletter-html.ts";
import { isNewsletterPicture, type PictureStorage } from "../newsletters/newsletter-pictures.ts";
import type { EmailSeriesStep } from "./email-series.schema.ts";

/** Links to pages of this site are made absolute: an e-mail has no site to be relative to. */
const absolute = (siteUrl: string, html: string) =>
  html.replace(/(href|src)="\//g, (_match, attribute: string) => `${attribute}="${siteUrl}/`);

const FOOTER: Record<Locale, { why: string; unsubscribe: string }> = {
  en: {
    why: "You receive this because you gave to Hope Behind Bars. There are only a few of these e-mails.",
    unsubscribe: "Stop these e-mails",
  },
  am: {
    why: "ይህን የሚቀበሉት ለHope Behind Bars ስለሰጡ ነው። እነዚህ ኢሜይሎች ጥቂት ብቻ ናቸው።",
    unsubscribe: "እነዚህን ኢሜይሎች ያቁሙ",
  },
};

/**
 * One step as an e-mail in one language (docs/decisions/0790-email-series.md): its text is written
 * with the newsletter editor and kept to the newsletter's rules (sanitised the same way, pictures from
 * the newsletter folder), laid out by the one e-mail layout. An Amharic donor gets the English text
 * when the step has no Amharic one. Not transactional: it carries an unsubscribe link.
 */
export async function renderSeriesStep(
  step: EmailSeriesStep,
  locale: Locale,
  context: {
    siteUrl: string;
    storage: PictureStorage;
    /** Whether a picture may be shown now (its consent): the others are left out. */
    mayShow: (src: string) => boolean;
    unsubscribeUrl: string;
    postalAddress: readonly string[];
  },
) {
  const amharic = locale === "am" && step.subjectAm !== "";
  const lang: Locale = amharic ? "am" : "en";
  const subject = amharic ? step.subjectAm : step.subjectEn;
  const content = sanitizeNewsletterHtml(
    amharic ? step.contentAm : step.contentEn,
    (src) => isNewsletterPicture(context.storage, src) && context.mayShow(src),
  );
  const footer = FOOTER[lang];
  return renderEmail({
    lang,
    subject,
    heading: subject,
    intro: [],
    html: absolute(
      context.siteUrl,
      toEmailHtml(content, (image) => image.src),
    ),
    textHtml: absolute(context.siteUrl, toTextHtml(content)),
    footer: [footer.why, ...(context.postalAddress.length > 0 ? [context.postalAddress.join(", ")] : [])],
    footerLinks: [{ label: footer.unsubscribe, url: context.unsubscribeUrl }],
  });
}
