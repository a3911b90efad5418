import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { contentKey } from "../../core/media/image-input.ts";
import { processImage } from "../../core/media/image-pipeline.ts";
import { PREPARED_MANIFEST, type PreparedManifest } from "../../core/media/prepared-images.ts";
import { demoArt } from "./demo-art.ts";
import { DEMO_IMAGES_DIR, DEMO_PICTURES, demoPicture } from "./demo-pictures.ts";

const STALE = "db/seed/demo-images is stale: run `npm run demo-images` and commit the result";
const SHARP_FORMATS = { avif: "heif", webp: "webp", jpeg: "jpeg" } as const;

describe("the committed demo images", () => {
  const manifest = JSON.parse(readFileSync(path.join(DEMO_IMAGES_DIR, PREPARED_MANIFEST), "utf8")) as PreparedManifest;

  it("are the demo pictures as demo-art.ts draws them now, one manifest entry each", async () => {
    expect(Object.values(manifest).map((entry) => entry.name)).toEqual(Object.keys(DEMO_PICTURES));
    for (const [name, picture] of Object.entries(DEMO_PICTURES)) {
      const png = await demoPicture(name);
      expect(png.equals(await demoArt(picture)), `${name}.png: ${STALE}`).toBe(true);
      expect(manifest[contentKey(png)]?.name, STALE).toBe(name);
    }
  });

  it("list files that hold what they claim", async () => {
    for (const entry of Object.values(manifest)) {
      for (const output of entry.outputs) {
        const meta = await sharp(path.join(DEMO_IMAGES_DIR, output.file)).metadata();
        expect([meta.format, meta.width, meta.height], output.file).toEqual([
          SHARP_FORMATS[output.format],
          output.width,
          output.height,
        ]);
      }
    }
  });

  it("have the ladder and formats the media pipeline makes today", async () => {
    const [key, entry] = Object.entries(manifest).find(([, e]) => e.name === "publication-1") ?? [];
    const png = await demoPicture("publication-1");
    expect(contentKey(png)).toBe(key);
    const processed = await processImage(png);
    const shape = ({ format, width, height }: { format: string; width: number; height: number }) => ({
      format,
      width,
      height,
    });
    expect(entry?.outputs.map(shape), STALE).toEqual(processed.outputs.map(shape));
    expect([entry?.width, entry?.height], STALE).toEqual([processed.width, processed.height]);
  });
});
