import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { createS3Storage, type S3Settings } from "./s3-storage.ts";
import { assertValidKey, KEY_PATTERN } from "./storage-keys.ts";

/**
 * Where upload files live. Keys are server-generated relative paths like `blog/<uuid>-640.webp`.
 * The local driver is the default; STORAGE=s3 uses the S3-compatible driver (s3-storage.ts).
 */
export interface StorageDriver {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** A stored file's bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removing a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Public URL of a key. */
  url(key: string): string;
  /** The key behind one of our URLs, or undefined for any other URL (e.g. a static demo image). */
  keyOf(url: string): string | undefined;
  /** Every key under a folder (e.g. `gallery/`) with when it was written; names that are not keys are skipped. */
  list(folder: string): AsyncIterable<StoredObject>;
  /** Removes what writes interrupted before `before` left behind (a crash mid-`put`); returns how many. */
  removeInterruptedWrites(before: Date): Promise<number>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** The hidden name `put` writes to before the rename; a crash can leave one behind. */
const TEMP_FILE = /^\..+\.tmp$/;

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
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
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
    async *list(folder) {
      for (const file of await filesUnder(path.join(root, folder))) {
        const key = path.relative(root, file).split(path.sep).join("/");
        if (!KEY_PATTERN.test(key)) continue;
        const modifiedAt = await modifiedTime(file);
        if (modifiedAt) yield { key, modifiedAt };
      }
    },
    async removeInterruptedWrites(before) {
      let removed = 0;
      for (const file of await filesUnder(root)) {
        if (!TEMP_FILE.test(path.basename(file))) continue;
        const modifiedAt = await modifiedTime(file);
        if (modifiedAt && modifiedAt < before) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Undefined when the file went meanwhile (a concurrent delete). */
async function modifiedTime(file: string): Promise<Date | undefined> {
  try {
    return (await stat(file)).mtime;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

export function createStorage(config: { storage: "local" | "s3"; dataDir: string; s3?: S3Settings }): StorageDriver {
  if (config.storage === "s3") {
    if (!config.s3) throw new Error("STORAGE=s3 needs the S3_* settings");
    return createS3Storage(config.s3);
  }
  return createLocalStorage(path.resolve(config.dataDir, "uploads"));
}
