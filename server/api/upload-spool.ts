import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SpooledFile } from "../../core/media/image-input.ts";

/**
 * A file this old in the spool was left by a process that stopped mid-request (a crash): a request's
 * body must arrive within 2 minutes (server/app.ts) and its work takes well under a minute.
 */
export const SPOOL_LEFTOVER_AGE_MS = 60 * 60_000;

export interface UploadSpool {
  /** Writes one file part to a new file as it arrives, taking its SHA-256 and size on the way. */
  write(file: Readable): Promise<SpooledFile & { size: number }>;
  /** Removes files a request is done with; a file already gone is not an error. */
  remove(paths: string[]): Promise<void>;
  /** Removes files older than `ageMs` (a crash's leftovers); returns how many. */
  sweep(ageMs?: number): Promise<number>;
}

/**
 * Where a multipart request's files wait while it works (server/api/multipart.ts): one folder on
 * the instance's own disk (DATA_DIR/incoming), a file per part under a random name, readable by
 * this user only. The server then holds no photo in memory: the upload preparer reads the file in
 * its own process (docs/decisions/0547). Each request removes its files when its answer is sent or
 * its connection closes; what a crash leaves is swept at start and every hour.
 */
export function createUploadSpool(dir: string): UploadSpool {
  let made: Promise<unknown> | undefined;
  return {
    async write(file) {
      made ??= mkdir(dir, { recursive: true, mode: 0o700 });
      await made;
      const target = path.join(dir, randomUUID());
      const hash = createHash("sha256");
      let size = 0;
      try {
        await pipeline(
          file,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              hash.update(chunk);
              size += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(target, { flags: "wx", mode: 0o600 }),
        );
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return { path: target, sha256: hash.digest("hex"), size };
    },
    async remove(paths) {
      await Promise.all(paths.map((file) => rm(file, { force: true })));
    },
    async sweep(ageMs = SPOOL_LEFTOVER_AGE_MS) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
        throw error;
      }
      const cutoff = Date.now() - ageMs;
      let removed = 0;
      for (const name of names) {
        const file = path.join(dir, name);
        const modified = await stat(file).then(
          (s) => s.mtimeMs,
          () => undefined,
        );
        if (modified !== undefined && modified < cutoff) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
