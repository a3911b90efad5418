import type { Db } from "../../db/database.ts";
import type { JobDefinition } from "../jobs/jobs.service.ts";
import type { Clock } from "../shared/clock.ts";
import type { StorageDriver } from "./storage.ts";
import { imageOf, referencedImages, UPLOAD_FOLDERS } from "./upload-references.ts";

/**
 * Files younger than this are never swept: an upload writes its files before its row, so a young file
 * without a row may still be about to get one. No upload in progress is anywhere near this old: its
 * body must arrive within the server's request timeout (2 min, server/app.ts) and encoding the
 * largest upload (ten images) takes well under a minute.
 */
export const LEFTOVER_MIN_AGE_MS = 60 * 60_000;
export const SWEEP_EVERY_MS = 60 * 60_000;
export const UPLOAD_SWEEP_JOB = "media.sweep-upload-leftovers";

/**
 * Removes what interrupted uploads left: files no row refers to and half-written temp files, both
 * older than LEFTOVER_MIN_AGE_MS. Files are listed before rows are read, so a row committed during
 * the sweep is seen before any of its files could be judged.
 */
export async function sweepUploadLeftovers(
  db: Db,
  storage: StorageDriver,
  now: Date,
): Promise<{ removed: number; interrupted: number }> {
  const cutoff = new Date(now.getTime() - LEFTOVER_MIN_AGE_MS);
  const interrupted = await storage.removeInterruptedWrites(cutoff);
  const old: string[] = [];
  for (const folder of UPLOAD_FOLDERS) {
    for await (const object of storage.list(`${folder}/`)) if (object.modifiedAt < cutoff) old.push(object.key);
  }
  const owned = await referencedImages(db, storage);
  const leftovers = old.filter((key) => !owned.has(imageOf(key)));
  for (const key of leftovers) await storage.delete(key);
  return { removed: leftovers.length, interrupted };
}

/** The sweep as a recurring job: at every start and every SWEEP_EVERY_MS, once across instances. */
export function uploadSweepJob(db: Db, storage: StorageDriver, clock: Clock): JobDefinition<null> {
  return {
    type: UPLOAD_SWEEP_JOB,
    everyMs: SWEEP_EVERY_MS,
    maxAttempts: 3,
    async handle(_payload, job) {
      await job.progress(await sweepUploadLeftovers(db, storage, clock()));
    },
  };
}
