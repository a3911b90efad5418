import { readFile } from "node:fs/promises";
import path from "node:path";
import type { EncodedImage, ProcessedImage } from "./image-pipeline.ts";

/** The file in a prepared folder that lists its images, keyed by the SHA-256 of each input. */
export const PREPARED_MANIFEST = "manifest.json";

export interface PreparedEntry {
  /** What the input is, for people reading the manifest. */
  name: string;
  width: number;
  height: number;
  outputs: Array<Omit<EncodedImage, "data"> & { file: string }>;
}

export type PreparedManifest = Record<string, PreparedEntry>;

export interface PreparedImages {
  /** The pipeline's output for the bytes with this SHA-256 (image-input.ts), if prepared; otherwise undefined. */
  find(contentKey: string): Promise<ProcessedImage | undefined>;
}

/**
 * Pipeline output computed ahead of time and kept in a folder (the demo pictures: `npm run
 * demo-images`), so storing those inputs costs a file copy instead of seconds of encoding. Keyed by
 * content, so only the very bytes that were prepared match; anything else goes through the pipeline.
 */
export function createPreparedImages(dir: string): PreparedImages {
  let manifest: Promise<PreparedManifest> | undefined;
  const load = async (): Promise<PreparedManifest> => {
    try {
      return JSON.parse(await readFile(path.join(dir, PREPARED_MANIFEST), "utf8")) as PreparedManifest;
    } catch (error) {
      // No folder means nothing prepared: uploads must never depend on it.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
      throw error;
    }
  };

  return {
    async find(contentKey) {
      manifest ??= load();
      const entry = (await manifest)[contentKey];
      if (!entry) return undefined;
      const outputs = await Promise.all(
        entry.outputs.map(async ({ file, ...output }) => ({ ...output, data: await readFile(path.join(dir, file)) })),
      );
      return { width: entry.width, height: entry.height, outputs };
    },
  };
}
