import { loadSharp } from "../media/image-pipeline.ts";

/** The box the logo is drawn in at the top left of a receipt or statement, in points. */
export const LOGO_BOX = { width: 34, height: 36 } as const;

/**
 * Pixels per point of the converted logo: 4 is about 290 dpi, sharp on paper and at a viewer's
 * zoom, and a few kilobytes per PDF.
 */
const PIXELS_PER_POINT = 4;

/** The organisation's uploaded logo, ready to embed: a PNG the size it is printed at, and its size in pixels. */
export interface PdfLogo {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * The logo's file as a PNG no larger than the logo box needs, flattened on white (the paper), so
 * pdfkit embeds it as it is, with no alpha channel to split per PDF.
 */
export async function logoPng(bytes: Uint8Array): Promise<PdfLogo> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes)
    .resize({
      width: LOGO_BOX.width * PIXELS_PER_POINT,
      height: LOGO_BOX.height * PIXELS_PER_POINT,
      fit: "inside",
      withoutEnlargement: true,
    })
    .flatten({ background: "#ffffff" })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/** Where a logo of `width` × `height` is drawn in the box: as large as fits, its aspect ratio kept. */
export function fitLogo(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(LOGO_BOX.width / width, LOGO_BOX.height / height);
  return { width: width * scale, height: height * scale };
}

/**
 * The logo of the file at a URL, converted once per file (docs/decisions/0891-organisation-logo-on-receipts.md):
 * a file never changes under its URL (a new upload is a new URL), so the last one is kept until
 * another is asked for, and a run of receipts or a year's statements convert it once. A file that
 * cannot be read or converted gives none (the wordmark), and is tried again next time.
 */
export function createLogoCache(read: (url: string) => Promise<Uint8Array | undefined>) {
  let last: { url: string; logo: Promise<PdfLogo | undefined> } | undefined;
  return (image: { url: string } | null | undefined): Promise<PdfLogo | undefined> => {
    if (!image) return Promise.resolve(undefined);
    if (last?.url !== image.url) {
      const { url } = image;
      const forget = () => {
        if (last?.url === url) last = undefined;
        return undefined;
      };
      const logo = read(url).then(
        (bytes) => (bytes ? logoPng(bytes) : forget()),
        (error: unknown) => {
          console.error(`receipts: the logo ${url} could not be read`, error);
          return forget();
        },
      );
      last = {
        url,
        logo: logo.catch((error: unknown) => {
          console.error(`receipts: the logo ${url} could not be converted`, error);
          return forget();
        }),
      };
    }
    return last.logo;
  };
}
