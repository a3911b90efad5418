import type { StorageDriver } from "../media/storage.ts";
import { imageOf } from "../media/storage-keys.ts";
import { EMAIL_IMAGE_WIDTH, imagesOf, type NewsletterImage, sanitizeNewsletterHtml } from "./newsletter-html.ts";

/** The storage folder of pictures uploaded in the newsletter editor. */
export const NEWSLETTER_FOLDER = "newsletter";

export type PictureStorage = Pick<StorageDriver, "keyOf" | "url" | "list">;

/** Sharp enough on a 2× screen at the e-mail's column width. */
const WANTED_WIDTH = EMAIL_IMAGE_WIDTH * 2;

/** Is `src` one of the pictures uploaded in the newsletter editor? */
export const isNewsletterPicture = (storage: PictureStorage, src: string) =>
  storage.keyOf(src)?.startsWith(`${NEWSLETTER_FOLDER}/`) ?? false;

/** A picture an e-mail shows, as a refusal names it and the form field the refusal belongs on. */
export interface ShownPicture {
  url: string;
  name: string;
  field: string;
}

/**
 * The pictures an e-mail text written in the newsletter editor shows once sanitised as it is sent,
 * each once, in order: named by description ("The picture “…”"), else by place ("Picture 2"), on the
 * field `pictures.<n>` (docs/decisions/0751-newsletter-pictures-through-consent.md).
 */
export function picturesShown(storage: PictureStorage, html: string): ShownPicture[] {
  const pictures: ShownPicture[] = [];
  const seen = new Set<string>();
  for (const image of imagesOf(sanitizeNewsletterHtml(html, (src) => isNewsletterPicture(storage, src)))) {
    if (seen.has(image.src)) continue;
    const index = seen.size;
    seen.add(image.src);
    pictures.push({
      url: image.src,
      name: image.alt ? `The picture “${image.alt}”` : `Picture ${index + 1}`,
      field: `pictures.${index}`,
    });
  }
  return pictures;
}

export interface PictureChoice {
  /** The absolute URL of each picture's file to use in the e-mail, by `src`; absent: none of its files exists yet. */
  urls: Map<string, string>;
  /** The pictures none of whose files exists yet (encoding still running, or removed). */
  missing: NewsletterImage[];
}

/**
 * Chooses, for each picture, a file that exists in storage *now* (docs/decisions/0480): the
 * narrowest JPEG variant at least twice the e-mail's column wide, else the widest JPEG there is, else
 * the uploaded file `src` names. JPEG because every mail client shows it (and its variants are
 * flattened on white, so a transparent picture stays readable when a client darkens the mail).
 * Reading the folder instead of trusting a list kept with the picture means an e-mail never names a
 * variant that a background encoding has not written yet.
 */
export async function choosePictures(
  storage: PictureStorage,
  siteUrl: string,
  images: readonly NewsletterImage[],
): Promise<PictureChoice> {
  const urls = new Map<string, string>();
  const missing: NewsletterImage[] = [];
  if (images.length === 0) return { urls, missing };
  const present = new Set<string>();
  for await (const object of storage.list(`${NEWSLETTER_FOLDER}/`)) present.add(object.key);
  const absolute = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? `${siteUrl}${url}` : url);
  for (const image of images) {
    const key = storage.keyOf(image.src);
    const stem = key && imageOf(key);
    const jpegs = [...present]
      .flatMap((candidate) => {
        const width =
          stem && candidate.startsWith(`${stem}-`)
            ? /^-(\d+)\.jpg$/.exec(candidate.slice(stem.length))?.[1]
            : undefined;
        return width ? [{ key: candidate, width: Number(width) }] : [];
      })
      .sort((a, b) => a.width - b.width);
    const chosen =
      jpegs.find((jpeg) => jpeg.width >= WANTED_WIDTH)?.key ??
      jpegs.at(-1)?.key ??
      (key && present.has(key) ? key : undefined);
    if (chosen) urls.set(image.src, absolute(storage.url(chosen)));
    else missing.push(image);
  }
  return { urls, missing };
}
