import type { StoredImage } from "./media.schema.ts";

/**
 * Image URLs as the API hands them out: absolute, so a front end on another origin can load them.
 *
 * Rows keep what storage wrote: root-relative `/uploads/…` for local storage (the site's own
 * illustrations are root-relative too), or an absolute S3_PUBLIC_URL address. The site's origin is
 * added here, on the way out, from PUBLIC_SITE_URL: moving the site to another domain changes no
 * row. Server-rendered pages read the services directly and keep the root-relative URLs.
 */
export interface PublicUrls {
  /** A root-relative URL on the public site; any other URL as it is. */
  url(pathOrUrl: string): string;
  image(image: StoredImage): StoredImage;
  /** A record with one image (blog post, publication). */
  withCover<T extends { imageUrl: string; image: StoredImage }>(record: T): T;
  /** A record with a list of images (gallery item). */
  withImages<T extends { imageUrls: string[]; images: StoredImage[] }>(record: T): T;
}

/** `siteUrl` is PUBLIC_SITE_URL without its trailing slash (config/env.ts). */
export function createPublicUrls(siteUrl: string): PublicUrls {
  const url = (pathOrUrl: string) =>
    pathOrUrl.startsWith("/") && !pathOrUrl.startsWith("//") ? `${siteUrl}${pathOrUrl}` : pathOrUrl;
  const image = (stored: StoredImage): StoredImage => ({
    ...stored,
    url: url(stored.url),
    variants: stored.variants.map((variant) => ({ ...variant, url: url(variant.url) })),
  });
  return {
    url,
    image,
    withCover: (record) => ({ ...record, imageUrl: url(record.imageUrl), image: image(record.image) }),
    withImages: (record) => ({ ...record, imageUrls: record.imageUrls.map(url), images: record.images.map(image) }),
  };
}
