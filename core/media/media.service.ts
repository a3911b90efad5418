import { randomUUID } from "node:crypto";
import { bytesOf, contentKeyOf, type ImageInput } from "./image-input.ts";
import { type ProcessedImage, prepareSource, processImage, widthsFor } from "./image-pipeline.ts";
import type { ImageVariant, StoredImage } from "./media.schema.ts";
import type { PreparedImages } from "./prepared-images.ts";
import type { SourcePreparer } from "./source-preparer.ts";
import type { StorageDriver } from "./storage.ts";
import { EXTENSIONS, imageOf, variantKey } from "./storage-keys.ts";
import type { UploadFolder } from "./upload-references.ts";

/** Every key the ladder of the image whose largest JPEG is `key` can have, whether written yet or not. */
export function ladderKeys(key: string): string[] {
  const top = /-(\d+)\.jpg$/.exec(key);
  if (!top) return [];
  const image = imageOf(key);
  return widthsFor(Number(top[1])).flatMap((width) =>
    (Object.keys(EXTENSIONS) as Array<keyof typeof EXTENSIONS>).map((format) => variantKey(image, format, width)),
  );
}

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
 * `prepare` does storeSource's checks and re-encoding (source-preparer.ts: in child processes below
 * the requests); without it they run in this process.
 */
export interface MediaServiceDeps {
  storage: StorageDriver;
  prepared?: PreparedImages;
  prepare?: SourcePreparer;
}

export function createMediaService({
  storage,
  prepared,
  prepare = async (input, field) => prepareSource(await bytesOf(input), field),
}: MediaServiceDeps) {
  /**
   * Deletes an image's files: those its record names and every other key its ladder can have, so a
   * variant the background job writes just before it finds the record gone is deleted too.
   */
  async function removeImage(image: Pick<StoredImage, "url" | "variants"> | null | undefined): Promise<void> {
    if (!image) return;
    const keys = new Set<string>();
    for (const url of [image.url, ...image.variants.map((v) => v.url)]) {
      const key = storage.keyOf(url);
      if (key) keys.add(key);
    }
    const main = storage.keyOf(image.url);
    if (main) for (const key of ladderKeys(main)) keys.add(key);
    await Promise.all([...keys].map((key) => storage.delete(key)));
  }

  /** Writes a pipeline's output under one new image name; on failure the files already written go. */
  async function storeProcessed(processed: ProcessedImage, folder: UploadFolder): Promise<ImageVariant[]> {
    const image = `${folder}/${randomUUID()}`;
    const variants: ImageVariant[] = [];
    try {
      for (const output of processed.outputs) {
        const key = variantKey(image, output.format, output.width);
        await storage.put(key, output.data, output.contentType);
        variants.push({ format: output.format, width: output.width, url: storage.url(key) });
      }
    } catch (error) {
      await removeImage({ url: "", variants });
      throw error;
    }
    return variants;
  }

  return {
    /** The whole ladder at once, in this process: for images that are small or already ours. */
    async storeImage(input: ImageInput, { folder, field = "image" }: StoreImageOptions): Promise<StoredImage> {
      const processed =
        (await prepared?.find(contentKeyOf(input))) ?? (await processImage(await bytesOf(input), field));
      const variants = await storeProcessed(processed, folder);
      const largestJpeg = variants.filter((v) => v.format === "jpeg").at(-1) as ImageVariant;
      return { url: largestJpeg.url, width: processed.width, height: processed.height, variants };
    },

    /**
     * The upload's part of the pipeline (docs/decisions/0440): the same checks and metadata
     * stripping as storeImage, but only the largest JPEG is encoded and stored; the image comes back
     * `processing`, and the caller enqueues the variant job (variant-job.ts) with the record that
     * keeps it. A prepared input (a demo picture) comes back whole, with no job to run.
     */
    async storeSource(input: ImageInput, { folder, field = "image" }: StoreImageOptions): Promise<StoredImage> {
      const ready = await prepared?.find(contentKeyOf(input));
      if (ready) {
        const variants = await storeProcessed(ready, folder);
        const largestJpeg = variants.filter((v) => v.format === "jpeg").at(-1) as ImageVariant;
        return { url: largestJpeg.url, width: ready.width, height: ready.height, variants };
      }
      const source = await prepare(input, field);
      const [largest] = await storeProcessed(
        { width: source.width, height: source.height, outputs: [source.largest] },
        folder,
      );
      const only = largest as ImageVariant;
      return { url: only.url, width: source.width, height: source.height, variants: [only], processing: true };
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
