import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { seedGalleryDemo } from "./gallery.ts";
import { seedVideosDemo } from "./videos.ts";

describe.each(DIALECTS)("gallery and videos demo content on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedGalleryDemo(t.services);
    await seedVideosDemo(t.services);
  }, 120_000);
  afterAll(() => t.close());

  it("fills more than one gallery page with pictures that went through the pipeline", async () => {
    const first = await t.services.gallery.list({});
    expect(first.images).toHaveLength(9);
    expect(first.hasMore).toBe(true);
    const all = (await t.services.gallery.list({ limit: 50 })).images;
    expect(new Set(all.map((i) => i.category))).toEqual(
      new Set(["Partnerships", "Education", "Support", "Skills Training"]),
    );
    for (const item of all) {
      for (const image of item.images) {
        expect(image.variants.length).toBeGreaterThanOrEqual(12);
        expect(existsSync(path.join(t.config.dataDir, image.url))).toBe(true);
      }
    }
    expect(all.some((item) => item.images.length > 1)).toBe(true);
  });

  it("adds a video in every category", async () => {
    const { videos } = await t.services.videos.list({});
    expect(new Set(videos.map((v) => v.category))).toEqual(
      new Set(["Testimonials", "Program Highlights", "Community Stories"]),
    );
  });
});
