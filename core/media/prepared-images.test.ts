import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pngImage } from "../../tests/support/images.ts";
import { contentKey } from "./image-input.ts";
import { createMediaService } from "./media.service.ts";
import { createPreparedImages, PREPARED_MANIFEST, type PreparedManifest } from "./prepared-images.ts";
import { createLocalStorage } from "./storage.ts";

describe("prepared images", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hbb-prepared-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Not an image at all: if the media service ran its pipeline on these bytes it would refuse them,
  // so a stored result proves the prepared output was used instead of encoding.
  const input = Buffer.from("a prepared input, not an image");
  const output = Buffer.from("the pipeline's 640 px JPEG for it");
  const manifest: PreparedManifest = {
    [contentKey(input)]: {
      name: "sample",
      width: 640,
      height: 400,
      outputs: [{ format: "jpeg", width: 640, height: 400, contentType: "image/jpeg", file: "sample-640.jpg" }],
    },
  };
  writeFileSync(path.join(dir, "sample-640.jpg"), output);
  writeFileSync(path.join(dir, PREPARED_MANIFEST), JSON.stringify(manifest));

  it("finds the output of exactly the prepared bytes", async () => {
    const images = createPreparedImages(dir);
    const found = await images.find(contentKey(input));
    expect(found).toEqual({
      width: 640,
      height: 400,
      outputs: [{ format: "jpeg", width: 640, height: 400, contentType: "image/jpeg", data: output }],
    });
    expect(await images.find(contentKey(Buffer.concat([input, Buffer.from(" ")])))).toBeUndefined();
  });

  it("lets the media service store a prepared input without encoding it, and encode anything else", async () => {
    const uploads = path.join(dir, "uploads");
    const media = createMediaService({ storage: createLocalStorage(uploads), prepared: createPreparedImages(dir) });
    const stored = await media.storeImage(input, { folder: "gallery" });
    expect(stored.variants).toHaveLength(1);
    expect(readFileSync(path.join(uploads, stored.url.replace("/uploads/", "")))).toEqual(output);
    const encoded = await media.storeImage(await pngImage(), { folder: "gallery" });
    expect(encoded.variants.length).toBe(3);
  });

  it("finds a spooled upload by the hash taken while it was written, without reading its file", async () => {
    const media = createMediaService({
      storage: createLocalStorage(path.join(dir, "uploads")),
      prepared: createPreparedImages(dir),
    });
    const upload = { path: path.join(dir, "no-such-file"), sha256: contentKey(input) };
    const stored = await media.storeSource(upload, { folder: "gallery" });
    expect(stored.processing).toBeUndefined();
    expect(stored.variants).toHaveLength(1);
  });

  it("is empty, not an error, when the folder is missing", async () => {
    expect(await createPreparedImages(path.join(dir, "missing")).find(contentKey(input))).toBeUndefined();
  });
});
