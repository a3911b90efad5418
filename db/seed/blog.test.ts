import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { seedBlogDemo } from "./blog.ts";

describe.each(DIALECTS)("blog demo content on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedBlogDemo(t.services);
  });
  afterAll(() => t.close());

  it("has posts and publications whose images went through the pipeline", async () => {
    const posts = await t.services.blogs.list();
    const publications = await t.services.publications.list();
    expect(posts).toHaveLength(3);
    expect(publications.map((p) => p.publicationDate)).toEqual(["2026-09-14", "2026-03-02", "2025-11-20"]);
    for (const record of [...posts, ...publications]) {
      expect(record.image.variants.length).toBeGreaterThanOrEqual(12);
      expect(existsSync(path.join(t.config.dataDir, record.imageUrl))).toBe(true);
    }
    expect(posts.some((p) => p.content.includes("<blockquote>"))).toBe(true);
    // Real posts: several paragraphs each, no underline that reads as a broken link, weeks apart.
    for (const post of posts) {
      expect(post.content.match(/<p>/g)?.length ?? 0, post.title).toBeGreaterThanOrEqual(5);
      expect(post.content).not.toContain("<u>");
    }
    const days = posts.map((p) => Math.round(Date.parse(p.createdAt) / 86_400_000));
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(new Set(days).size).toBe(3);
  });
});
