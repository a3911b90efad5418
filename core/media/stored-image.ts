import type { ImageVariant, StoredImage } from "./media.schema.ts";

const FORMATS = new Set(["avif", "webp", "jpeg"]);

/** Text for the `image_variants` / `variants` columns. */
export const serializeStoredImage = (image: StoredImage): string => JSON.stringify(image);

/**
 * Reads the column back. Rows written without the pipeline (or damaged JSON) give a plain image
 * with no variants, so a page still shows `url`.
 */
export function parseStoredImage(json: string | null | undefined, url: string): StoredImage {
  const plain: StoredImage = { url, width: 0, height: 0, variants: [] };
  if (!json) return plain;
  try {
    const value = JSON.parse(json) as Partial<StoredImage>;
    const variants = Array.isArray(value.variants)
      ? value.variants.filter(
          (v): v is ImageVariant =>
            typeof v?.url === "string" && typeof v.width === "number" && FORMATS.has(String(v.format)),
        )
      : [];
    return {
      url,
      width: typeof value.width === "number" ? value.width : 0,
      height: typeof value.height === "number" ? value.height : 0,
      variants,
      ...(value.processing === true ? { processing: true } : {}),
    };
  } catch {
    return plain;
  }
}
