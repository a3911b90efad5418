import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { JobQueue } from "../jobs/jobs.service.ts";
import { ConflictError } from "../shared/errors.ts";
import type { StorageDriver } from "./storage.ts";
import type { UploadFolder } from "./upload-references.ts";
import { type ImageOwner, VARIANTS_JOB, type VariantsPayload, variantsKey } from "./variant-job.ts";

/** The kinds of record whose pictures the variant job prepares, as the admin screens name them. */
export type PictureKind = "gallery" | "blog" | "publications";

/** A picture whose smaller sizes could not be made: the variant job gave up on it. */
export interface UnpreparedPicture {
  /** The picture's stored URL: what `retry` is given. */
  url: string;
  kind: PictureKind;
  item: { id: string; title: string };
  /** Why, in words staff can act on. */
  reason: string;
  /** The job's own last error, for whoever looks further. */
  error: string | null;
  failedAt: string | null;
}

/** The audit entity of each kind: the one its own screens record their changes under. */
const AUDIT_ENTITY: Record<PictureKind, string> = {
  gallery: "gallery-item",
  blog: "blog",
  publications: "publication",
};

/** Listed at most: more than this many failed pictures means something is broken site-wide. */
const SHOWN = 50;

export const NOT_FAILED_MESSAGE = "This picture is not waiting to be tried again.";

/**
 * Says in plain words why the variant job gave up, from its last error. The job's errors come from
 * three places: the encoder (a file it cannot read), the storage (a disk or bucket away) and the job
 * itself (the record kept changing, or the run kept being cut short).
 */
export function plainReason(error: string | null): string {
  const text = (error ?? "").toLowerCase();
  if (/cut short/.test(text)) {
    return "Preparing it stopped part-way every time it was tried (the server restarted or ran out of memory).";
  }
  if (/kept changing/.test(text)) return "The item was changed again and again while its picture was being prepared.";
  if (
    /unsupported image|input buffer|input file|corrupt|premature end|vips|bad seek|not a known file format/.test(text)
  ) {
    return "The uploaded file is damaged or is not a picture the site can read. Upload it again, or another file.";
  }
  if (/enospc|no space/.test(text)) return "The server's disk is full, so the smaller sizes could not be saved.";
  if (/econn|etimedout|timeout|socket|network|enotfound|eacces|eperm|enoent|storage|bucket|s3/.test(text)) {
    return "The picture store could not be reached, so the smaller sizes could not be saved.";
  }
  return "Something went wrong while its smaller sizes were being made.";
}

/**
 * What staff see of the variant job (core/media/variant-job.ts) once it gave up, and their way to run
 * it again: the same job row, made due with all its attempts, so there is one mechanism and one key
 * per picture (docs/decisions/0730-pictures-that-could-not-be-prepared.md).
 */
export function createPicturePreparation({
  db,
  jobs,
  audit,
  storage,
  owners,
}: {
  db: Db;
  jobs: Pick<JobQueue, "failed" | "retryFailed" | "wake">;
  audit: Audit;
  storage: Pick<StorageDriver, "keyOf">;
  owners: Record<PictureKind, ImageOwner>;
}) {
  const kindOf = (url: string): PictureKind | undefined => {
    const folder = storage.keyOf(url)?.split("/")[0] as UploadFolder | undefined;
    return folder && folder in owners ? (folder as PictureKind) : undefined;
  };

  return {
    /** The pictures that could not be prepared and whose record is still there, latest first. */
    async unprepared(): Promise<UnpreparedPicture[]> {
      const found: UnpreparedPicture[] = [];
      for (const job of await jobs.failed(VARIANTS_JOB, SHOWN)) {
        const { url } = job.payload as VariantsPayload;
        const kind = kindOf(url);
        // A record deleted meanwhile took its picture with it: nothing is left to prepare.
        const item = kind && (await owners[kind].item(db, url));
        if (!kind || !item) continue;
        found.push({
          url,
          kind,
          item,
          reason: plainReason(job.lastError),
          error: job.lastError,
          failedAt: job.finishedAt,
        });
      }
      return found;
    },

    /** Runs the picture's job again from its first attempt, recorded as asked by `actor`. */
    async retry(url: string, actor: Actor): Promise<void> {
      const kind = kindOf(url);
      const item = kind && (await owners[kind].item(db, url));
      const retried =
        kind !== undefined &&
        (await db.transaction().execute(async (trx) => {
          if (!(await jobs.retryFailed(trx, variantsKey(url)))) return false;
          await audit.record(trx, actor, {
            action: "retry",
            entity: AUDIT_ENTITY[kind],
            entityId: item?.id ?? null,
            values: { step: "pictures" },
          });
          return true;
        }));
      if (!retried) throw new ConflictError(NOT_FAILED_MESSAGE);
      jobs.wake();
    },
  };
}
