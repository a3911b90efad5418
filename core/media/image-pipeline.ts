import type { OutputInfo, Sharp } from "sharp";
import { ValidationError } from "../shared/errors.ts";
import { IMAGE_DAMAGED_MESSAGE, IMAGE_TYPE_MESSAGE, IMAGE_WIDTHS, type ImageFormat } from "./media.schema.ts";

let sharpLoaded: Promise<typeof import("sharp").default> | undefined;

/**
 * sharp and libvips are loaded by the first upload, not at start: most runs never encode (the demo
 * pictures come prepared), and they cost start time and resident memory (docs/decisions/0140).
 */
export function loadSharp() {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps recent operations and their pixels (up to 50 MB) for reuse; every upload here is
    // a new image, so the cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

/** Larger inputs are refused before decoding (a 15 MB file can claim billions of pixels). */
export const MAX_INPUT_PIXELS = 50_000_000;
export const IMAGE_PIXELS_MESSAGE = "The image is too large: please use one under 50 megapixels.";

type InputFormat = "jpeg" | "png" | "webp" | "avif";

export interface EncodedImage {
  format: ImageFormat;
  width: number;
  height: number;
  contentType: string;
  data: Buffer;
}

export interface ProcessedImage {
  width: number;
  height: number;
  outputs: EncodedImage[];
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString("latin1");

/** Decides the format from the file's first bytes; names and declared types are not trusted. */
export function sniffImageFormat(bytes: Uint8Array): InputFormat | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(Buffer.from(bytes).readUInt32BE(0), bytes.length, 256);
    const brands = ascii(bytes, 8, boxSize);
    if (/avi[fs]/.test(brands)) return "avif";
  }
  return undefined;
}

/**
 * Markup hidden in an image (a polyglot) would only matter if a browser were ever tricked into
 * reading the file as HTML; re-encoding drops it anyway, but such a file is refused outright.
 * What counts as markup, case-insensitively: `<script`, `<html`, `<svg`, `<iframe`, `<object`,
 * `<embed`, `<body` or `<?php` followed by white space, `>` or `/`; `<!doctype html`; `javascript:`.
 *
 * Scanned byte by byte from each `<` and `j` that `Buffer.indexOf` finds (native code): a regular
 * expression over the file as one latin1 string held the event loop 30–60 ms per phone photo,
 * which every page request waiting meanwhile paid for.
 */
const TAGS = ["script", "html", "svg", "iframe", "object", "embed", "body", "?php"].map((tag) => Buffer.from(tag));
const DOCTYPE = Buffer.from("!doctype");
const HTML = Buffer.from("html");
const JAVASCRIPT = Buffer.from("javascript:");
/** JavaScript's `\s` among latin1 characters. */
const isSpace = (byte: number | undefined) =>
  byte !== undefined && ((byte >= 0x09 && byte <= 0x0d) || byte === 0x20 || byte === 0xa0);
/** Whether `bytes` holds `word` (lower-case ASCII) at `at`, ignoring ASCII case. */
function wordAt(bytes: Buffer, at: number, word: Buffer): boolean {
  if (at + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i++) {
    const byte = bytes[at + i] as number;
    if ((byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte) !== word[i]) return false;
  }
  return true;
}

export function containsMarkup(input: Uint8Array): boolean {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  for (let at = bytes.indexOf(0x3c); at !== -1; at = bytes.indexOf(0x3c, at + 1)) {
    for (const tag of TAGS) {
      if (!wordAt(bytes, at + 1, tag)) continue;
      const next = bytes[at + 1 + tag.length];
      if (isSpace(next) || next === 0x3e || next === 0x2f) return true;
    }
    if (wordAt(bytes, at + 1, DOCTYPE) && isSpace(bytes[at + 1 + DOCTYPE.length])) {
      let i = at + 1 + DOCTYPE.length;
      while (isSpace(bytes[i])) i++;
      if (wordAt(bytes, i, HTML)) return true;
    }
  }
  for (const first of [0x6a, 0x4a]) {
    for (let at = bytes.indexOf(first); at !== -1; at = bytes.indexOf(first, at + 1)) {
      if (wordAt(bytes, at, JAVASCRIPT)) return true;
    }
  }
  return false;
}

/** The ladder for one image: every standard width below the original, plus the original (capped). */
export function widthsFor(originalWidth: number): number[] {
  const top = Math.min(originalWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number);
  return [...IMAGE_WIDTHS.filter((w) => w < top), top];
}

function refuse(message: string, field: string): never {
  throw new ValidationError(message, { [field]: message });
}

/** Decoded pixels, upright, in sRGB, at most the largest width we keep: what every variant is made from. */
interface Master {
  data: Buffer;
  info: OutputInfo;
}

const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;
const JPEG_OPTIONS = { quality: 80, mozjpeg: true } as const;
/**
 * The largest JPEG an upload's request writes (docs/decisions/0440): mozjpeg's quantisation table
 * and trellis, without its progressive scan search. On a 12 MP phone photo capped at 1920 px that
 * is as small (129 KB against 131 KB) in under half the encoding time (about 200 ms against 450 ms
 * on one core), and the staff member waits for it ten times per gallery item.
 */
const SOURCE_JPEG_OPTIONS = {
  quality: 80,
  quantisationTable: 3,
  trellisQuantisation: true,
  overshootDeringing: true,
} as const;

const INPUT_OPTIONS = { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true } as const;

/** Turns a decoding failure into the 400 the person sees; a ValidationError passes through. */
function refuseDecoding(error: unknown, field: string): never {
  if (error instanceof ValidationError) throw error;
  const message = error instanceof Error ? error.message : "";
  refuse(/pixel limit/i.test(message) ? IMAGE_PIXELS_MESSAGE : IMAGE_DAMAGED_MESSAGE, field);
}

/** The checks before any decoding: the bytes' own format, no markup, and a header that says the same format. */
async function checkUpload(bytes: Uint8Array, field: string) {
  const format = sniffImageFormat(bytes);
  if (!format || containsMarkup(bytes)) refuse(IMAGE_TYPE_MESSAGE, field);
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, INPUT_OPTIONS).metadata();
    const decoded = meta.format === "heif" && meta.compression === "av1" ? "avif" : meta.format;
    if (decoded !== format) refuse(IMAGE_TYPE_MESSAGE, field);
  } catch (error) {
    refuseDecoding(error, field);
  }
  return sharp;
}

/** Checks an upload by decoding it once, upright and already at the largest width we keep. */
async function decodeUpload(bytes: Uint8Array, field: string): Promise<Master> {
  const sharp = await checkUpload(bytes, field);
  try {
    // One full decode (which also catches truncated files), already at the largest width we keep.
    return await sharp(bytes, INPUT_OPTIONS)
      .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    refuseDecoding(error, field);
  }
}

const rawOf = (master: Master) =>
  ({ raw: { width: master.info.width, height: master.info.height, channels: master.info.channels } }) as const;

/** Outputs of a ladder to leave out (ones already stored), by format and width. */
export type SkipOutputs = ReadonlyArray<{ format: ImageFormat; width: number }>;

async function encodeLadder(master: Master, skip: SkipOutputs = []): Promise<EncodedImage[]> {
  const sharp = await loadSharp();
  const outputs: EncodedImage[] = [];
  for (const width of widthsFor(master.info.width)) {
    const resized = await sharp(master.data, rawOf(master))
      .resize({ width })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { channels, height } = resized.info;
    const frame = () => sharp(resized.data, { raw: { width: resized.info.width, height, channels } });
    const encodings: Array<[ImageFormat, string, () => Sharp]> = [
      ["avif", "image/avif", () => frame().avif({ quality: 55, effort: 2 })],
      ["webp", "image/webp", () => frame().webp({ quality: 78 })],
      ["jpeg", "image/jpeg", () => frame().flatten({ background: "#ffffff" }).jpeg(JPEG_OPTIONS)],
    ];
    for (const [fmt, contentType, pipeline] of encodings) {
      if (skip.some((s) => s.format === fmt && s.width === resized.info.width)) continue;
      const out = await pipeline().toBuffer({ resolveWithObject: true });
      outputs.push({ format: fmt, width: out.info.width, height: out.info.height, contentType, data: out.data });
    }
  }
  return outputs;
}

/**
 * Checks an upload by decoding it, turns it upright, drops every piece of metadata (EXIF, GPS,
 * XMP, ICC: photos here show vulnerable people) and encodes a width ladder in AVIF, WebP and JPEG.
 * Throws ValidationError (400) for anything that is not a whole JPEG, PNG, WebP or AVIF image.
 */
export async function processImage(bytes: Uint8Array, field = "image"): Promise<ProcessedImage> {
  const master = await decodeUpload(bytes, field);
  return { width: master.info.width, height: master.info.height, outputs: await encodeLadder(master) };
}

/** What an upload becomes inside the request: its size upright, and the ladder's largest JPEG. */
export interface PreparedSource {
  width: number;
  height: number;
  /** Metadata-free, at most 1920 px wide: served until the ladder is ready, and the ladder's source. */
  largest: EncodedImage;
}

/**
 * The part of `processImage` an upload must not wait without: the same checks and decode, then only
 * the largest JPEG (docs/decisions/0440). `encodeVariants` makes the rest of the ladder from it later.
 */
export async function prepareSource(bytes: Uint8Array, field = "image"): Promise<PreparedSource> {
  const sharp = await checkUpload(bytes, field);
  try {
    // One pipeline from the upload's bytes to the JPEG: decoded once (truncated files fail here),
    // upright, capped, flattened on white, re-encoded with no metadata; no raw copy in between.
    const out = await sharp(bytes, INPUT_OPTIONS)
      .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .jpeg(SOURCE_JPEG_OPTIONS)
      .toBuffer({ resolveWithObject: true });
    const { width, height } = out.info;
    return { width, height, largest: { format: "jpeg", width, height, contentType: "image/jpeg", data: out.data } };
  } catch (error) {
    refuseDecoding(error, field);
  }
}

/**
 * Encodes the variant ladder from a source image that is already ours (a `prepareSource` output,
 * or one derived from it, e.g. blurred): decoded, re-encoded, never carrying metadata over. This is
 * the one function to call to (re)make an image's variants from a source; `skip` leaves out
 * outputs that exist already (the largest JPEG). Background work runs it through
 * variant-encoder.ts, at a lower priority than requests.
 */
export async function encodeVariants(source: Uint8Array, skip?: SkipOutputs): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const master = await sharp(source, INPUT_OPTIONS)
    .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  return { width: master.info.width, height: master.info.height, outputs: await encodeLadder(master, skip) };
}
