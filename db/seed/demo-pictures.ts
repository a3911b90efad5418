import { readFile } from "node:fs/promises";
import path from "node:path";
import { createPreparedImages } from "../../core/media/prepared-images.ts";

export interface DemoPicture {
  /** Palette and figures of demo-art.ts. */
  variant: number;
  width: number;
  height: number;
}

const series = (prefix: string, count: number, first: number, size: { width: number; height: number }) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}-${i + 1}`, { variant: first + i, ...size }]));

/** Every picture the demo content shows, by name. */
export const DEMO_PICTURES: Record<string, DemoPicture> = {
  ...series("post", 3, 0, { width: 1600, height: 1000 }),
  ...series("publication", 3, 1, { width: 1200, height: 800 }),
  ...series("gallery", 14, 0, { width: 1200, height: 750 }),
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
