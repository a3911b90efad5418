import { ValidationError } from "../shared/errors.ts";

/**
 * A description (alt text) beside every content picture, or a mark that it is decorative
 * (docs/decisions/0770-every-picture-described.md). The spec's clients never send one, so every
 * field here is optional; a write that says whether its pictures are decorative (the admin forms
 * always do) cannot publish or schedule a picture left undescribed.
 */

/** Long enough for two sentences; a screen reader reads it whole, so more belongs in the text. */
export const IMAGE_ALT_MAX = 300;

export const DESCRIPTION_MESSAGES = {
  tooLong: `Please keep the picture's description under ${IMAGE_ALT_MAX} characters.`,
  list: (field: string) => `${field} must be a JSON list, one entry per image.`,
  missing: (name: string) =>
    `${name} has no description: describe what it shows, or mark it decorative, or keep the item a draft.`,
} as const;

export interface ImageDescription {
  /** "" when there is none. */
  alt: string;
  decorative: boolean;
}

const isTrue = (value: unknown) => value === true || value === "true" || value === "on" || value === "1";

function altOf(value: unknown, field: string): string {
  const alt = typeof value === "string" ? value.trim() : "";
  if (alt.length > IMAGE_ALT_MAX)
    throw new ValidationError(DESCRIPTION_MESSAGES.tooLong, { [field]: DESCRIPTION_MESSAGES.tooLong });
  return alt;
}

/** A form field holding a list: a JSON list in a form's text, or a list in a JSON body. */
function listOf(value: unknown, field: string): unknown[] | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  let list: unknown = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      list = undefined;
    }
  }
  if (!Array.isArray(list))
    throw new ValidationError(DESCRIPTION_MESSAGES.list(field), { [field]: DESCRIPTION_MESSAGES.list(field) });
  return list;
}

const fieldsOf = (fields: unknown) => (fields ?? {}) as Record<string, unknown>;

/**
 * One picture's description as a write sent it (`imageAlt`, `imageDecorative`); each part
 * undefined when not sent, so an update from a client that does not know them keeps what is stored.
 */
export function sentDescription(fields: unknown): { alt?: string; decorative?: boolean } {
  const { imageAlt, imageDecorative } = fieldsOf(fields);
  return {
    ...(imageAlt === undefined ? {} : { alt: altOf(imageAlt, "imageAlt") }),
    ...(imageDecorative === undefined ? {} : { decorative: isTrue(imageDecorative) }),
  };
}

/**
 * A gallery write's descriptions, in the images' order (`imageAlts`, `imageDecoratives`, and
 * `imageAltsAm` for the Amharic pages: docs/decisions/0883-amharic-picture-descriptions.md).
 */
export function sentDescriptions(fields: unknown): { alts?: string[]; altsAm?: string[]; decoratives?: boolean[] } {
  const { imageAlts, imageAltsAm, imageDecoratives } = fieldsOf(fields);
  const alts = listOf(imageAlts, "imageAlts")?.map((alt, index) => altOf(alt, `imageAlts.${index}`));
  const altsAm = listOf(imageAltsAm, "imageAltsAm")?.map((alt, index) => altOf(alt, `imageAltsAm.${index}`));
  const decoratives = listOf(imageDecoratives, "imageDecoratives")?.map(isTrue);
  return { ...(alts ? { alts } : {}), ...(altsAm ? { altsAm } : {}), ...(decoratives ? { decoratives } : {}) };
}

/** Whether the write asks for its pictures to be described before they go public (the admin forms do). */
export const asksForDescriptions = (fields: unknown) => {
  const sent = fieldsOf(fields);
  return sent.imageDecorative !== undefined || sent.imageDecoratives !== undefined;
};

/** The first picture that may not go public as it is, by its place, or -1. */
export const firstUndescribed = (pictures: readonly ImageDescription[]) =>
  pictures.findIndex((picture) => !picture.decorative && picture.alt === "");
