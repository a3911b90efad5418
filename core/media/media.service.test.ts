import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { jpegWithGps, svgImage } from "../../tests/support/images.ts";
import { ValidationError } from "../shared/errors.ts";
import { createMediaService } from "./media.service.ts";
import { createLocalStorage } from "./storage.ts";
import { parseStoredImage, serializeStoredImage } from "./stored-image.ts";

describe("media service", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "hbb-media-"));
  const media = createMediaService({ storage: createLocalStorage(root) });
  const fileOf = (url: string) => path.join(root, url.replace("/uploads/", ""));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("stores every variant under a server-made name and points url at the largest JPEG", async () => {
    const image = await media.storeImage(await jpegWithGps({ width: 1000, height: 800 }), { folder: "blog" });
    expect(image.width).toBe(800);
    expect(image.height).toBe(1000);
    expect(image.variants.map((v) => v.width)).toEqual([320, 320, 320, 640, 640, 640, 800, 800, 800]);
    expect(image.url).toMatch(/^\/uploads\/blog\/[0-9a-f-]{36}-800\.jpg$/);
    for (const variant of image.variants) {
      expect(variant.url).toMatch(/^\/uploads\/blog\/[0-9a-f-]{36}-\d+\.(avif|webp|jpg)$/);
      const meta = await sharp(fileOf(variant.url)).metadata();
      expect(meta.width).toBe(variant.width);
      expect(meta.exif).toBeUndefined();
    }
    expect(parseStoredImage(serializeStoredImage(image), image.url)).toEqual(image);

    await media.removeImage(image);
    for (const variant of image.variants) expect(existsSync(fileOf(variant.url))).toBe(false);
    expect(readdirSync(path.join(root, "blog"))).toEqual([]);
  });

  it("stores only the metadata-free largest JPEG of an upload, processing; removing it removes every ladder key", async () => {
    const image = await media.storeSource(await jpegWithGps({ width: 1000, height: 800 }), { folder: "gallery" });
    expect(image).toEqual({
      url: expect.stringMatching(/^\/uploads\/gallery\/[0-9a-f-]{36}-800\.jpg$/),
      width: 800,
      height: 1000,
      variants: [{ format: "jpeg", width: 800, url: image.url }],
      processing: true,
    });
    const meta = await sharp(fileOf(image.url)).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation ?? 1]).toEqual([800, 1000, undefined, 1]);
    expect(parseStoredImage(serializeStoredImage(image), image.url)).toEqual(image);

    // Files the background job wrote after the row was read are removed with the image too.
    const later = image.url.replace("-800.jpg", "-320.avif");
    writeFileSync(fileOf(later), "written by the job just before the delete");
    await media.removeImage({ ...image, variants: [] });
    expect(readdirSync(path.join(root, "gallery"))).toEqual([]);
  });

  it("stores nothing for a refused file and names the form field in the error", async () => {
    const error = await media.storeImage(svgImage(), { folder: "gallery", field: "images" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fields)).toEqual(["images"]);
    expect(readdirSync(path.join(root, "gallery"))).toEqual([]);
  });

  it("ignores URLs that are not its own files when removing", async () => {
    await expect(
      media.removeImage({
        url: "/images/demo.jpg",
        variants: [{ format: "jpeg", width: 1, url: "https://x.test/a.jpg" }],
      }),
    ).resolves.toBeUndefined();
  });

  it("reads old or damaged variant columns as a plain image", () => {
    expect(parseStoredImage(null, "/images/a.jpg")).toEqual({
      url: "/images/a.jpg",
      width: 0,
      height: 0,
      variants: [],
    });
    expect(parseStoredImage("{not json", "/a.jpg").variants).toEqual([]);
  });
});
