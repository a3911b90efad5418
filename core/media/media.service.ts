import { randomUUID } from "node:crypto";
import { processImage } from "./image-pipeline.ts";
import type { ImageVariant, StoredImage } from "./media.schema.ts";
import type { PreparedImages } from "./prepared-images.ts";
import type { StorageDriver } from "./storage.ts";
import type { UploadFolder } from "./upload-references.ts";

const EXTENSIONS = { avif: "avif", webp: "webp", jpeg: "jpg" } as const;

export interface StoreImageOptions {
  /** Folder for this feature's files; a new one is added in upload-references.ts with the rows that own its files. */
  folder: UploadFolder;
  /** Field name used in the 400's `fields` when the file is refused. */
  field?: string;
}

/**
 * The one upload pipeline: decode-check, strip metadata, encode the width ladder, store every
 * file under a server-generated name. Features keep the returned StoredImage (its `url` is the
 * spec's plain image URL) and call removeImage when they replace or delete the record.
 * `prepared` holds the pipeline's output for known inputs (the demo pictures), used instead of encoding.
 */
export function createMediaService(storage: StorageDriver, prepared?: PreparedImages) {
  async function removeImage(image: Pick<StoredImage, "url" | "variants"> | null | undefined): Promise<void> {
    if (!image) return;
    const keys = new Set<string>();
    for (const url of [image.url, ...image.variants.map((v) => v.url)]) {
      const key = storage.keyOf(url);
      if (key) keys.add(key);
    }
    await Promise.all([...keys].map((key) => storage.delete(key)));
  }

  return {
    async storeImage(bytes: Uint8Array, { folder, field = "image" }: StoreImageOptions): Promise<StoredImage> {
      const processed = (await prepared?.find(bytes)) ?? (await processImage(bytes, field));
      const id = randomUUID();
      const variants: ImageVariant[] = [];
      try {
        for (const output of processed.outputs) {
          const key = `${folder}/${id}-${output.width}.${EXTENSIONS[output.format]}`;
          await storage.put(key, output.data, output.contentType);
          variants.push({ format: output.format, width: output.width, url: storage.url(key) });
        }
      } catch (error) {
        await removeImage({ url: "", variants });
        throw error;
      }
      const largestJpeg = variants.filter((v) => v.format === "jpeg").at(-1) as ImageVariant;
      return { url: largestJpeg.url, width: processed.width, height: processed.height, variants };
    },
    removeImage,

    /** The bytes of one of our stored files (an image's largest JPEG), or undefined when it is gone or not ours. */
    async readFile(url: string): Promise<Buffer | undefined> {
      const key = storage.keyOf(url);
      return key ? storage.get(key) : undefined;
    },

    /** The storage folder of one of our files ("blog", "gallery", …), or undefined for any other URL. */
    folderOf(url: string): UploadFolder | undefined {
      return storage.keyOf(url)?.split("/")[0] as UploadFolder | undefined;
    },

    /**
     * Those of `images` whose files are gone from storage: an upload no record named within the
     * leftover sweep's hour (upload-leftovers.ts) has been removed. Pictures outside our storage
     * (the static demo ones) are never missing.
     */
    async missingImages<T extends Pick<StoredImage, "url">>(images: T[]): Promise<T[]> {
      const keyed = images.flatMap((image) => {
        const key = storage.keyOf(image.url);
        return key ? [{ image, key }] : [];
      });
      const present = new Set<string>();
      for (const folder of new Set(keyed.map(({ key }) => `${key.split("/")[0]}/`))) {
        for await (const object of storage.list(folder)) present.add(object.key);
      }
      return keyed.filter(({ key }) => !present.has(key)).map(({ image }) => image);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
