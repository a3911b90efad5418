import type { DatabaseHandle } from "../../db/database.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { StoredImage } from "../media/media.schema.ts";
import type { MediaService } from "../media/media.service.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./gallery.repository.ts";
import {
  GALLERY_MESSAGES,
  GalleryInputSchema,
  type GalleryItem,
  GalleryListQuerySchema,
  type GalleryPage,
  MAX_GALLERY_IMAGES,
} from "./gallery.schema.ts";

export const GALLERY_ITEM_NOT_FOUND = "Gallery item not found.";

/** The multipart form as the transport hands it over: text fields and the files sent as `images`. */
export interface GalleryForm {
  fields: Record<string, unknown>;
  images: Array<{ data: Uint8Array }>;
}

export function createGalleryService(
  { db, dialect }: DatabaseHandle,
  media: MediaService,
  clock: Clock,
  purgePublicCaches: PurgePublicCaches,
) {
  async function get(id: string): Promise<GalleryItem> {
    const item = isRecordId(id) ? await repo.findGalleryItem(db, id) : undefined;
    if (!item) throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
    return item;
  }

  /** Runs every upload through the media pipeline; on any refusal the files already written are removed. */
  async function storeImages(files: GalleryForm["images"]): Promise<StoredImage[]> {
    if (files.length > MAX_GALLERY_IMAGES) {
      throw new ValidationError(GALLERY_MESSAGES.tooManyImages, { images: GALLERY_MESSAGES.tooManyImages });
    }
    const stored: StoredImage[] = [];
    try {
      for (const file of files) stored.push(await media.storeImage(file.data, { folder: "gallery", field: "images" }));
    } catch (error) {
      await removeFiles(stored);
      throw error;
    }
    return stored;
  }

  const removeFiles = (images: StoredImage[]) => Promise.all(images.map((image) => media.removeImage(image)));

  /** Files first, then the row; if the row fails the new files go, so neither side is left orphaned. */
  async function withNewFiles<T>(images: StoredImage[], write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await removeFiles(images);
      throw error;
    }
  }

  return {
    /** A page of items, newest event first: 9 by default (spec §9), `limit=4` for the home preview. */
    async list(query: unknown = {}): Promise<GalleryPage> {
      const { page, limit, category, search } = parseInput(GalleryListQuerySchema, query);
      const { items, hasMore } = await repo.listGalleryItems(db, dialect, {
        offset: (page - 1) * limit,
        limit,
        category,
        search,
      });
      return { images: items, hasMore };
    },

    get,

    async create(form: GalleryForm): Promise<GalleryItem> {
      const input = parseInput(GalleryInputSchema, form.fields);
      if (form.images.length === 0) {
        throw new ValidationError(GALLERY_MESSAGES.imagesRequired, { images: GALLERY_MESSAGES.imagesRequired });
      }
      const images = await storeImages(form.images);
      const id = newId();
      await withNewFiles(images, () => repo.insertGalleryItem(db, id, input, images, clock().toISOString()));
      await purgePublicCaches();
      return get(id);
    },

    /** New images replace all existing ones (their files are deleted); without images the old ones stay. */
    async update(id: string, form: GalleryForm): Promise<GalleryItem> {
      if (!isRecordId(id)) throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
      const input = parseInput(GalleryInputSchema, form.fields);
      const images = form.images.length > 0 ? await storeImages(form.images) : null;
      const replaced = await withNewFiles(images ?? [], () =>
        repo.updateGalleryItem(db, id, input, images, clock().toISOString()),
      );
      if (!replaced) {
        await removeFiles(images ?? []);
        throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
      }
      // Purged before the old files go, so no instance keeps serving a page that shows them.
      await purgePublicCaches();
      await removeFiles(replaced);
      return get(id);
    },

    async remove(id: string): Promise<void> {
      const images = isRecordId(id) ? await repo.deleteGalleryItem(db, id) : undefined;
      if (!images) throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
      await purgePublicCaches();
      await removeFiles(images);
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
