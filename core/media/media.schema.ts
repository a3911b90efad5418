/**
 * What an uploaded image becomes. The UI imports these types and constants only; the pipeline
 * itself (sharp) and the storage drivers stay on the server.
 */
export type ImageFormat = "avif" | "webp" | "jpeg";

export interface ImageVariant {
  format: ImageFormat;
  width: number;
  url: string;
}

export interface StoredImage {
  /** The plain URL the spec's imageUrl/imageUrls keep: the largest JPEG. */
  url: string;
  width: number;
  height: number;
  /** Every encoded file, smallest first per format. */
  variants: ImageVariant[];
  /**
   * True while the rest of the ladder is being encoded in the background (docs/decisions/0440):
   * `variants` then holds only the largest JPEG, metadata-free like every file. Absent once done.
   */
  processing?: boolean;
}

/** Widths produced for every upload; an image is never enlarged, so small originals get fewer. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** For `<input type="file" accept>`; the server decides by decoding, not by this list. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif";

export const IMAGE_TYPE_MESSAGE = "Please choose a JPEG, PNG, WebP or AVIF image.";
export const IMAGE_DAMAGED_MESSAGE = "The image file is damaged or incomplete. Please choose another file.";
