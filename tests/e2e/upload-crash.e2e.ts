import { type FSWatcher, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, watch } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import type { StoredImage } from "../../core/media/media.schema.ts";
import { LEFTOVER_MIN_AGE_MS } from "../../core/media/upload-leftovers.ts";
import { hasGpsPointer, jpegWithGps } from "../support/images.ts";
import { adminApi } from "./support/admin-api.ts";
import { createGalleryItem, photo } from "./support/gallery-fixtures.ts";
import { lapseClaims } from "./support/lapsed-claims.ts";
import { type RunningServer, startServer } from "./support/server.ts";

/** Every file under the uploads folder, hidden temp files included, as paths relative to it. */
function uploadedFiles(uploads: string): string[] {
  return readdirSync(uploads, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploads, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** `/uploads/gallery/x-640.webp` or `http://host/uploads/gallery/x-640.webp` → `gallery/x-640.webp`. */
const keyOf = (url: string) => new URL(url, "http://site.test").pathname.replace(/^\/uploads\//, "");

/** The item as staff see it once no image is processing any more (the background job finished). */
async function finished(server: RunningServer, id: string, timeout = 30_000) {
  const api = await adminApi(server);
  let item: { _id: string; images: StoredImage[] } | undefined;
  await expect
    .poll(
      async () => {
        item = await api.json(`GET`, `/api/admin/gallery/${id}`);
        return item?.images.some((image) => image.processing);
      },
      { timeout },
    )
    .toBe(false);
  return item as { _id: string; images: StoredImage[] };
}

/** Every file of the images, as storage keys. */
const filesOfImages = (images: StoredImage[]) => [
  ...new Set(images.flatMap((image) => [image.url, ...image.variants.map((v) => v.url)]).map(keyOf)),
];

const FIELDS = {
  title: "Interrupted",
  description: "Uploaded while the server died.",
  category: "Education",
  eventDate: "2026-01-15",
};

/**
 * Six phone photos: more than the worker's four jobs at once, so when the server is killed some of
 * their jobs are running (claimed) and the rest still queued, and the restart has to finish both.
 */
async function sixPhotos(title: string): Promise<FormData> {
  const form = new FormData();
  for (const [field, value] of Object.entries({ ...FIELDS, title })) form.append(field, value);
  for (let i = 0; i < 6; i++) {
    // Orientation 6: upright, this is 3200 × 2400, so its largest JPEG is 1920 wide.
    const bytes = await jpegWithGps({ width: 2400, height: 3200 });
    form.append("images", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `big-${i}.jpg`);
  }
  return form;
}

describe("a server killed during an upload", () => {
  const servers: RunningServer[] = [];
  let dataDir = "";
  let watcher: FSWatcher | undefined;
  afterEach(async () => {
    watcher?.close();
    for (const server of servers.splice(0)) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("leaves no orphan or temp file once restarted, and keeps every file a row refers to", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-crash-"));
    const uploads = path.join(dataDir, "uploads");
    const galleryDir = path.join(uploads, "gallery");
    mkdirSync(galleryDir, { recursive: true });
    const first = await startServer({ DATA_DIR: dataDir });
    servers.push(first);
    const api = await adminApi(first);
    const created = await createGalleryItem(api, { title: "Kept through the crash" }, ["#0b5563", "#a3541c"]);
    const kept = await finished(first, created._id);
    const referenced = new Set(
      (kept.images as StoredImage[]).flatMap((image) => [image.url, ...image.variants.map((v) => v.url)]).map(keyOf),
    );

    // Stream a large upload, and kill -9 the server while it is writing the files: after a few are
    // complete, the moment the next half-written temp file appears.
    const existing = new Set(readdirSync(galleryDir));
    const completed = new Set<string>();
    let crashed: Promise<void> | undefined;
    watcher = watch(galleryDir, (_event, name) => {
      if (crashed || !name || existing.has(name)) return;
      if (!name.endsWith(".tmp")) completed.add(name);
      else if (completed.size >= 3) crashed = first.crash();
    });
    const form = new FormData();
    for (const [field, value] of Object.entries(FIELDS)) form.append(field, value);
    for (let i = 0; i < 10; i++) {
      const bytes = await photo(`#${(0x203040 + i * 0x0a0b0c).toString(16)}`, 2400, 1600);
      form.append("images", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `big-${i}.jpg`);
    }
    const interrupted = await api.multipart("POST", "/api/gallery", form).catch((error: unknown) => error);
    expect(crashed, "the server finished the upload before it could be killed").toBeDefined();
    await crashed;
    expect(interrupted).toBeInstanceOf(Error);
    watcher.close();

    const leftovers = () => uploadedFiles(uploads).filter((file) => !referenced.has(file));
    expect(leftovers().length).toBeGreaterThan(0);
    for (const file of referenced) expect(uploadedFiles(uploads)).toContain(file);

    // An hour later, as far as the files can tell: older than any upload still in progress could be.
    const then = (Date.now() - LEFTOVER_MIN_AGE_MS - 60_000) / 1000;
    for (const file of uploadedFiles(uploads)) utimesSync(path.join(uploads, file), then, then);

    const restarted = await startServer({ DATA_DIR: dataDir });
    servers.push(restarted);
    await expect.poll(leftovers, { timeout: 30_000 }).toEqual([]);
    expect(uploadedFiles(uploads)).toEqual([...referenced].sort());
    const { images } = (await (await fetch(`${restarted.baseUrl}/api/gallery`)).json()) as {
      images: Array<{ _id: string; imageUrls: string[] }>;
    };
    expect(images.map((item) => item._id)).toEqual([kept._id]);
    for (const key of referenced) {
      expect((await fetch(`${restarted.baseUrl}/uploads/${key}`)).status, key).toBe(200);
    }
  }, 120_000); // two server starts and a large upload on a shared machine

  it("finishes encoding an image's variants after a restart, and no file ever carries metadata", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-crash-"));
    const uploads = path.join(dataDir, "uploads");
    const galleryDir = path.join(uploads, "gallery");
    mkdirSync(galleryDir, { recursive: true });
    const first = await startServer({ DATA_DIR: dataDir });
    servers.push(first);
    const api = await adminApi(first);

    // The request stores each photo's largest JPEG (1920 wide); every other width and format comes
    // from the background job. The server is killed the moment the first of those appears.
    let crashed: Promise<void> | undefined;
    watcher = watch(galleryDir, (_event, name) => {
      if (crashed || !name || name.endsWith(".tmp") || name.endsWith("-1920.jpg")) return;
      crashed = first.crash();
    });
    const item = await api.multipart("POST", "/api/gallery", await sixPhotos("Encoded after the restart"));
    expect((item.images as StoredImage[]).every((image) => image.processing)).toBe(true);
    await expect
      .poll(() => crashed !== undefined, { timeout: 90_000 })
      .toBe(true)
      .catch((error: Error) => {
        throw new Error(
          `${error.message}\nfiles: ${readdirSync(galleryDir).join(" ")}\n${first.output().slice(-4000)}`,
        );
      });
    await crashed;
    watcher.close();
    const halfway = uploadedFiles(uploads).filter((file) => !file.endsWith(".tmp"));
    for (const file of halfway)
      expect(hasGpsPointer((await sharp(path.join(uploads, file)).metadata()).exif)).toBe(false);

    // The jobs the killed run held are taken up again once their claim lapses (30 s after it last
    // renewed them); here they are made lapsed, as the files were aged above, rather than waited for.
    expect(lapseClaims(dataDir), "jobs the killed run held").toBeGreaterThan(0);
    const restarted = await startServer({ DATA_DIR: dataDir });
    servers.push(restarted);
    const done = await finished(restarted, item._id, 90_000);
    expect(done.images.map((image) => keyOf(image.url))).toEqual((item.imageUrls as string[]).map(keyOf));
    for (const image of done.images) {
      expect(image.variants.map((v) => `${v.format}@${v.width}`)).toEqual(
        [320, 640, 960, 1280, 1920].flatMap((w) => [`avif@${w}`, `webp@${w}`, `jpeg@${w}`]),
      );
    }
    const files = filesOfImages(done.images);
    await expect
      .poll(
        () =>
          uploadedFiles(uploads)
            .filter((file) => !file.endsWith(".tmp"))
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual([...files].sort());
    for (const file of files) {
      const bytes = readFileSync(path.join(uploads, file));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(bytes.includes(Buffer.from("TestCam")), file).toBe(false);
      expect((await fetch(`${restarted.baseUrl}/uploads/${file}`)).status, file).toBe(200);
    }
  }, 240_000); // two server starts and six photos' ladders on a shared machine
});
