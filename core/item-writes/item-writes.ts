import { availableParallelism } from "node:os";
import type { Db } from "../../db/database.ts";
import { type Actor, type Audit, fieldsChanged } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { JobQueue } from "../jobs/jobs.service.ts";
import type { ImageInput } from "../media/image-input.ts";
import type { StoredImage } from "../media/media.schema.ts";
import type { MediaService } from "../media/media.service.ts";
import type { UploadFolder } from "../media/upload-references.ts";
import { variantsJobFor } from "../media/variant-job.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { deleteItem as deleteTranslations } from "../translations/translations.repository.ts";
import { type ItemState, resolveState, stateAudit } from "../versions/item-states.ts";
import type { ScheduledPublishing } from "../versions/scheduled-publishing.ts";
import {
  asksForDescriptions,
  DESCRIPTION_MESSAGES,
  firstUndescribed,
  type ImageDescription,
} from "./image-descriptions.ts";

/** The consent a write sent for one thing it shows, as core/consent records it. */
export interface SentConsent {
  url: string;
  sent: unknown;
  field: string;
}

/** A picture as the publish check reads it: its description, and how a refusal names it. */
export interface DescribedPicture extends ImageDescription {
  name: string;
  field: string;
}

/** What one write hands the kind to store: the new files are null on an update that keeps the old. */
export interface ItemWrite<Values> {
  id: string;
  values: Values;
  files: StoredImage[] | null;
  state: ItemState;
  now: string;
}

/**
 * What a published content kind (blog post, publication, gallery item, video) tells the one write
 * sequence: its names, its uploads, its checks and its rows. Everything else (consents, the
 * publishable check, variant jobs, audit, scheduling, cache purge, file clean-up) is the sequence's.
 * docs/decisions/0601-item-writes.md
 */
export interface ItemKind<Item extends Values, Values> {
  /** How the audit log, translations and scheduled-publish jobs name the kind (STATEFUL_TABLES' word). */
  entity: string;
  /** The 404's message. */
  notFound: string;
  /** Where the kind's uploads are stored; absent when it stores none (a video shows YouTube's picture). */
  uploads?: {
    folder: UploadFolder;
    /** The form field they come in, named in the audit entry of a write that stores new ones. */
    field: string;
    /** More than this many are refused before any is stored. */
    max?: { count: number; message: string };
  };
  /** The write's own fields checked into the values stored (a create must send its uploads); throws the 400. */
  validate(fields: unknown, uploads: readonly ImageInput[], creating: boolean): Values;
  find(db: Db, id: string): Promise<Item | undefined>;
  stateOf(item: Item): ItemState;
  /** The item's stored files: removed once a write that replaces them, or the delete, has committed. */
  filesOf(item: Item): StoredImage[];
  /** What the item shows the public, as consent is kept for it: its image URLs, or a video's key. */
  shows(values: Values, files: readonly StoredImage[]): string[];
  /** The consent the write sent for each thing shown (nothing sent records nothing). */
  consents(fields: unknown, shown: readonly string[]): SentConsent[];
  /**
   * The pictures the item shows after the write, in order, with their descriptions and how a refusal
   * names each (docs/decisions/0770-every-picture-described.md); `shown` is what `shows` answered.
   */
  described(values: Values, before: Item | null, shown: readonly string[]): DescribedPicture[];
  /** The fields an audit entry compares, by the form's names. */
  audited(values: Values): object;
  insert(trx: Db, write: ItemWrite<Values>): Promise<void>;
  /** Only new files are written: a kept image's columns may be finished by its variant job meanwhile. */
  update(trx: Db, write: ItemWrite<Values>): Promise<void>;
  delete(trx: Db, id: string): Promise<void>;
}

export interface ItemWritesDeps {
  db: Db;
  media: Pick<MediaService, "storeSource" | "removeImage">;
  clock: Clock;
  audit: Audit;
  scheduling: Pick<ScheduledPublishing, "recordConsents" | "assertMayGoPublic" | "afterWrite">;
  /** The durable queue each new image's remaining sizes are encoded through (docs/decisions/0440). */
  jobs: Pick<JobQueue, "enqueue" | "wake">;
  purgePublicCaches: PurgePublicCaches;
  /**
   * Uploads of one request handed on at once: the cores this machine has. With the preparer's child
   * processes (core/media/source-preparer.ts) their pool decides how many run; the rest wait there.
   */
  parallel?: number;
}

/**
 * A write from the admin forms (which say whether each picture is decorative) publishes or schedules
 * only described pictures; the spec's clients send no descriptions and are listed on the dashboard.
 */
function assertDescribed(pictures: readonly DescribedPicture[]) {
  const picture = pictures[firstUndescribed(pictures)];
  if (!picture) return;
  const message = DESCRIPTION_MESSAGES.missing(picture.name);
  throw new ValidationError(message, { status: message, [picture.field]: message });
}

/**
 * The one way a content item is created, updated and deleted: new files are stored first; consents,
 * the publishable check, the row, its variant jobs, the audit entry with its state change and the
 * scheduled-publish job share one transaction; if it fails the new files go. Once it has committed
 * the worker is woken, the public caches are purged, and only then are replaced files removed, so
 * no instance keeps serving a page that shows them. Returns the item's id; the kind's service reads
 * the item back in its own shape.
 */
export function createItemWrites<Item extends Values, Values>(
  { db, media, clock, audit, scheduling, jobs, purgePublicCaches, parallel }: ItemWritesDeps,
  kind: ItemKind<Item, Values>,
) {
  const lanes = Math.max(1, parallel ?? availableParallelism());

  async function find(from: Db, id: string): Promise<Item> {
    const item = isRecordId(id) ? await kind.find(from, id) : undefined;
    if (!item) throw new NotFoundError(kind.notFound);
    return item;
  }

  const removeFiles = (files: readonly StoredImage[]) => Promise.all(files.map((file) => media.removeImage(file)));

  /**
   * Checks and strips every upload and stores its largest JPEG, a few at once; the rest of each
   * ladder is a background job queued with the row. On any refusal the files already written are
   * removed. Files keep the order they were sent in.
   */
  async function store(uploads: readonly ImageInput[]): Promise<StoredImage[]> {
    const { uploads: where } = kind;
    if (!where || uploads.length === 0) return [];
    if (where.max && uploads.length > where.max.count) {
      throw new ValidationError(where.max.message, { [where.field]: where.max.message });
    }
    const stored: Array<StoredImage | undefined> = new Array(uploads.length);
    let next = 0;
    let failed = false;
    const lane = async () => {
      while (!failed && next < uploads.length) {
        const index = next++;
        try {
          stored[index] = await media.storeSource(uploads[index] as ImageInput, {
            folder: where.folder,
            field: where.field,
          });
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    const done = await Promise.allSettled(Array.from({ length: Math.min(lanes, uploads.length) }, lane));
    const refusal = done.find((result) => result.status === "rejected");
    if (refusal) {
      await removeFiles(stored.filter((file) => file !== undefined));
      throw refusal.reason;
    }
    return stored as StoredImage[];
  }

  /** Files first, then the transaction; if it fails the new files go, so neither side is left orphaned. */
  async function withNewFiles<T>(files: readonly StoredImage[], transaction: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(transaction);
    } catch (error) {
      await removeFiles(files);
      throw error;
    }
  }

  /** The write's part of the transaction; `before` is null on a create. */
  async function write(trx: Db, write: ItemWrite<Values>, fields: unknown, before: Item | null, actor: Actor) {
    const { id, values, files, state } = write;
    const shown = kind.shows(values, files ?? (before ? kind.filesOf(before) : []));
    await scheduling.recordConsents(trx, kind.consents(fields, shown), actor, id);
    await scheduling.assertMayGoPublic(trx, state, shown);
    if (state.status !== "draft" && asksForDescriptions(fields)) assertDescribed(kind.described(values, before, shown));
    if (before) await kind.update(trx, write);
    else await kind.insert(trx, write);
    for (const file of files ?? []) if (file.processing) await jobs.enqueue(trx, variantsJobFor(file));
    const beforeState = before && kind.stateOf(before);
    const { fields: stateFields, values: stateValues } = stateAudit(beforeState, state);
    await audit.record(trx, actor, {
      action: before ? "update" : "create",
      entity: kind.entity,
      entityId: id,
      fields: [
        ...fieldsChanged(before ? kind.audited(before) : {}, kind.audited(values)),
        ...(files?.length && kind.uploads ? [kind.uploads.field] : []),
        ...stateFields,
      ],
      values: stateValues,
    });
    await scheduling.afterWrite(trx, { entity: kind.entity, id }, beforeState, state);
  }

  /** After the commit: wake the worker for new variant jobs, purge, then remove the replaced files. */
  async function afterCommit(files: readonly StoredImage[], replaced: readonly StoredImage[]) {
    if (files.some((file) => file.processing)) jobs.wake();
    await purgePublicCaches();
    await removeFiles(replaced);
  }

  return {
    /** Finds an item in any state, or throws the kind's 404. */
    find: (id: string) => find(db, id),

    /** A create that names no status publishes at once (core/versions/item-states.ts). */
    async create(fields: unknown, uploads: readonly ImageInput[], actor: Actor): Promise<string> {
      const values = kind.validate(fields, uploads, true);
      const state = resolveState(fields, null, clock());
      const files = await store(uploads);
      const id = newId();
      const now = clock().toISOString();
      await withNewFiles(files, (trx) => write(trx, { id, values, files, state, now }, fields, null, actor));
      await afterCommit(files, []);
      return id;
    },

    /** New uploads replace every stored file (removed after the commit); without any the files stay. */
    async update(id: string, fields: unknown, uploads: readonly ImageInput[], actor: Actor): Promise<string> {
      // The body is checked before the item is looked up: a bad body is a 400 whatever the id.
      const values = kind.validate(fields, uploads, false);
      const current = await find(db, id);
      const state = resolveState(fields, kind.stateOf(current), clock());
      const files = uploads.length > 0 ? await store(uploads) : null;
      const now = clock().toISOString();
      const replaced = await withNewFiles(files ?? [], async (trx) => {
        const before = await find(trx, id);
        await write(trx, { id, values, files, state, now }, fields, before, actor);
        return files ? kind.filesOf(before) : [];
      });
      await afterCommit(files ?? [], replaced);
      return id;
    },

    /** Deletes the item, its translations and its pending scheduled publish; then every file it had. */
    async remove(id: string, actor: Actor): Promise<void> {
      const removed = await db.transaction().execute(async (trx) => {
        const item = await find(trx, id);
        // Recorded first, while the item is there to give the entry its name (decision 0889).
        await audit.record(trx, actor, { action: "delete", entity: kind.entity, entityId: id });
        await kind.delete(trx, id);
        await deleteTranslations(trx, kind.entity, id);
        await scheduling.afterWrite(trx, { entity: kind.entity, id }, kind.stateOf(item), null);
        return item;
      });
      await afterCommit([], kind.filesOf(removed));
    },
  };
}
