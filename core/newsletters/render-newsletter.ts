import { type CampaignTags, tagSiteLinks, tagSiteUrl } from "../campaigns/campaign-tags.ts";
import { slugOf } from "../campaigns/campaigns.schema.ts";
import type { QueuedEmail } from "../email/email.service.ts";
import { type RenderedEmail, renderEmail } from "../email/render-email.ts";
import type { Locale } from "../i18n/locale.ts";
import { message } from "../i18n/messages.ts";
import type { newsletterLinks } from "../subscribers/unsubscribe-token.ts";
import { imagesOf, sanitizeNewsletterHtml, toEmailHtml, toTextHtml } from "./newsletter-html.ts";
import { choosePictures, isNewsletterPicture, type PictureStorage } from "./newsletter-pictures.ts";
import { archiveLink, type Newsletter, versionFor } from "./newsletters.schema.ts";

type Links = ReturnType<typeof newsletterLinks>;
type MessageKey = Parameters<typeof message>[1];

/** Stands for each recipient's unsubscribe token in the e-mail rendered once per send. */
const TOKEN_PLACEHOLDER = "UNSUBSCRIBE-TOKEN-PLACEHOLDER";

/** Links to pages of this site are made absolute: an e-mail has no site to be relative to. */
const absolute = (siteUrl: string, url: string) => (url.startsWith("/") ? `${siteUrl}${url}` : url);
const absoluteLinks = (siteUrl: string, html: string) => html.replace(/href="\//g, `href="${siteUrl}/`);

/**
 * Every link of a newsletter to the site carries its campaign, so Insight shows what each issue
 * brought: `newsletter-<its subject as a slug>` (its id's start when the subject has no Latin letters).
 */
export function newsletterTags(newsletter: Pick<Newsletter, "_id" | "subject">): CampaignTags {
  const slug = slugOf(newsletter.subject);
  return {
    source: "newsletter",
    medium: "email",
    campaign: `newsletter-${slug === "campaign" ? newsletter._id.slice(0, 8) : slug}`,
  };
}

export interface NewsletterRender {
  email: RenderedEmail;
  /** Pictures left out because none of their files exists yet (see choosePictures). */
  missingPictures: string[];
}

/**
 * The newsletter as an e-mail, rendered once per send (HTML and text), with a placeholder for each
 * recipient's links. Pictures are the files that exist in storage now, at absolute URLs; buttons are
 * table buttons in HTML and "Label: URL" lines in the text. The foot carries the organisation's
 * postal address (the e-mail laws of most donor countries ask for it; docs/decisions/0753).
 * For readers of `locale`: its version (the Amharic one, when there is one, for Amharic readers) with
 * the foot and the unsubscribe and archive pages in its language (docs/decisions/0884).
 */
export async function renderNewsletter(
  newsletter: Newsletter,
  siteUrl: string,
  links: Links,
  storage: PictureStorage,
  postalAddress: readonly string[],
  {
    notice,
    locale = "en",
  }: {
    /**
     * Written to people who are not (all) subscribers, as the law asks (a breach's notice,
     * docs/decisions/0861): this foot (a catalogue message, in the version's language) instead of the
     * subscriber's, and no unsubscribe or archive link.
     */
    notice?: { footer: MessageKey } | undefined;
    locale?: Locale;
  } = {},
): Promise<NewsletterRender> {
  const version = versionFor(newsletter, locale);
  const t = (key: MessageKey) => message(version.lang, key);
  const content = sanitizeNewsletterHtml(version.content, (src) => isNewsletterPicture(storage, src));
  const pictures = await choosePictures(storage, siteUrl, imagesOf(content));
  // Both versions carry the English subject's campaign: Insight counts the issue once.
  const tags = newsletterTags(newsletter);
  const siteLinks = (html: string) => tagSiteLinks(siteUrl, absoluteLinks(siteUrl, html), tags);
  const email = await renderEmail({
    lang: version.lang,
    subject: version.subject,
    ...(version.previewText ? { preview: version.previewText } : {}),
    heading: version.subject,
    intro: [],
    html: siteLinks(toEmailHtml(content, (image) => pictures.urls.get(image.src))),
    textHtml: siteLinks(toTextHtml(content)),
    ...(newsletter.imageUrl ? { image: { url: absolute(siteUrl, newsletter.imageUrl), alt: "" } } : {}),
    ...(version.buttonLabel && newsletter.buttonUrl
      ? {
          action: {
            label: version.buttonLabel,
            url: tagSiteUrl(siteUrl, absolute(siteUrl, newsletter.buttonUrl), tags),
          },
        }
      : {}),
    footer: [
      t(notice?.footer ?? "newsletterEmail.why"),
      ...(postalAddress.length > 0 ? [postalAddress.join(", ")] : []),
    ],
    footerLinks: notice
      ? []
      : [
          { label: t("newsletterEmail.unsubscribe"), url: links.unsubscribePage(TOKEN_PLACEHOLDER, version.lang) },
          ...(newsletter.inArchive
            ? [
                {
                  label: t("newsletterEmail.onSite"),
                  url: tagSiteUrl(siteUrl, archiveLink(siteUrl, newsletter._id, version.lang), tags),
                },
              ]
            : []),
        ],
  });
  return { email, missingPictures: pictures.missing.map((image) => image.src) };
}

/**
 * One recipient's copy: their unsubscribe links in the body, and RFC 8058's headers, so mail clients
 * show an Unsubscribe button that works with one POST.
 */
export function forRecipient(rendered: RenderedEmail, token: string, links: Links): QueuedEmail {
  const fill = (text: string) => text.replaceAll(TOKEN_PLACEHOLDER, token);
  return {
    subject: rendered.subject,
    text: fill(rendered.text),
    ...(rendered.html ? { html: fill(rendered.html) } : {}),
    headers: {
      "List-Unsubscribe": `<${links.oneClick(token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
