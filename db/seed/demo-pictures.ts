import { readFile } from "node:fs/promises";
import path from "node:path";
import { createPreparedImages } from "../../core/media/prepared-images.ts";

export interface DemoPicture {
  /** What demo-art.ts draws (one of DEMO_SCENES). */
  scene: string;
  /** Its palette. */
  variant: number;
  width: number;
  height: number;
}

/** One picture per scene, palettes in turn: no two pictures of a series look alike. */
const series = (prefix: string, scenes: string[], size: { width: number; height: number }) =>
  Object.fromEntries(scenes.map((scene, i) => [`${prefix}-${i + 1}`, { scene, variant: i, ...size }]));

/** Every picture the demo content shows, by name (posts and gallery items name theirs by number). */
export const DEMO_PICTURES: Record<string, DemoPicture> = {
  ...series("post", ["classroom", "sewing", "road-home"], { width: 1600, height: 1000 }),
  ...series("publication", ["playground", "reading", "letters"], { width: 1200, height: 800 }),
  ...series(
    "gallery",
    // In the order of the items in gallery.ts, each item's pictures together.
    [
      ...["graduation", "sewing", "coffee"],
      ...["reading", "classroom"],
      "soap-making",
      "market",
      "letters",
      ...["weaving", "garden"],
      "health-kits",
      "partnership",
      "playground",
      "family-visit",
    ],
    { width: 1200, height: 750 },
  ),
};

/**
 * Each demo picture as a PNG, and the media pipeline's output for it, written by `npm run
 * demo-images` (scripts/generate-demo-images.ts) and committed: a fresh site stores the demo content
 * in a second instead of encoding every picture at start (docs/decisions/0140-memory-and-fast-start.md).
 */
export const DEMO_IMAGES_DIR = path.join(import.meta.dirname, "demo-images");

export const demoImages = createPreparedImages(DEMO_IMAGES_DIR);

/** The PNG of a demo picture: what a staff member would upload. */
export function demoPicture(name: string): Promise<Buffer> {
  if (!(name in DEMO_PICTURES)) throw new Error(`no demo picture named ${name}`);
  return readFile(path.join(DEMO_IMAGES_DIR, `${name}.png`));
}
