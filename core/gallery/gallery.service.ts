import { availableParallelism } from "node:os";
import type { DatabaseHandle, Db } from "../../db/database.ts";
import { type Actor, type Audit, fieldsChanged } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { JobQueue } from "../jobs/jobs.service.ts";
import type { ImageInput } from "../media/image-input.ts";
import type { StoredImage } from "../media/media.schema.ts";
import type { MediaService } from "../media/media.service.ts";
import { variantsJobFor } from "../media/variant-job.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import { deleteItem as deleteTranslations } from "../translations/translations.repository.ts";
import { resolveState, StateFilterSchema, stateAudit } from "../versions/item-states.ts";
import type { ScheduledPublishing } from "../versions/scheduled-publishing.ts";
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
  /** The files sent, in order: uploads in their spooled files, or bytes (the demo seed, tests). */
  images: ImageInput[];
}

/** How the audit log names a gallery item. */
export const GALLERY_AUDIT_ENTITY = "gallery-item";

/** The item's text fields, to tell which ones an update changed. */
const textFields = ({ title, description, category, eventDate }: repo.GalleryRecord) => ({
  title,
  description,
  category,
  eventDate,
});

/**
 * The consent a gallery write sent for each image it shows (`imageConsents`: a JSON list in the
 * images' order, an entry per image, null for "leave as recorded"). Ours and optional.
 */
const IMAGE_CONSENTS_MESSAGE = "imageConsents must be a JSON list, one entry per image.";
function sentConsents(fields: unknown, shown: ReadonlyArray<{ url: string }>) {
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
  return shown.map((image, index) => ({ url: image.url, sent: list[index], field: `imageConsents.${index}` }));
}

export function createGalleryService(
  { db, dialect }: DatabaseHandle,
  media: MediaService,
  clock: Clock,
  purgePublicCaches: PurgePublicCaches,
  audit: Audit,
  scheduling: ScheduledPublishing,
  jobs: Pick<JobQueue, "enqueue" | "wake">,
  /**
   * Images of one request handed on at once: the cores this machine has. With the preparer's child
   * processes (core/media/source-preparer.ts) their pool decides how many run; the rest wait there.
   */
  parallel = Math.max(1, availableParallelism()),
) {
  /** Staff find an item in any state; the public only a published one. */
  async function find(id: string, publicOnly: boolean): Promise<GalleryItem> {
    const item = isRecordId(id) ? await repo.findGalleryItem(db, id) : undefined;
    if (!item || (publicOnly && item.status !== "published")) throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
    return item;
  }
  const getForStaff = (id: string) => find(id, false);

  async function page(query: unknown, status: GalleryItem["status"] | undefined): Promise<GalleryPage> {
    const { page, limit, category, search } = parseInput(GalleryListQuerySchema, query);
    const { items, hasMore } = await repo.listGalleryItems(db, dialect, {
      offset: (page - 1) * limit,
      limit,
      category,
      search,
      status,
    });
    return { images: items, hasMore };
  }

  /**
   * Checks and strips every upload and stores its largest JPEG, a few at once (the cores allow);
   * the rest of each ladder is a background job (docs/decisions/0440). On any refusal the files
   * already written are removed. Images keep the order they were sent in.
   */
  async function storeImages(files: GalleryForm["images"]): Promise<StoredImage[]> {
    if (files.length > MAX_GALLERY_IMAGES) {
      throw new ValidationError(GALLERY_MESSAGES.tooManyImages, { images: GALLERY_MESSAGES.tooManyImages });
    }
    const stored: Array<StoredImage | undefined> = new Array(files.length);
    let next = 0;
    let failed = false;
    const lane = async () => {
      while (!failed && next < files.length) {
        const index = next++;
        const file = files[index] as ImageInput;
        try {
          stored[index] = await media.storeSource(file, { folder: "gallery", field: "images" });
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(parallel, files.length) }, lane));
    const refusal = lanes.find((lane) => lane.status === "rejected");
    if (refusal) {
      await removeFiles(stored.filter((image) => image !== undefined));
      throw refusal.reason;
    }
    return stored as StoredImage[];
  }

  /** The variant jobs of the images still processing, in the transaction that stores their row. */
  async function enqueueVariants(trx: Db, images: StoredImage[]) {
    for (const image of images) if (image.processing) await jobs.enqueue(trx, variantsJobFor(image));
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
    /** A page of published items, newest event first: 9 by default (spec §9), `limit=4` for the home preview. */
    list: (query: unknown = {}) => page(query, "published"),

    /** A published item. */
    get: (id: string) => find(id, true),

    /** A page of every item, or of those in one state (`status`): the admin list. */
    listForStaff: (query: unknown = {}) => page(query, parseInput(StateFilterSchema, query).status),

    /** An item in any state: the editor and the preview. */
    getForStaff,

    async create(form: GalleryForm, actor: Actor): Promise<GalleryItem> {
      const input = parseInput(GalleryInputSchema, form.fields);
      if (form.images.length === 0) {
        throw new ValidationError(GALLERY_MESSAGES.imagesRequired, { images: GALLERY_MESSAGES.imagesRequired });
      }
      const state = resolveState(form.fields, null, clock());
      const images = await storeImages(form.images);
      const id = newId();
      await withNewFiles(images, () =>
        db.transaction().execute(async (trx) => {
          await scheduling.recordConsents(trx, sentConsents(form.fields, images), actor, id);
          await scheduling.assertMayGoPublic(
            trx,
            state,
            images.map((image) => image.url),
          );
          await repo.insertGalleryItem(trx, id, input, images, state, clock().toISOString());
          await enqueueVariants(trx, images);
          const { fields: stateFields, values } = stateAudit(null, state);
          const fields = [...fieldsChanged({}, textFields(input)), "images", ...stateFields];
          const entry = { action: "create", entity: GALLERY_AUDIT_ENTITY, entityId: id, fields, values } as const;
          await audit.record(trx, actor, entry);
          await scheduling.afterWrite(trx, state);
        }),
      );
      jobs.wake();
      await purgePublicCaches();
      return getForStaff(id);
    },

    /** New images replace all existing ones (their files are deleted); without images the old ones stay. */
    async update(id: string, form: GalleryForm, actor: Actor): Promise<GalleryItem> {
      if (!isRecordId(id)) throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
      const input = parseInput(GalleryInputSchema, form.fields);
      const current = await repo.findGalleryItem(db, id);
      if (!current) throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
      const state = resolveState(form.fields, current, clock());
      const images = form.images.length > 0 ? await storeImages(form.images) : null;
      const replaced = await withNewFiles(images ?? [], () =>
        db.transaction().execute(async (trx) => {
          const existing = await repo.findGalleryItem(trx, id);
          const shown = images ?? existing?.images ?? [];
          await scheduling.recordConsents(trx, sentConsents(form.fields, shown), actor, id);
          await scheduling.assertMayGoPublic(
            trx,
            state,
            shown.map((image) => image.url),
          );
          const old = await repo.updateGalleryItem(trx, id, input, images, state, clock().toISOString());
          if (old && images) await enqueueVariants(trx, images);
          if (existing && old) {
            const { fields: stateFields, values } = stateAudit(existing, state);
            const fields = [
              ...fieldsChanged(textFields(existing), textFields(input)),
              ...(images ? ["images"] : []),
              ...stateFields,
            ];
            const entry = { action: "update", entity: GALLERY_AUDIT_ENTITY, entityId: id, fields, values } as const;
            await audit.record(trx, actor, entry);
            await scheduling.afterWrite(trx, state);
          }
          return old;
        }),
      );
      if (!replaced) {
        await removeFiles(images ?? []);
        throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
      }
      if (images) jobs.wake();
      // Purged before the old files go, so no instance keeps serving a page that shows them.
      await purgePublicCaches();
      await removeFiles(replaced);
      return getForStaff(id);
    },

    async remove(id: string, actor: Actor): Promise<void> {
      if (!isRecordId(id)) throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
      const images = await db.transaction().execute(async (trx) => {
        const removed = await repo.deleteGalleryItem(trx, id);
        if (removed) {
          await deleteTranslations(trx, GALLERY_AUDIT_ENTITY, id);
          await audit.record(trx, actor, { action: "delete", entity: GALLERY_AUDIT_ENTITY, entityId: id });
        }
        return removed;
      });
      if (!images) throw new NotFoundError(GALLERY_ITEM_NOT_FOUND);
      await purgePublicCaches();
      await removeFiles(images);
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
