import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryImageOwner } from "../../core/gallery/gallery.repository.ts";
import type { StoredImage } from "../../core/media/media.schema.ts";
import { createStorage } from "../../core/media/storage.ts";
import { variantJob } from "../../core/media/variant-job.ts";
import { connectAgain, DIALECTS } from "../../tests/support/dialects.ts";
import { hasGpsPointer, jpegWithGps } from "../../tests/support/images.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { sitePath } from "../../tests/support/site-url.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/** Gallery uploads: the request stores each photo's largest JPEG, a job the rest (docs/decisions/0440). */

const FIELDS = {
  title: "Reading club",
  description: "The children read their own stories aloud.",
  category: "Education",
  eventDate: "2026-04-02",
};

/** The full ladder of a photo 800 px wide once upright (1200 × 800 turned by EXIF orientation 6). */
const LADDER = [320, 640, 800].flatMap((w) => [`avif@${w}`, `webp@${w}`, `jpeg@${w}`]);
/** Encoding runs in lower-priority child processes, which a busy machine serves last. */
const ENCODING_TIMEOUT_MS = 120_000;
const shapeOf = (image: StoredImage) => image.variants.map((v) => `${v.format}@${v.width}`);

interface Item {
  _id: string;
  imageUrls: string[];
  images: StoredImage[];
}

describe.each(DIALECTS)("gallery uploads encoded in the background, on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  let photo: Buffer;
  let now = new Date("2026-06-01T08:00:00Z");
  const onSite = (url: string) => sitePath(url, t.config.publicSiteUrl);
  const galleryDir = () => path.join(t.config.dataDir, "uploads", "gallery");
  const storedFiles = (): string[] => {
    try {
      return readdirSync(galleryDir()).filter((name) => !name.startsWith("."));
    } catch {
      return [];
    }
  };
  const filesOf = (item: Item) => [
    ...new Set(
      item.images.flatMap((image) => [image.url, ...image.variants.map((v) => v.url)]).map((u) => path.basename(u)),
    ),
  ];
  const imageNames = (item: Item) => item.images.map((image) => path.basename(image.url).replace(/-\d+\.jpg$/, ""));
  const filesOfItem = (item: Item) => storedFiles().filter((name) => imageNames(item).some((n) => name.startsWith(n)));

  async function create(images = [photo, photo]): Promise<Item> {
    const form = new FormData();
    for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
    for (const [i, bytes] of images.entries()) form.append("images", fileBlob(bytes), `phone-${i}.jpg`);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/gallery",
      ...(await multipartPayload(form, headers)),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const staffView = async (id: string): Promise<Item> =>
    (await t.app.inject({ url: `/api/admin/gallery/${id}`, headers })).json();

  /** Every file on disk and every file the site serves for these images: none carries metadata. */
  async function expectNoMetadataAnywhere(item: Item) {
    for (const name of storedFiles()) {
      const bytes = readFileSync(path.join(galleryDir(), name));
      expect(hasGpsPointer((await sharp(bytes).metadata()).exif), name).toBe(false);
      expect((await sharp(bytes).metadata()).exif, name).toBeUndefined();
      expect(bytes.includes(Buffer.from("TestCam")), name).toBe(false);
    }
    for (const image of item.images) {
      for (const url of [image.url, ...image.variants.map((v) => v.url)]) {
        const served = await t.app.inject({ url: onSite(url) });
        expect(served.statusCode, url).toBe(200);
        expect((await sharp(served.rawPayload).metadata()).exif, url).toBeUndefined();
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
    headers = await t.adminHeaders();
    photo = await jpegWithGps({ width: 1200, height: 800 });
  });
  afterAll(() => t.close());

  it("shows the item at once, processing, with only its metadata-free largest JPEG", async () => {
    const item = await create();
    expect(item.images).toHaveLength(2);
    for (const image of item.images) {
      expect(image.processing).toBe(true);
      expect(image.variants).toEqual([{ format: "jpeg", width: 800, url: image.url }]);
      expect({ width: image.width, height: image.height }).toEqual({ width: 800, height: 1200 });
    }
    expect(filesOfItem(item).sort()).toEqual(filesOf(item).sort());
    // Staff see it in the list and the editor; the public page shows it too (published by default).
    const list = (await t.app.inject({ url: "/api/admin/gallery", headers })).json();
    expect(list.images.find((i: Item) => i._id === item._id).images[0].processing).toBe(true);
    expect((await t.app.inject({ url: `/api/gallery/${item._id}` })).json().imageUrls).toEqual(item.imageUrls);
    await expectNoMetadataAnywhere(item);
  });

  it(
    "gets every variant from the job, and no file carries metadata at any moment",
    async () => {
      const item = await create();
      const job = await t.services.jobs.state({ key: `variants:${onSite(item.images[0]?.url as string)}` });
      expect(job?.status).toBe("queued");
      expect(await t.services.jobs.runDue()).toEqual({ done: expect.any(Number), failed: 0 });
      const done = await staffView(item._id);
      expect(done.imageUrls).toEqual(item.imageUrls);
      for (const image of done.images) {
        expect(image.processing).toBeUndefined();
        expect(shapeOf(image)).toEqual(LADDER);
      }
      expect(filesOfItem(done).sort()).toEqual(filesOf(done).sort());
      await expectNoMetadataAnywhere(done);
      // Pages are redrawn once the item's last image is done, not after each one.
      const purges = { count: 0 };
      const settledOnly = variantJob({
        db: t.database.db,
        storage: createStorage(t.config),
        owners: { gallery: galleryImageOwner },
        purgePublicCaches: async () => {
          purges.count++;
        },
        encode: async (source, skip) =>
          (await import("../../core/media/image-pipeline.ts")).encodeVariants(source, skip),
      });
      const pair = await create();
      const running = {
        id: "test",
        attempt: 1,
        recorded: null,
        signal: new AbortController().signal,
        progress: async () => undefined,
      };
      await settledOnly.handle({ url: onSite(pair.images[0]?.url as string) }, running);
      expect(purges.count).toBe(0);
      await settledOnly.handle({ url: onSite(pair.images[1]?.url as string) }, running);
      expect(purges.count).toBe(1);
      // Running it again (a retry after a lost claim) changes nothing.
      await t.services.jobs.runDue();
      expect(await staffView(item._id)).toEqual(done);
    },
    ENCODING_TIMEOUT_MS,
  );

  it(
    "finishes after a restart the work a worker that died had claimed",
    async () => {
      const item = await create([photo]);
      // A worker claims the job and dies before finishing: the row stays `running` with its claim.
      const [claimed] = await t.services.jobs.claim(1);
      expect(claimed?.type).toBe("media.encode-variants");
      expect(await t.services.jobs.runDue()).toEqual({ done: 0, failed: 0 });

      // Another instance (the restarted server) on the same database, once the claim has lapsed.
      now = new Date(now.getTime() + 10 * 60_000);
      const database = connectAgain(t.database, "restarted");
      const restarted = await createTestApp(dialect, { database, clock: () => now });
      try {
        expect(await restarted.services.jobs.runDue()).toEqual({ done: 1, failed: 0 });
      } finally {
        await restarted.app.close();
        await database.destroy();
      }
      const done = await staffView(item._id);
      expect(done.images.map((image) => [image.processing, shapeOf(image)])).toEqual([[undefined, LADDER]]);
      expect(filesOfItem(done).sort()).toEqual(filesOf(done).sort());
    },
    ENCODING_TIMEOUT_MS,
  );

  it("leaves no file when the item is deleted while its images are processing", async () => {
    const item = await create();
    expect(filesOfItem(item)).toHaveLength(2);
    expect((await t.app.inject({ method: "DELETE", url: `/api/gallery/${item._id}`, headers })).statusCode).toBe(204);
    expect(filesOfItem(item)).toEqual([]);
    await t.services.jobs.runDue();
    expect(filesOfItem(item)).toEqual([]);
  });

  it(
    "leaves no file when the item goes while the job is encoding, nor when it goes just after",
    async () => {
      const storage = createStorage(t.config);
      const jobFor = (encodeThen: () => Promise<void>) =>
        variantJob({
          db: t.database.db,
          storage,
          owners: { gallery: galleryImageOwner },
          purgePublicCaches: async () => undefined,
          // The real encoder, with the delete landing between its read of the row and its attach.
          encode: async (source, skip) => {
            const { encodeVariants } = await import("../../core/media/image-pipeline.ts");
            const result = await encodeVariants(source, skip);
            await encodeThen();
            return result;
          },
        });
      const running = {
        id: "test",
        attempt: 1,
        recorded: null,
        signal: new AbortController().signal,
        progress: async () => undefined,
      };

      const during = await create([photo]);
      const url = onSite(during.images[0]?.url as string);
      await jobFor(async () => {
        await t.app.inject({ method: "DELETE", url: `/api/gallery/${during._id}`, headers });
      }).handle({ url }, running);
      expect(filesOfItem(during)).toEqual([]);

      // Consent withdrawn while processing: the image's row goes, and so does every file.
      const withdrawn = await create([photo]);
      const withdrawnUrl = onSite(withdrawn.images[0]?.url as string);
      await jobFor(async () => {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/admin/consent/withdraw",
          headers,
          payload: { imageUrl: withdrawnUrl },
        });
        expect(response.statusCode, response.body).toBe(200);
      }).handle({ url: withdrawnUrl }, running);
      expect(filesOfItem(withdrawn)).toEqual([]);

      // Deleted right after the job attached its files: the delete removes the whole ladder.
      const after = await create([photo]);
      await t.services.jobs.runDue();
      expect(filesOfItem(after)).toHaveLength(LADDER.length);
      expect((await t.app.inject({ method: "DELETE", url: `/api/gallery/${after._id}`, headers })).statusCode).toBe(
        204,
      );
      expect(filesOfItem(after)).toEqual([]);
    },
    ENCODING_TIMEOUT_MS,
  );
});
