import { z } from "zod";

/**
 * A region to blur, in fractions of the image's width and height (0–1), so the same rectangle fits
 * every variant of the image whatever its size. docs/decisions/0471-blur-before-publishing.md
 */
export interface BlurRectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const BLUR_MESSAGES = {
  imageUrl: "Name the image to blur (its URL).",
  rectangles: "Draw at least one rectangle (at most 20) inside the image.",
  video: "A video is YouTube's: blur it there, not here.",
  missing: "This image's file is gone; upload it again.",
} as const;

const fraction = z.number({ error: BLUR_MESSAGES.rectangles }).min(0, BLUR_MESSAGES.rectangles).max(1);
export const BlurRectangleSchema = z
  .object({ x: fraction, y: fraction, width: fraction, height: fraction })
  .refine((r) => r.width > 0 && r.height > 0 && r.x + r.width <= 1.0001 && r.y + r.height <= 1.0001, {
    message: BLUR_MESSAGES.rectangles,
  });

export const BlurRequestSchema = z.object({
  imageUrl: z.string({ error: BLUR_MESSAGES.imageUrl }).trim().min(1, BLUR_MESSAGES.imageUrl).max(2048),
  rectangles: z
    .array(BlurRectangleSchema, { error: BLUR_MESSAGES.rectangles })
    .min(1, BLUR_MESSAGES.rectangles)
    .max(20, BLUR_MESSAGES.rectangles),
});

/** A rectangle in whole pixels of a `width` × `height` image, never empty, never outside it. */
export function pixelBox(rect: BlurRectangle, width: number, height: number) {
  const left = Math.min(width - 1, Math.max(0, Math.floor(rect.x * width)));
  const top = Math.min(height - 1, Math.max(0, Math.floor(rect.y * height)));
  const right = Math.min(width, Math.max(left + 1, Math.ceil((rect.x + rect.width) * width)));
  const bottom = Math.min(height, Math.max(top + 1, Math.ceil((rect.y + rect.height) * height)));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * How coarse the blur is: the region's shorter side is sampled into this many colours only, so no
 * feature smaller than about a sixth of a face (an eye, a mouth, a letter of a name tag) survives
 * as a shape. docs/decisions/0752-an-unrecognisable-blur.md
 */
const SAMPLES_ACROSS = 6;

/**
 * The image with every rectangle made unrecognisable: each region is reduced to a handful of
 * averaged colours (about six across its shorter side), spread back smoothly and then blurred
 * strongly, so neither a face nor a name tag can be read and no block edges are left to hint at
 * shapes; nothing outside the rectangles changes. Returns a lossless PNG, for the upload pipeline.
 */
export async function blurRegions(bytes: Uint8Array, rectangles: readonly BlurRectangle[]): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const base = sharp(bytes, { failOn: "error" }).toColourspace("srgb").removeAlpha();
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const overlays = [];
  for (const rect of rectangles) {
    const box = pixelBox(rect, info.width, info.height);
    const block = Math.max(2, Math.min(box.width, box.height) / SAMPLES_ACROSS);
    // An area average ("mitchell" over a large reduction), not a point sample: each colour is the
    // mean of its whole block, so a dark eye is averaged into the skin around it.
    const small = await sharp(data, raw)
      .extract(box)
      .resize(Math.max(1, Math.round(box.width / block)), Math.max(1, Math.round(box.height / block)), {
        kernel: "mitchell",
        fit: "fill",
      })
      .png()
      .toBuffer();
    const region = await sharp(small)
      .resize(box.width, box.height, { kernel: "cubic", fit: "fill" })
      .blur(Math.max(1, block / 2))
      .raw()
      .toBuffer();
    overlays.push({
      input: region,
      raw: { width: box.width, height: box.height, channels: info.channels },
      left: box.left,
      top: box.top,
    });
  }
  return sharp(data, raw).composite(overlays).png().toBuffer();
}
