import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { JobQueue } from "../jobs/jobs.service.ts";
import { BLUR_MESSAGES, type BlurRectangle, BlurRequestSchema, blurRegions } from "../media/blur.ts";
import type { StoredImage } from "../media/media.schema.ts";
import type { MediaService } from "../media/media.service.ts";
import { parseStoredImage, serializeStoredImage } from "../media/stored-image.ts";
import type { UploadFolder } from "../media/upload-references.ts";
import { variantsJobFor } from "../media/variant-job.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import { SITE_CONTENT_KIND } from "../site-content/site-content.kind.ts";
import { replacePicture } from "../site-content/site-content.pictures.ts";
import { rewriteSnapshots } from "../versions/versions.ts";
import * as repo from "./consent.repository.ts";
import { CONSENT_MESSAGES } from "./consent.schema.ts";

/**
 * Blur before publishing (docs/decisions/0471-blur-before-publishing.md): staff draw
 * rectangles over faces or identifying details; the server blurs them in the image's largest file
 * and encodes a whole new set of files from it under a new name. Every row, site-content snapshot
 * (kept versions too) and consent record moves to the new image in one transaction; then the caches
 * are purged and every unblurred file is deleted, so the unblurred pixels are kept nowhere.
 */
export interface BlurServiceDeps {
  db: Db;
  audit: Audit;
  media: MediaService;
  purgePublicCaches: PurgePublicCaches;
  /**
   * Where the background variant job (decision 0440) can finish a ladder: there the blurred picture
   * is stored as its source (`storeSource`) and the job encodes the rest; elsewhere the whole ladder
   * is encoded at once (`storeImage`).
   */
  variants?: { jobs: Pick<JobQueue, "enqueue" | "wake">; inBackground: (folder: UploadFolder) => boolean } | null;
}

export function createBlurService({ db, audit, media, purgePublicCaches, variants = null }: BlurServiceDeps) {
  async function source(url: string) {
    if (url.startsWith("youtube:")) throw new ValidationError(BLUR_MESSAGES.video, { imageUrl: BLUR_MESSAGES.video });
    const owners = await repo.imagesWithOwners(db, { url });
    if (owners.length === 0) throw new NotFoundError(CONSENT_MESSAGES.notFound);
    const bytes = await media.readFile(url);
    const folder = media.folderOf(url);
    if (!bytes || !folder) throw new NotFoundError(BLUR_MESSAGES.missing);
    return { owners, bytes, folder };
  }

  return {
    /** The blurred picture as it would be saved (a JPEG), for the editor to look at first. Saves nothing. */
    async preview(body: unknown): Promise<Buffer> {
      const { imageUrl, rectangles } = parseInput(BlurRequestSchema, body);
      const { bytes } = await source(imageUrl);
      const { default: sharp } = await import("sharp");
      return sharp(await blurRegions(bytes, rectangles))
        .jpeg({ quality: 85 })
        .toBuffer();
    },

    /** Blurs the rectangles for good: the image every item shows is replaced by the blurred one. */
    async apply(body: unknown, actor: Actor): Promise<StoredImage> {
      const { imageUrl, rectangles } = parseInput(BlurRequestSchema, body);
      const { owners, bytes, folder } = await source(imageUrl);
      const png = await blurRegions(bytes, rectangles as BlurRectangle[]);
      const background = variants?.inBackground(folder) ?? false;
      const blurred = background ? await media.storeSource(png, { folder }) : await media.storeImage(png, { folder });
      const old = parseStoredImage(owners.find((owner) => owner.variants)?.variants ?? null, imageUrl);
      try {
        await db.transaction().execute(async (trx) => {
          await repo.replaceImage(trx, imageUrl, { url: blurred.url, variants: serializeStoredImage(blurred) });
          if (variants && blurred.processing) await variants.jobs.enqueue(trx, variantsJobFor(blurred));
          if (owners.some((owner) => owner.entity === "site-content")) {
            await rewriteSnapshots(trx, SITE_CONTENT_KIND, (snapshot) => replacePicture(snapshot, imageUrl, blurred));
          }
          for (const owner of owners) {
            await audit.record(trx, actor, {
              action: "update",
              entity: owner.entity,
              entityId: owner.id,
              fields: ["image"],
              values: { blurredRegions: rectangles.length },
            });
          }
        });
      } catch (error) {
        await media.removeImage(blurred);
        throw error;
      }
      // Purged before the files go, so no instance keeps serving a page that shows them.
      await purgePublicCaches();
      await media.removeImage(old);
      if (variants && blurred.processing) variants.jobs.wake();
      return blurred;
    },
  };
}
