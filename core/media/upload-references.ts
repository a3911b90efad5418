import type { Db } from "../../db/database.ts";
import { imageSourcesOf } from "../newsletters/newsletter-html.ts";
import { collectImages } from "../site-content/site-content.images.ts";
import { SITE_CONTENT_KIND } from "../site-content/site-content.kind.ts";
import { allSnapshots } from "../versions/versions.ts";
import type { StorageDriver } from "./storage.ts";
import { imageOf, KEY_PATTERN } from "./storage-keys.ts";
import { parseStoredImage } from "./stored-image.ts";

interface ImageColumns {
  url: string;
  variants: string | null;
}

/**
 * Every row that keeps an uploaded image, by the storage folder its files go to. The leftover sweep
 * (upload-leftovers.ts) deletes files in these folders that no row here names, so a feature that
 * stores uploads adds its folder and its columns here, in this one place (media.service's `folder`
 * accepts only these names, so a new folder cannot be forgotten; a new table in an existing folder
 * must be added by hand).
 */
const IMAGE_OWNERS = {
  gallery: (db: Db): Promise<ImageColumns[]> => db.selectFrom("gallery_images").select(["url", "variants"]).execute(),
  blog: (db: Db): Promise<ImageColumns[]> =>
    db.selectFrom("blog_posts").select(["image_url as url", "image_variants as variants"]).execute(),
  publications: (db: Db): Promise<ImageColumns[]> =>
    db.selectFrom("publications").select(["image_url as url", "image_variants as variants"]).execute(),
  /** Site content keeps its pictures inside snapshots: a picture stays while a draft, the published copy or a kept version names it. */
  site: async (db: Db): Promise<ImageColumns[]> =>
    collectImages(await allSnapshots(db, SITE_CONTENT_KIND)).map((image) => ({
      url: image.url,
      variants: JSON.stringify(image),
    })),
  /**
   * Pictures written in the newsletter editor, English and Amharic: a picture stays while a newsletter
   * (draft or sent) or a step of an e-mail series shows it.
   */
  newsletter: async (db: Db): Promise<ImageColumns[]> => {
    const texts = [
      ...(await db.selectFrom("newsletters").select(["content as en", "content_am as am"]).execute()),
      ...(await db.selectFrom("email_series_steps").select(["content_en as en", "content_am as am"]).execute()),
    ];
    return texts.flatMap((row) => imageSourcesOf(`${row.en}${row.am}`).map((url) => ({ url, variants: null })));
  },
};

export type UploadFolder = keyof typeof IMAGE_OWNERS;
export const UPLOAD_FOLDERS = Object.keys(IMAGE_OWNERS) as UploadFolder[];

export { imageOf };

/** The images (see `imageOf`) that some row refers to. */
export async function referencedImages(db: Db, storage: StorageDriver): Promise<Set<string>> {
  const images = new Set<string>();
  const add = (stored: string) => {
    // Rows keep URLs; a bare key is accepted too, so a row format that keeps keys stays owned.
    const key = storage.keyOf(stored) ?? (KEY_PATTERN.test(stored) ? stored : undefined);
    if (key) images.add(imageOf(key));
  };
  for (const rowsOf of Object.values(IMAGE_OWNERS)) {
    for (const row of await rowsOf(db)) {
      const image = parseStoredImage(row.variants, row.url);
      add(image.url);
      for (const variant of image.variants) add(variant.url);
    }
  }
  return images;
}
