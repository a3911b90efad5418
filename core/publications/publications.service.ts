import type { Db } from "../../db/database.ts";
import { type Actor, type Audit, fieldsChanged } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { JobQueue } from "../jobs/jobs.service.ts";
import type { ImageInput } from "../media/image-input.ts";
import type { StoredImage } from "../media/media.schema.ts";
import type { MediaService } from "../media/media.service.ts";
import { parseStoredImage, serializeStoredImage } from "../media/stored-image.ts";
import { variantsJobFor } from "../media/variant-job.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { fieldErrors, parseInput } from "../shared/validation.ts";
import { deleteItem as deleteTranslations } from "../translations/translations.repository.ts";
import {
  type ItemState,
  resolveState,
  StateFilterSchema,
  stateAudit,
  stateColumns,
  stateOf,
} from "../versions/item-states.ts";
import { type ScheduledPublishing, sentConsent } from "../versions/scheduled-publishing.ts";
import * as repo from "./publications.repository.ts";
import {
  PUBLICATION_MESSAGES,
  type Publication,
  type PublicationInput,
  PublicationInputSchema,
} from "./publications.schema.ts";

export const PUBLICATION_NOT_FOUND_MESSAGE = "Publication not found.";

function toPublication(row: repo.PublicationRow): Publication {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.image_url,
    image: parseStoredImage(row.image_variants, row.image_url),
    link: row.link,
    publicationDate: row.publication_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...stateOf(row),
  };
}

function validate(fields: unknown, imageMissing: boolean): PublicationInput {
  const parsed = PublicationInputSchema.safeParse(fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (imageMissing) errors.image = PUBLICATION_MESSAGES.image;
  if (parsed.success && Object.keys(errors).length === 0) return parsed.data;
  throw new ValidationError(Object.values(errors)[0] as string, errors);
}

/** How the audit log names a publication. */
export const PUBLICATION_AUDIT_ENTITY = "publication";

/** The publication's fields as the form names them, to tell which ones an update changed. */
const formFields = (row: Pick<repo.PublicationRow, "title" | "description" | "link" | "publication_date">) => ({
  title: row.title,
  description: row.description,
  link: row.link,
  publicationDate: row.publication_date,
});

export function createPublicationService(
  db: Db,
  media: MediaService,
  clock: Clock,
  purgePublicCaches: PurgePublicCaches,
  audit: Audit,
  scheduling: ScheduledPublishing,
  /** The durable queue the rest of each image's ladder is encoded through (docs/decisions/0440). */
  jobs: Pick<JobQueue, "enqueue" | "wake">,
) {
  /** Staff find a publication in any state; the public only a published one. */
  async function findRow(id: string, publicOnly = false) {
    const row = isRecordId(id) ? await repo.findPublication(db, id) : undefined;
    if (!row || (publicOnly && row.status !== "published")) throw new NotFoundError(PUBLICATION_NOT_FOUND_MESSAGE);
    return row;
  }

  /**
   * Checks and strips the upload and stores its largest JPEG; the rest of the ladder is a background
   * job, queued with the row (docs/decisions/0440).
   */
  const storeImage = (image: ImageInput) => media.storeSource(image, { folder: "publications", field: "image" });
  const enqueueVariants = async (trx: Db, image: StoredImage | undefined) => {
    if (image?.processing) await jobs.enqueue(trx, variantsJobFor(image));
  };

  return {
    /** Published publications. */
    async list(): Promise<Publication[]> {
      return (await repo.listPublications(db, "published")).map(toPublication);
    },

    /** A published publication. */
    async get(id: string): Promise<Publication> {
      return toPublication(await findRow(id, true));
    },

    /** Every publication, or those in one state (`{ status }`): the admin list. */
    async listForStaff(query: unknown = {}): Promise<Publication[]> {
      const { status } = parseInput(StateFilterSchema, query);
      return (await repo.listPublications(db, status)).map(toPublication);
    },

    /** A publication in any state: the editor and the preview. */
    async getForStaff(id: string): Promise<Publication> {
      return toPublication(await findRow(id));
    },

    async create(fields: unknown, image: ImageInput | undefined, actor: Actor): Promise<Publication> {
      const input = validate(fields, !image);
      const state = resolveState(fields, null, clock());
      const stored = await storeImage(image as ImageInput);
      const now = clock().toISOString();
      const row: repo.PublicationRow = {
        id: newId(),
        title: input.title,
        description: input.description,
        link: input.link,
        publication_date: input.publicationDate,
        image_url: stored.url,
        image_variants: serializeStoredImage(stored),
        created_at: now,
        updated_at: now,
        ...stateColumns(state),
      };
      try {
        await db.transaction().execute(async (trx) => {
          await scheduling.recordConsents(trx, [sentConsent(fields, row.image_url)], actor, row.id);
          await scheduling.assertMayGoPublic(trx, state, [row.image_url]);
          await repo.insertPublication(trx, row);
          await enqueueVariants(trx, stored);
          const { fields: stateFields, values } = stateAudit(null, state);
          await audit.record(trx, actor, {
            action: "create",
            entity: PUBLICATION_AUDIT_ENTITY,
            entityId: row.id,
            fields: [...fieldsChanged({}, formFields(row)), "image", ...stateFields],
            values,
          });
          await scheduling.afterWrite(trx, state);
        });
      } catch (error) {
        await media.removeImage(stored);
        throw error;
      }
      if (stored.processing) jobs.wake();
      await purgePublicCaches();
      return toPublication(row);
    },

    async update(id: string, fields: unknown, image: ImageInput | undefined, actor: Actor): Promise<Publication> {
      const existing = await findRow(id);
      const input = validate(fields, false);
      const before: ItemState = stateOf(existing);
      const state = resolveState(fields, before, clock());
      const stored: StoredImage | undefined = image ? await storeImage(image) : undefined;
      const imageUrl = stored?.url ?? existing.image_url;
      const changes = {
        title: input.title,
        description: input.description,
        link: input.link,
        publication_date: input.publicationDate,
        // Only a new image is written: the kept one's column may be finished by its job meanwhile.
        ...(stored ? { image_url: stored.url, image_variants: serializeStoredImage(stored) } : {}),
        updated_at: clock().toISOString(),
        ...stateColumns(state),
      };
      try {
        await db.transaction().execute(async (trx) => {
          await scheduling.recordConsents(trx, [sentConsent(fields, imageUrl)], actor, id);
          await scheduling.assertMayGoPublic(trx, state, [imageUrl]);
          await repo.updatePublication(trx, id, changes);
          await enqueueVariants(trx, stored);
          const { fields: stateFields, values } = stateAudit(before, state);
          await audit.record(trx, actor, {
            action: "update",
            entity: PUBLICATION_AUDIT_ENTITY,
            entityId: id,
            fields: [
              ...fieldsChanged(formFields(existing), formFields(changes)),
              ...(stored ? ["image"] : []),
              ...stateFields,
            ],
            values,
          });
          await scheduling.afterWrite(trx, state);
        });
      } catch (error) {
        await media.removeImage(stored);
        throw error;
      }
      if (stored?.processing) jobs.wake();
      // Purged before the old files go, so no instance keeps serving a page that shows them.
      await purgePublicCaches();
      if (stored) await media.removeImage(parseStoredImage(existing.image_variants, existing.image_url));
      return toPublication({ ...existing, ...changes });
    },

    async remove(id: string, actor: Actor): Promise<void> {
      const existing = await findRow(id);
      const deleted = await db.transaction().execute(async (trx) => {
        const found = await repo.deletePublication(trx, id);
        if (found) {
          await deleteTranslations(trx, PUBLICATION_AUDIT_ENTITY, id);
          await audit.record(trx, actor, { action: "delete", entity: PUBLICATION_AUDIT_ENTITY, entityId: id });
        }
        return found;
      });
      if (deleted) {
        await purgePublicCaches();
        await media.removeImage(parseStoredImage(existing.image_variants, existing.image_url));
      }
    },
  };
}

export type PublicationService = ReturnType<typeof createPublicationService>;
