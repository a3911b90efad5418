/**
 * Draws every demo picture (db/seed/demo-pictures.ts, with db/seed/demo-art.ts) as a PNG and runs it
 * through the media pipeline once, writing the PNG, every output file and a manifest keyed by the
 * PNG's SHA-256 into db/seed/demo-images/. Run with `npm run demo-images` after changing the demo art,
 * the picture list or the pipeline's ladder or encoders; commit the output.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { contentKey } from "../core/media/image-input.ts";
import { processImage } from "../core/media/image-pipeline.ts";
import { PREPARED_MANIFEST, type PreparedManifest } from "../core/media/prepared-images.ts";
import { demoArt } from "../db/seed/demo-art.ts";
import { DEMO_IMAGES_DIR, DEMO_PICTURES } from "../db/seed/demo-pictures.ts";

const EXTENSIONS = { avif: "avif", webp: "webp", jpeg: "jpg" } as const;

rmSync(DEMO_IMAGES_DIR, { recursive: true, force: true });
mkdirSync(DEMO_IMAGES_DIR, { recursive: true });
const manifest: PreparedManifest = {};
for (const [name, picture] of Object.entries(DEMO_PICTURES)) {
  const png = await demoArt(picture);
  writeFileSync(path.join(DEMO_IMAGES_DIR, `${name}.png`), png);
  const processed = await processImage(png);
  const outputs = processed.outputs.map(({ data, ...output }) => {
    const file = `${name}-${output.width}.${EXTENSIONS[output.format]}`;
    writeFileSync(path.join(DEMO_IMAGES_DIR, file), data);
    return { ...output, file };
  });
  manifest[contentKey(png)] = { name, width: processed.width, height: processed.height, outputs };
  console.log(`${name}: ${outputs.length} files`);
}
writeFileSync(path.join(DEMO_IMAGES_DIR, PREPARED_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
