import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { jpegWithGps, pngImage, polyglotJpeg, truncatedJpeg } from "../../tests/support/images.ts";
import { ValidationError } from "../shared/errors.ts";
import { contentKey, type SpooledFile } from "./image-input.ts";
import { IMAGE_DAMAGED_MESSAGE, IMAGE_TYPE_MESSAGE } from "./media.schema.ts";
import { createSourcePreparer } from "./source-preparer.ts";

describe("upload preparer (child processes below requests, docs/decisions/0440)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hbb-preparer-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** An upload as the request leaves it: in a file of its own (server/api/upload-spool.ts). */
  const spooled = (name: string, bytes: Buffer): SpooledFile => {
    writeFileSync(path.join(dir, name), bytes);
    return { path: path.join(dir, name), sha256: contentKey(bytes) };
  };

  it("prepares uploads in its children as in the request: upright, capped, metadata-free, in order", async () => {
    const prepare = createSourcePreparer({ parallel: 2, idleMs: 1_000 });
    const [phone, wide, small] = await Promise.all([
      prepare(spooled("phone.jpg", await jpegWithGps()), "images"),
      prepare(await pngImage({ width: 2400, height: 1200, alpha: true }), "images"),
      prepare(await pngImage({ width: 300, height: 200 }), "images"),
    ]);
    expect(phone).toMatchObject({ width: 1600, height: 2400 });
    expect(wide).toMatchObject({ width: 1920, height: 960 });
    expect(small).toMatchObject({ width: 300, height: 200 });
    const meta = await sharp(phone?.largest.data).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1600, height: 2400 });
    expect(meta.exif).toBeUndefined();
    expect(Buffer.isBuffer(phone?.largest.data)).toBe(true);
  });

  it("refuses what the request refuses, with the field's 400, and goes on working after", async () => {
    const prepare = createSourcePreparer({ parallel: 1, idleMs: 1_000 });
    for (const [bytes, message] of [
      [await polyglotJpeg(), IMAGE_TYPE_MESSAGE],
      [spooled("polyglot.jpg", await polyglotJpeg()), IMAGE_TYPE_MESSAGE],
      [await truncatedJpeg(), IMAGE_DAMAGED_MESSAGE],
    ] as const) {
      const error = await prepare(bytes, "images").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ message, fields: { images: message } });
    }
    expect(await prepare(await pngImage(), "images")).toMatchObject({ width: 200, height: 100 });
  });
});
