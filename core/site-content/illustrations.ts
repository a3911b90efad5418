import type { ImageFormat, StoredImage } from "../media/media.schema.ts";

/**
 * The site's own illustrations (drawn for this project; sources and generator in scripts/).
 * Each is published as /images/{name}-{w}.{avif,webp,jpg} for every width listed and described
 * as a StoredImage, so pages draw them with the same ResponsiveImage as uploads. Add one here,
 * then run `npm run images`.
 */
export interface Illustration {
  name: string;
  /** Intrinsic size of the artwork; the aspect ratio reserves space before the file arrives. */
  width: number;
  height: number;
  widths: readonly number[];
}

const HERO_WIDTHS = [640, 960, 1280, 1920] as const;
const CARD_WIDTHS = [400, 600, 800] as const;
const AVATAR_WIDTHS = [160, 320] as const;

const art = (name: string, width: number, height: number, widths: readonly number[]): Illustration => ({
  name,
  width,
  height,
  widths,
});

export const ILLUSTRATIONS = {
  heroEssentials: art("hero-essentials", 1200, 800, HERO_WIDTHS),
  heroEducation: art("hero-education", 1200, 800, HERO_WIDTHS),
  heroFamilies: art("hero-families", 1200, 800, HERO_WIDTHS),
  needEccd: art("need-eccd", 800, 600, CARD_WIDTHS),
  needSewing: art("need-sewing", 800, 600, CARD_WIDTHS),
  needLifeSkills: art("need-lifeskills", 800, 600, CARD_WIDTHS),
  needHealth: art("need-health", 800, 600, CARD_WIDTHS),
  story: art("story", 1200, 900, [600, 900, 1200]),
  avatarFounder: art("avatar-founder", 320, 320, AVATAR_WIDTHS),
  avatarProgrammes: art("avatar-programmes", 320, 320, AVATAR_WIDTHS),
  avatarEducation: art("avatar-education", 320, 320, AVATAR_WIDTHS),
  avatarFamilies: art("avatar-families", 320, 320, AVATAR_WIDTHS),
  avatarBoardChair: art("avatar-board-chair", 320, 320, AVATAR_WIDTHS),
  avatarBoardLegal: art("avatar-board-legal", 320, 320, AVATAR_WIDTHS),
  avatarBoardHealth: art("avatar-board-health", 320, 320, AVATAR_WIDTHS),
  avatarBoardFinance: art("avatar-board-finance", 320, 320, AVATAR_WIDTHS),
} as const satisfies Record<string, Illustration>;

export const ILLUSTRATION_FORMATS = ["avif", "webp", "jpeg"] as const satisfies readonly ImageFormat[];

const EXTENSIONS: Record<ImageFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

export const illustrationUrl = (art: Illustration, width: number, format: ImageFormat) =>
  `/images/${art.name}-${width}.${EXTENSIONS[format]}`;

function toStoredImage(art: Illustration): StoredImage {
  return {
    url: illustrationUrl(art, Math.max(...art.widths), "jpeg"),
    width: art.width,
    height: art.height,
    variants: ILLUSTRATION_FORMATS.flatMap((format) =>
      art.widths.map((width) => ({ format, width, url: illustrationUrl(art, width, format) })),
    ),
  };
}

type IllustrationKey = keyof typeof ILLUSTRATIONS;

export const IMAGES = Object.fromEntries(
  Object.entries(ILLUSTRATIONS).map(([key, art]) => [key, toStoredImage(art)]),
) as Record<IllustrationKey, StoredImage>;

/** `srcset` of one format, for a preload link. */
export const imageSrcSet = (image: StoredImage, format: ImageFormat) =>
  image.variants
    .filter((variant) => variant.format === format)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
