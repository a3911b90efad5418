import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { createS3Storage, type S3Settings } from "./s3-storage.ts";
import { assertValidKey, KEY_PATTERN } from "./storage-keys.ts";

/**
 * Where upload files live. Keys are server-generated relative paths like `blog/<uuid>-640.webp`.
 * The local driver is the default; STORAGE=s3 uses the S3-compatible driver (s3-storage.ts).
 */
export interface StorageDriver {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removing a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Public URL of a key. */
  url(key: string): string;
  /** The key behind one of our URLs, or undefined for any other URL (e.g. a static demo image). */
  keyOf(url: string): string | undefined;
}

/** Files under `root`, served by server/plugins/uploads.ts at `/uploads/`. */
export function createLocalStorage(root: string, publicPrefix = "/uploads/"): StorageDriver {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };

  async function syncDirectory(dir: string) {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      const dir = path.dirname(file);
      await mkdir(dir, { recursive: true });
      // A dot-name is never served, so a half-written file cannot be fetched; the rename makes
      // the finished file appear at once, and the syncs make it survive a power cut.
      const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        const handle = await open(temp, "wx", 0o644);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      await syncDirectory(dir);
    },
    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    },
    url: (key) => {
      assertValidKey(key);
      return `${publicPrefix}${key}`;
    },
    keyOf(url) {
      if (!url.startsWith(publicPrefix)) return undefined;
      const key = url.slice(publicPrefix.length);
      return KEY_PATTERN.test(key) ? key : undefined;
    },
  };
}

export function createStorage(config: { storage: "local" | "s3"; dataDir: string; s3?: S3Settings }): StorageDriver {
  if (config.storage === "s3") {
    if (!config.s3) throw new Error("STORAGE=s3 needs the S3_* settings");
    return createS3Storage(config.s3);
  }
  return createLocalStorage(path.resolve(config.dataDir, "uploads"));
}
