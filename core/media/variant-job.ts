import type { Db } from "../../db/database.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { EnqueueRequest, JobDefinition } from "../jobs/jobs.service.ts";
import type { ImageVariant, StoredImage } from "./media.schema.ts";
import type { StorageDriver } from "./storage.ts";
import { imageOf, variantKey } from "./storage-keys.ts";
import type { UploadFolder } from "./upload-references.ts";
import type { VariantEncoder } from "./variant-encoder.ts";

export const VARIANTS_JOB = "media.encode-variants";

export interface VariantsPayload {
  /** The image's `url` (its largest JPEG), which the record that keeps it names. */
  url: string;
}

/** The record that keeps an image, as the variant job sees it: found and replaced by the image's URL. */
export interface ImageOwner {
  /** The stored column (JSON) and the image it holds, or undefined once no record names `url`. */
  read(db: Db, url: string): Promise<{ json: string | null; image: StoredImage } | undefined>;
  /** Writes `image` where the record names `url` and still holds exactly `json`; false otherwise. */
  replace(db: Db, url: string, json: string | null, image: StoredImage): Promise<boolean>;
  /** Whether the record holding `url` has no image left processing (then pages are worth redrawing). */
  settled(db: Db, url: string): Promise<boolean>;
  /** The record holding `url` as staff know it, for telling them which one's pictures failed. */
  item(db: Db, url: string): Promise<{ id: string; title: string } | undefined>;
}

/** The key of the one job that finishes the image stored at `url`. */
export const variantsKey = (url: string) => `variants:${url}`;

/** The job that finishes one image a request stored with `media.storeSource`; enqueue it with the record. */
export const variantsJobFor = (image: StoredImage): EnqueueRequest => ({
  type: VARIANTS_JOB,
  payload: { url: image.url } satisfies VariantsPayload,
  key: variantsKey(image.url),
});

/** Tries to attach the finished ladder a few times if the record changed meanwhile in another way. */
const ATTACH_TRIES = 3;

/**
 * Encodes the rest of an image's ladder from its stored largest JPEG (already metadata-free), in the
 * background and at a lower priority than requests (variant-encoder.ts), then records the variants
 * on the row that keeps the image (docs/decisions/0440); the public caches are purged when the
 * record's last image is done.
 *
 * Deletion wins: the files are written first and attached only where a row still names the image,
 * by a compare-and-set on the row. If the row is gone (deleted, consent withdrawn, images replaced)
 * the files just written are deleted here; if it goes after the attach, its deleter removes every
 * key of the ladder (media.service's removeImage). Either way no file outlives its row. A crash
 * anywhere is retried from the start: the names are the same, so files are overwritten, not doubled.
 */
export function variantJob({
  db,
  storage,
  encode,
  owners,
  purgePublicCaches,
}: {
  db: Db;
  storage: StorageDriver;
  encode: VariantEncoder;
  owners: Partial<Record<UploadFolder, ImageOwner>>;
  purgePublicCaches: PurgePublicCaches;
}): JobDefinition<VariantsPayload> {
  return {
    type: VARIANTS_JOB,
    // A failed attempt (storage or database away) is retried soon: 5 s doubling, 10 tries in about an hour.
    maxAttempts: 10,
    retryDelayMs: (attempts) => Math.min(5_000 * 2 ** (attempts - 1), 20 * 60_000),
    // Short, so a job whose process died is taken up again soon after a restart.
    claimMs: 30_000,
    async handle({ url }) {
      const key = storage.keyOf(url);
      const owner = key ? owners[key.split("/")[0] as UploadFolder] : undefined;
      if (!key || !owner) throw new Error(`no image owner for ${url}`);
      const before = await owner.read(db, url);
      if (!before?.image.processing) return; // gone, or finished by an earlier run
      const source = await storage.get(key);
      if (!source) return; // deleted meanwhile: the row's deleter removes the rest
      const top = before.image.variants.find((v) => v.url === url) ?? { format: "jpeg" as const, width: 0, url };
      const processed = await encode(source, [{ format: "jpeg", width: top.width }]);

      const image = imageOf(key);
      const written: ImageVariant[] = [];
      const removeWritten = () => Promise.all(written.map((v) => storage.delete(storage.keyOf(v.url) as string)));
      try {
        for (const output of processed.outputs) {
          const outputKey = variantKey(image, output.format, output.width);
          await storage.put(outputKey, output.data, output.contentType);
          written.push({ format: output.format, width: output.width, url: storage.url(outputKey) });
        }
      } catch (error) {
        await removeWritten();
        throw error;
      }
      const finished: StoredImage = {
        url,
        width: before.image.width,
        height: before.image.height,
        variants: [...written, { format: "jpeg", width: top.width, url }],
      };

      let current: typeof before | undefined = before;
      for (let attempt = 0; attempt < ATTACH_TRIES; attempt++) {
        if (!current?.image.processing) break;
        if (await owner.replace(db, url, current.json, finished)) {
          // Once per item, when its last image is done: each purge makes every page render afresh,
          // and an upload of ten would otherwise purge ten times while visitors are served.
          if (await owner.settled(db, url)) await purgePublicCaches();
          return;
        }
        current = await owner.read(db, url);
      }
      if (!current) {
        await removeWritten();
        return;
      }
      if (current.image.processing) throw new Error(`the record of ${url} kept changing; will try again`);
      // Finished another way meanwhile: keep only what the record names.
      const named = new Set(current.image.variants.map((v) => v.url));
      await Promise.all(
        written.filter((v) => !named.has(v.url)).map((v) => storage.delete(storage.keyOf(v.url) as string)),
      );
    },
  };
}
