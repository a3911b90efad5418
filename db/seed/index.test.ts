import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { processImage } from "../../core/media/image-pipeline.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { seedDemoContent } from "./index.ts";

vi.mock(import("../../core/media/image-pipeline.ts"), async (importOriginal) => {
  const pipeline = await importOriginal();
  return { ...pipeline, processImage: vi.fn(pipeline.processImage) };
});

describe.each(DIALECTS)("demo content on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  // Encoding the 20 demo pictures took 17 s (SQLite) to 36 s (PostgreSQL) of every fresh start.
  it("stores every demo picture from its committed pipeline output, encoding none", async () => {
    vi.mocked(processImage).mockClear();
    await seedDemoContent(t.services);
    expect(processImage).not.toHaveBeenCalled();
    const { images } = await t.services.gallery.list({ limit: 50 });
    expect(images.flatMap((item) => item.images)).toHaveLength(14);
    expect((await t.services.blogs.list()).every((post) => post.image.variants.length === 15)).toBe(true);
  });
});
