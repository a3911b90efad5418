import sanitizeHtml from "sanitize-html";
import { POST_HTML_OPTIONS } from "../blogs/blogs.sanitize.ts";

/**
 * A newsletter's text: the blog editor's HTML plus two blocks of its own (docs/decisions/0480):
 *
 * - a **picture** uploaded through the media pipeline: `<img src alt width height>`, whose `src` is
 *   one of the site's own newsletter uploads (any other picture is removed);
 * - a **button**: `<p data-button=""><a href="https://…">Label</a></p>`; the marker is kept only on
 *   exactly that shape with an https link, anything else stays (or becomes) an ordinary paragraph.
 *
 * Sanitised on the way in and whenever it is rendered, like a post.
 */

/** Is this `src` one of the site's own newsletter pictures (storage.keyOf says so)? */
export type OwnImage = (src: string) => boolean;

const BUTTON_SHAPE = /^<a href="https:\/\/[^"]+" target="_blank" rel="[^"]*">[^<]+<\/a>$/;
const pixels = (value: string | undefined) => (value && /^\d{1,5}$/.test(value) ? value : undefined);

export function sanitizeNewsletterHtml(html: string, ownImage: OwnImage): string {
  const clean = sanitizeHtml(html, {
    ...POST_HTML_OPTIONS,
    allowedTags: [...(POST_HTML_OPTIONS.allowedTags as string[]), "img"],
    allowedAttributes: {
      ...POST_HTML_OPTIONS.allowedAttributes,
      img: ["src", "alt", "width", "height"],
      p: ["data-button"],
    },
    allowedSchemesByTag: { img: ["https"] },
    allowedSchemesAppliedToAttributes: ["href", "src"],
    transformTags: {
      ...POST_HTML_OPTIONS.transformTags,
      img: (tagName, attribs) => {
        const width = pixels(attribs.width);
        const height = pixels(attribs.height);
        return {
          tagName,
          attribs: {
            src: attribs.src ?? "",
            alt: attribs.alt ?? "",
            ...(width && height ? { width, height } : {}),
          },
        };
      },
      p: (tagName, attribs): sanitizeHtml.Tag => ({
        tagName,
        attribs: "data-button" in attribs ? { "data-button": "" } : ({} as sanitizeHtml.Attributes),
      }),
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !ownImage(frame.attribs.src ?? ""),
  }).trim();
  // The button marker stays only on a paragraph that is one https link with plain text.
  return clean.replace(/<p data-button(?:="")?>([\s\S]*?)<\/p>/g, (_whole, inner: string) =>
    BUTTON_SHAPE.test(inner.trim()) ? `<p data-button="">${inner.trim()}</p>` : `<p>${inner}</p>`,
  );
}

export interface NewsletterImage {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

const IMG = /<img src="([^"]*)" alt="([^"]*)"(?: width="(\d+)" height="(\d+)")?\s*\/?>/g;
const BUTTON = /<p data-button=""><a href="([^"]+)" target="_blank" rel="[^"]*">([^<]+)<\/a><\/p>/g;

/** The pictures of sanitised newsletter HTML, in order. */
export function imagesOf(html: string): NewsletterImage[] {
  return [...html.matchAll(IMG)].map(([, src = "", alt = "", width, height]) => ({
    src,
    alt,
    ...(width && height ? { width: Number(width), height: Number(height) } : {}),
  }));
}

/** Every `src` of an `<img>` in stored HTML, read loosely (for keeping files: naming too many is safe). */
export const imageSourcesOf = (html: string): string[] =>
  [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)].map((match) => match[1] as string);

/** The widest a picture is shown in the e-mail (its column), in CSS pixels. */
export const EMAIL_IMAGE_WIDTH = 496;
const BRAND = "#0b5563";

/**
 * Sanitised newsletter HTML as e-mail HTML: each picture at the absolute URL `source` chooses for it
 * (a variant that exists), with width and height for clients that ignore CSS; each button as a
 * "bulletproof" table button (a coloured cell around a padded link: Outlook draws it too). `source`
 * returning undefined leaves the picture out.
 */
export function toEmailHtml(html: string, source: (image: NewsletterImage) => string | undefined): string {
  return html
    .replace(IMG, (_whole, src: string, alt: string, width?: string, height?: string) => {
      const image = { src, alt, ...(width && height ? { width: Number(width), height: Number(height) } : {}) };
      const url = source(image);
      if (!url) return "";
      const shownWidth = Math.min(EMAIL_IMAGE_WIDTH, image.width ?? EMAIL_IMAGE_WIDTH);
      const shownHeight =
        image.width && image.height ? ` height="${Math.round((image.height * shownWidth) / image.width)}"` : "";
      return (
        `<img src="${url}" alt="${alt}" width="${shownWidth}"${shownHeight} ` +
        `style="display:block;width:100%;max-width:${shownWidth}px;height:auto;border:0;outline:none;` +
        `text-decoration:none;border-radius:6px;margin:0 0 16px;background-color:#ffffff;">`
      );
    })
    .replace(
      BUTTON,
      (_whole, href: string, label: string) =>
        `<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;border-collapse:separate;">` +
        `<tr><td align="center" bgcolor="${BRAND}" style="border-radius:6px;background-color:${BRAND};">` +
        `<a href="${href}" target="_blank" style="display:inline-block;padding:12px 24px;font-size:16px;` +
        `line-height:24px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;` +
        `border:1px solid ${BRAND};">${label}</a></td></tr></table>`,
    );
}

/**
 * The same HTML for the plain-text part: pictures left out (their alt text is in the HTML part), and
 * each button a line "Label: https://…".
 */
export function toTextHtml(html: string): string {
  return html.replace(IMG, "").replace(BUTTON, (_whole, href: string, label: string) => `<p>${label}: ${href}</p>`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Every `<img>` tag of stored HTML whose `src` is exactly `src`. */
const pictureTags = (src: string) => new RegExp(`<img\\b[^>]*?\\ssrc="${escapeRegExp(src)}"[^>]*>`, "g");

/** Stored newsletter HTML without the picture `src` (its consent was withdrawn): the rest stays as written. */
export const withoutPicture = (html: string, src: string): string => html.replace(pictureTags(src), "");

/** Stored newsletter HTML showing `to` where it showed `from` (the picture was blurred under a new name). */
export const withPictureReplaced = (html: string, from: string, to: string): string =>
  html.replace(pictureTags(from), (tag) => tag.replace(`src="${from}"`, `src="${to}"`));
