import type { ImageFormat, StoredImage } from "../../core/media/media.schema";
import { useSaveData } from "../lib/save-data";

interface ResponsiveImageProps {
  image: StoredImage;
  alt: string;
  /**
   * The language of `alt` when it differs from the page's: `"en"` for an English description on an
   * Amharic page. An attribute cannot carry a language of its own; the `<img>`'s `lang` covers its
   * attributes (HTML: "the language of the element's contents and of its text attributes"), and the
   * picture has no contents to mislabel.
   */
  lang?: string | undefined;
  /** How wide the image is drawn, e.g. "(min-width: 1024px) 33vw, 100vw": picks the file to download. */
  sizes: string;
  /** Above the fold (hero, post header): load at once with high priority instead of lazily. */
  priority?: boolean;
  /** Classes for the <img> (size it with CSS; width/height only reserve the aspect ratio). */
  className?: string;
  pictureClassName?: string;
}

const srcSet = (image: StoredImage, format: ImageFormat) =>
  image.variants
    .filter((v) => v.format === format)
    .map((v) => `${v.url} ${v.width}w`)
    .join(", ");

/** On a light page (Save-Data, slow connection) only the narrowest file of each format is offered. */
export function smallestVariants(image: StoredImage): StoredImage {
  const narrowest = new Map<ImageFormat, StoredImage["variants"][number]>();
  for (const variant of image.variants) {
    const kept = narrowest.get(variant.format);
    if (!kept || variant.width < kept.width) narrowest.set(variant.format, variant);
  }
  const variants = [...narrowest.values()];
  const jpeg = narrowest.get("jpeg");
  return { ...image, variants, url: jpeg?.url ?? image.url };
}

/**
 * An uploaded image as AVIF, then WebP, then JPEG, in the size the screen needs, with its
 * dimensions set so nothing shifts while it loads. Images without variants render as a plain <img>.
 * A light page (app/lib/save-data.ts) gets the smallest file whatever the screen.
 */
export function ResponsiveImage({
  image: given,
  alt,
  lang,
  sizes,
  priority = false,
  className,
  pictureClassName,
}: ResponsiveImageProps) {
  const image = useSaveData() ? smallestVariants(given) : given;
  const dimensions = image.width > 0 && image.height > 0 ? { width: image.width, height: image.height } : {};
  const jpegSet = srcSet(image, "jpeg");
  const img = (
    <img
      src={image.url}
      srcSet={jpegSet || undefined}
      sizes={jpegSet ? sizes : undefined}
      alt={alt}
      lang={lang}
      {...dimensions}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
  if (image.variants.length === 0) return img;
  return (
    <picture className={pictureClassName}>
      {(["avif", "webp"] as const).map((format) => {
        const set = srcSet(image, format);
        return set ? <source key={format} type={`image/${format}`} srcSet={set} sizes={sizes} /> : null;
      })}
      {img}
    </picture>
  );
}
