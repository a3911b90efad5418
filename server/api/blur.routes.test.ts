import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredImage } from "../../core/media/media.schema.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * Blur before publishing (docs/decisions/0471-blur-before-publishing.md): the blurred
 * image differs from the original only inside the rectangles, in every variant; no unblurred file
 * is left in storage, in any row, in site content's drafts, copies or kept versions.
 */
describe.each(DIALECTS)("blur on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  const RECT = { x: 0.25, y: 0.3, width: 0.3, height: 0.35 };
  const uploads = (folder: string) => readdirSync(path.join(t.config.dataDir, "uploads", folder));
  const fileOf = (url: string) => path.join(t.config.dataDir, url.slice(url.indexOf("/uploads/")));

  /** A smooth gradient with a sharp checkerboard inside the rectangle (what a blur must destroy). */
  async function picture(width = 960, height = 640) {
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        const inside =
          x >= RECT.x * width &&
          x < (RECT.x + RECT.width) * width &&
          y >= RECT.y * height &&
          y < (RECT.y + RECT.height) * height;
        const check = ((x >> 3) + (y >> 3)) % 2 === 0 ? 235 : 20;
        data[i] = inside ? check : Math.round((x / width) * 200 + 20);
        data[i + 1] = inside ? check : Math.round((y / height) * 180 + 30);
        data[i + 2] = inside ? check : 120;
      }
    }
    return sharp(data, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  }

  /** Mean and largest channel difference of two same-sized images, inside and outside the rectangle. */
  async function compare(before: Buffer, after: Buffer) {
    const a = await sharp(before).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const b = await sharp(after).removeAlpha().raw().toBuffer();
    const { width, height } = a.info;
    // JPEG blocks and the resampling of small widths reach a few pixels past the rectangle's edge.
    const margin = Math.max(8, Math.round(width / 40));
    const left = RECT.x * width;
    const right = (RECT.x + RECT.width) * width;
    const top = RECT.y * height;
    const bottom = (RECT.y + RECT.height) * height;
    const inside = { sum: 0, n: 0 };
    const outside = { sum: 0, n: 0, max: 0 };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        const diff =
          (Math.abs(a.data[i]! - b[i]!) + Math.abs(a.data[i + 1]! - b[i + 1]!) + Math.abs(a.data[i + 2]! - b[i + 2]!)) /
          3;
        if (x >= left && x < right && y >= top && y < bottom) {
          inside.sum += diff;
          inside.n++;
        } else if (x < left - margin || x >= right + margin || y < top - margin || y >= bottom + margin) {
          outside.sum += diff;
          outside.n++;
          outside.max = Math.max(outside.max, diff);
        }
      }
    }
    return { inside: inside.sum / inside.n, outside: outside.sum / outside.n, outsideMax: outside.max };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { pageCacheSeconds: 60 } });
    auth = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("blurs only inside the rectangles, in every variant, and leaves no unblurred file anywhere", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: "Graduation day",
      excerpt: "Short.",
      authorName: "Hanna",
      content: "<p>Words enough for a post.</p>",
      status: "draft",
    }))
      form.append(key, value);
    form.append("image", fileBlob(await picture()), "a.png");
    const created = (
      await t.app.inject({ method: "POST", url: "/api/blogs", ...(await multipartPayload(form, auth)) })
    ).json<{ _id: string }>();
    // The post's ladder is encoded in the background (docs/decisions/0440): finish it first.
    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const post = (await t.app.inject({ url: `/api/admin/blogs/${created._id}`, headers: auth })).json<{
      _id: string;
      imageUrl: string;
      image: StoredImage;
    }>();
    expect(post.image.processing).toBeUndefined();
    expect(post.image.variants.length).toBeGreaterThan(3);
    const before = new Map(post.image.variants.map((v) => [`${v.format}-${v.width}`, readFileSync(fileOf(v.url))]));
    const filesBefore = uploads("blog").sort();

    // The preview shows the blur and saves nothing.
    const query = new URLSearchParams({ imageUrl: post.imageUrl, rectangles: JSON.stringify([RECT]) });
    const preview = await t.app.inject({ url: `/api/admin/images/blur-preview?${query}`, headers: auth });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/jpeg");
    const previewed = await compare(before.get("jpeg-960") as Buffer, preview.rawPayload);
    expect(previewed.inside).toBeGreaterThan(40);
    expect(uploads("blog").sort()).toEqual(filesBefore);

    const blurred = await t.app.inject({
      method: "POST",
      url: "/api/admin/images/blur",
      headers: auth,
      payload: { imageUrl: post.imageUrl, rectangles: [RECT] },
    });
    expect(blurred.statusCode, blurred.body).toBe(200);
    const answered = blurred.json<StoredImage>();
    expect(answered.url).not.toBe(post.imageUrl);
    expect(answered.processing).toBe(true);
    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const image = (await t.app.inject({ url: `/api/admin/blogs/${post._id}`, headers: auth })).json<{
      image: StoredImage;
    }>().image;
    expect(image.url).toBe(answered.url);

    // Every variant: the same sizes and formats, changed inside the rectangle, the same outside it.
    expect(image.variants.map((v) => `${v.format}-${v.width}`).sort()).toEqual([...before.keys()].sort());
    for (const variant of image.variants) {
      const key = `${variant.format}-${variant.width}`;
      const result = await compare(before.get(key) as Buffer, readFileSync(fileOf(variant.url)));
      expect(result.inside, key).toBeGreaterThan(40);
      expect(result.outside, key).toBeLessThan(2);
      expect(result.outsideMax, key).toBeLessThan(24);
    }

    // No unblurred file is left: as many files as before, none of the old ones, the post shows the new image.
    const filesAfter = uploads("blog");
    expect(filesAfter.length).toBe(filesBefore.length);
    for (const name of post.image.variants.map((v) => path.basename(v.url))) expect(filesAfter).not.toContain(name);
    const staff = (await t.app.inject({ url: `/api/admin/blogs/${post._id}`, headers: auth })).json();
    expect(staff.imageUrl).toBe(image.url);
    const log = await t.database.db
      .selectFrom("audit_log")
      .select(["changes"])
      .where("entity_id", "=", post._id)
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.changes).values).toEqual({ blurredRegions: 1 });
  });

  it("a gallery image is blurred through the background variant job: every variant blurred, no unblurred file left", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: "Workshop",
      description: "At Kality.",
      category: "Education",
      eventDate: "2026-01-01",
      status: "draft",
    }))
      form.append(key, value);
    form.append("images", fileBlob(await picture()), "a.png");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/gallery",
      ...(await multipartPayload(form, auth)),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const item = (await t.app.inject({ url: `/api/admin/gallery/${id}`, headers: auth })).json();
    const original = item.images[0] as StoredImage;
    expect(original.variants.length).toBeGreaterThan(3);
    const before = new Map(original.variants.map((v) => [`${v.format}-${v.width}`, readFileSync(fileOf(v.url))]));
    const filesBefore = uploads("gallery").length;

    const blurred = await t.app.inject({
      method: "POST",
      url: "/api/admin/images/blur",
      headers: auth,
      payload: { imageUrl: original.url, rectangles: [RECT] },
    });
    expect(blurred.statusCode, blurred.body).toBe(200);
    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const image = (await t.app.inject({ url: `/api/admin/gallery/${id}`, headers: auth })).json()
      .images[0] as StoredImage;
    expect(image.url).not.toBe(original.url);
    expect(image.variants.map((v) => `${v.format}-${v.width}`).sort()).toEqual([...before.keys()].sort());
    for (const variant of image.variants) {
      const key = `${variant.format}-${variant.width}`;
      const result = await compare(before.get(key) as Buffer, readFileSync(fileOf(variant.url)));
      expect(result.inside, key).toBeGreaterThan(40);
      expect(result.outside, key).toBeLessThan(2);
      expect(result.outsideMax, key).toBeLessThan(24);
    }
    const filesAfter = uploads("gallery");
    expect(filesAfter.length).toBe(filesBefore);
    for (const name of original.variants.map((v) => path.basename(v.url))) expect(filesAfter).not.toContain(name);
  });

  it("a site-content picture is blurred in every draft, published copy and kept version, and its consent follows", async () => {
    const form = new FormData();
    form.append("imageConsent", JSON.stringify({ basis: "no-identifiable-people" }));
    form.append("image", fileBlob(await picture(640, 640)), "a.png");
    const uploaded = (
      await t.app.inject({ method: "POST", url: "/api/site-content/images", ...(await multipartPayload(form, auth)) })
    ).json<StoredImage>();
    const editor = (await t.app.inject({ url: "/api/site-content/about", headers: auth })).json();
    const content = structuredClone(editor.draft);
    content.founder.image = uploaded;
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/site-content/about",
      headers: auth,
      payload: { revision: editor.revision, content },
    });
    const published = await t.app.inject({
      method: "POST",
      url: "/api/site-content/about/publish",
      headers: auth,
      payload: { revision: saved.json().revision },
    });
    expect(published.statusCode, published.body).toBe(200);
    const oldName = path.basename(uploaded.url).split("-").slice(0, 5).join("-");

    const blurred = await t.app.inject({
      method: "POST",
      url: "/api/admin/images/blur",
      headers: auth,
      payload: { imageUrl: uploaded.url, rectangles: [RECT] },
    });
    expect(blurred.statusCode, blurred.body).toBe(200);
    const image = blurred.json<StoredImage>();
    const stored = image.url.slice(image.url.indexOf("/uploads/"));

    const rows = await t.database.db
      .selectFrom("versioned_documents")
      .select(["draft", "published"])
      .where("kind", "=", "site-content")
      .execute();
    const versions = await t.database.db
      .selectFrom("document_versions")
      .select("snapshot")
      .where("kind", "=", "site-content")
      .execute();
    for (const text of [
      ...rows.flatMap((row) => [row.draft ?? "", row.published ?? ""]),
      ...versions.map((v) => v.snapshot),
    ]) {
      expect(text).not.toContain(oldName);
    }
    expect((await t.app.inject({ url: "/api/site-content" })).json().about.founder.image.url).toContain(
      path.basename(stored),
    );
    expect(uploads("site").some((name) => name.startsWith(oldName))).toBe(false);
    const consent = await t.app.inject({
      url: `/api/admin/consent?imageUrl=${encodeURIComponent(stored)}`,
      headers: auth,
    });
    expect(consent.json().consent).toMatchObject({ basis: "no-identifiable-people" });
  });

  it("refuses an empty or outside rectangle, and a video", async () => {
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/admin/images/blur",
      headers: auth,
      payload: { imageUrl: "youtube:abcdefghijk", rectangles: [{ x: 0.9, y: 0, width: 0.5, height: 0.1 }] },
    });
    expect(refused.statusCode).toBe(400);
    const video = await t.app.inject({
      method: "POST",
      url: "/api/admin/images/blur",
      headers: auth,
      payload: { imageUrl: "youtube:abcdefghijk", rectangles: [RECT] },
    });
    expect(video.json().message).toBe("A video is YouTube's: blur it there, not here.");
  });
});
