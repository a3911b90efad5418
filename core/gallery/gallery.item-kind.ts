import { sentDescriptions } from "../item-writes/image-descriptions.ts";
import type { ItemKind } from "../item-writes/item-writes.ts";
import { ValidationError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./gallery.repository.ts";
import { GALLERY_MESSAGES, GalleryInputSchema, type GalleryItem, MAX_GALLERY_IMAGES } from "./gallery.schema.ts";

export const GALLERY_ITEM_NOT_FOUND = "Gallery item not found.";

/**
 * The consent a gallery write sent for each image it shows (`imageConsents`: a JSON list in the
 * images' order, an entry per image, null for "leave as recorded"). Ours and optional.
 */
const IMAGE_CONSENTS_MESSAGE = "imageConsents must be a JSON list, one entry per image.";
function sentConsents(fields: unknown, shown: readonly string[]) {
  const raw = (fields as { imageConsents?: unknown } | null)?.imageConsents;
  let list: unknown = raw;
  if (typeof raw === "string" && raw.trim() !== "") {
    try {
      list = JSON.parse(raw);
    } catch {
      throw new ValidationError(IMAGE_CONSENTS_MESSAGE, { imageConsents: IMAGE_CONSENTS_MESSAGE });
    }
  }
  if (!Array.isArray(list)) return [];
  return shown.map((url, index) => ({ url, sent: list[index], field: `imageConsents.${index}` }));
}

/** A gallery item as the one item-write sequence writes it (docs/decisions/0601-item-writes.md). */
export const galleryKind: ItemKind<GalleryItem, repo.GalleryRecord> = {
  entity: "gallery-item",
  notFound: GALLERY_ITEM_NOT_FOUND,
  uploads: {
    folder: "gallery",
    field: "images",
    max: { count: MAX_GALLERY_IMAGES, message: GALLERY_MESSAGES.tooManyImages },
  },
  validate(fields, uploads, creating) {
    const input = parseInput(GalleryInputSchema, fields);
    if (creating && uploads.length === 0) {
      throw new ValidationError(GALLERY_MESSAGES.imagesRequired, { images: GALLERY_MESSAGES.imagesRequired });
    }
    const { alts, altsAm, decoratives } = sentDescriptions(fields);
    return {
      ...input,
      ...(alts ? { imageAlts: alts } : {}),
      ...(altsAm ? { imageAltsAm: altsAm } : {}),
      ...(decoratives ? { imageDecoratives: decoratives } : {}),
    };
  },
  find: repo.findGalleryItem,
  stateOf: ({ status, publishAt }) => ({ status, publishAt }),
  filesOf: (item) => item.images,
  shows: (_values, files) => files.map((image) => image.url),
  consents: sentConsents,
  // A kept image keeps its description unless the write sent one; a new image has none unless sent.
  described: (values, before, shown) =>
    shown.map((url, index) => {
      const kept = before?.imageUrls[index] === url;
      return {
        alt: values.imageAlts?.[index] ?? (kept ? (before?.imageAlts[index] ?? "") : ""),
        decorative: values.imageDecoratives?.[index] ?? (kept ? (before?.imageDecoratives[index] ?? false) : false),
        name: `Image ${index + 1}`,
        field: `imageAlts.${index}`,
      };
    }),
  // The item's text fields (and the descriptions when sent), to tell which ones an update changed.
  audited: ({ title, description, category, eventDate, imageAlts, imageAltsAm, imageDecoratives }) => ({
    title,
    description,
    category,
    eventDate,
    ...(imageAlts ? { imageAlts: JSON.stringify(imageAlts) } : {}),
    ...(imageAltsAm ? { imageAltsAm: JSON.stringify(imageAltsAm) } : {}),
    ...(imageDecoratives ? { imageDecoratives: JSON.stringify(imageDecoratives) } : {}),
  }),
  async insert(trx, { id, values, files, state, now }) {
    await repo.insertGalleryItem(trx, id, values, files ?? [], state, now);
  },
  async update(trx, { id, values, files, state, now }) {
    await repo.updateGalleryItem(trx, id, values, files, state, now);
  },
  async delete(trx, id) {
    await repo.deleteGalleryItem(trx, id);
  },
};
