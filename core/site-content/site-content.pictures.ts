import type { StoredImage } from "../media/media.schema.ts";
import { IMAGES } from "./illustrations.ts";
import { DEFAULT_SITE_CONTENT } from "./site-content.defaults.ts";
import { imagesWithPaths, mapImages } from "./site-content.images.ts";

/** The value at a dotted path ("about.board.1.image"), or undefined. */
function at(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * What a section shows instead of a picture that must go (consent withdrawn or ended): the drawn
 * default at the same place when there is one, else a drawn portrait for people and a drawn scene
 * for the rest. Never another upload, which would need its own consent.
 */
export function standInFor(section: string, path: string, image: StoredImage): StoredImage {
  const fallback = at(DEFAULT_SITE_CONTENT, `${section}.${path}`);
  const drawn = imagesWithPaths(fallback)[0]?.stored;
  if (drawn) return drawn;
  return image.width > 0 && image.width === image.height ? IMAGES.avatarProgrammes : IMAGES.story;
}

/** A copy of a section's snapshot with the picture `url` replaced by its stand-in. */
export function withoutPicture(section: string, snapshot: unknown, url: string): unknown {
  const paths = new Map(imagesWithPaths(snapshot).map((image) => [image.stored, image.path]));
  return mapImages(snapshot, (image) =>
    image.url === url ? standInFor(section, paths.get(image) ?? "", image) : image,
  );
}

/** A copy of a section's snapshot with the picture `from` (by URL) replaced by `to`. */
export function replacePicture(snapshot: unknown, from: string, to: StoredImage): unknown {
  return mapImages(snapshot, (image) => (image.url === from ? to : image));
}
