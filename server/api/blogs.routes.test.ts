import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost } from "../../core/blogs/blogs.schema.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import {
  bytesOfSize,
  hasGpsPointer,
  jpegWithGps,
  pngImage,
  svgImage,
  textFile,
  truncatedJpeg,
} from "../../tests/support/images.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { sitePath } from "../../tests/support/site-url.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * A phone photo (EXIF orientation 6, GPS) small enough to encode quickly: upright it is 800×1200, a
 * ladder of three widths in three formats. The 1920 px cap is image-pipeline.test.ts's to check.
 */
const PHONE_PHOTO = { width: 1200, height: 800 };

const CONTENT =
  '<h2>Progress</h2><p><strong>Bold</strong> and <em>calm</em> <a href="https://example.org">link</a></p>';
const valid = {
  title: "A school term behind bars",
  excerpt: "What the children learnt this term.",
  authorName: "Hanna Tesfaye",
  authorLinkedin: "https://www.linkedin.com/in/hanna",
  content: CONTENT,
};

describe.each(DIALECTS)("blog API on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let png: Buffer;
  /**
   * For tests about a post's text: one width in three formats, where `png`'s ladder is four widths.
   * Each post's ladder is encoded in full (AVIF the dearest), and these tests check no picture.
   */
  let textOnlyPng: Buffer;

  async function send(
    method: "POST" | "PUT",
    url: string,
    fields: Record<string, string>,
    image?: Uint8Array,
    name = "photo.png",
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (image) form.append("image", fileBlob(image), name);
    return t.app.inject({ method, url, ...(await multipartPayload(form, auth)) });
  }
  /** Creates a post and lets its background job finish the image's ladder (docs/decisions/0440). */
  const create = async (fields: Record<string, string> = valid, image: Uint8Array = png) => {
    const response = await send("POST", "/api/blogs", fields, image);
    expect(response.statusCode, response.body).toBe(201);
    const answered = response.json<BlogPost>();
    expect(answered.image.processing).toBe(true);
    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const finished = await t.app.inject({ url: `/api/blogs/${answered._id}`, headers: auth });
    return finished.json<BlogPost>();
  };
  const onSite = (url: string) => sitePath(url, t.config.publicSiteUrl);
  const uploadFile = (url: string) => path.join(t.config.dataDir, "uploads", onSite(url).replace("/uploads/", ""));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    auth = await t.adminHeaders();
    png = await pngImage({ width: 1000, height: 600, alpha: false });
    textOnlyPng = await pngImage({ width: 320, height: 192, alpha: false });
  });
  afterAll(() => t.close());

  it("creates a post with an image and serves it, newest first, to anyone", async () => {
    const first = await create();
    const second = await create({ ...valid, title: "Second post" });
    const { content: _content, ...textFields } = valid;
    expect(first).toMatchObject({ ...textFields, _id: expect.any(String), createdAt: expect.any(String) });
    expect(first.content).toContain("<strong>Bold</strong>");
    expect(onSite(first.imageUrl)).toMatch(/^\/uploads\/blog\/[0-9a-f-]{36}-1000\.jpg$/);
    expect(first.image).toMatchObject({ url: first.imageUrl, width: 1000, height: 600 });
    expect(first.image.variants.map((v) => `${v.format}${v.width}`)).toEqual(
      [320, 640, 960, 1000].flatMap((w) => [`avif${w}`, `webp${w}`, `jpeg${w}`]),
    );
    for (const variant of first.image.variants) expect(existsSync(uploadFile(variant.url))).toBe(true);

    const image = await t.app.inject({ url: onSite(first.imageUrl) });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");

    const list = (await t.app.inject({ url: "/api/blogs" })).json<BlogPost[]>();
    expect(list.slice(0, 2).map((p) => p._id)).toEqual([second._id, first._id]);
    const one = await t.app.inject({ url: `/api/blogs/${first._id}` });
    expect(one.json()).toEqual(first);
  });

  it("answers with the largest JPEG alone, metadata-free, and finishes the ladder in the background", async () => {
    const response = await send("POST", "/api/blogs", valid, await jpegWithGps(PHONE_PHOTO));
    expect(response.statusCode, response.body).toBe(201);
    const answered = response.json<BlogPost>();
    expect(answered.image).toMatchObject({ url: answered.imageUrl, width: 800, height: 1200, processing: true });
    expect(answered.image.variants).toEqual([{ format: "jpeg", width: 800, url: answered.imageUrl }]);
    const served = await t.app.inject({ url: onSite(answered.imageUrl) });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();

    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const finished = (await t.app.inject({ url: `/api/blogs/${answered._id}` })).json<BlogPost>();
    expect(finished.image.processing).toBeUndefined();
    expect(finished.imageUrl).toBe(answered.imageUrl);
    expect(finished.image.variants).toHaveLength(9);
    for (const variant of finished.image.variants) expect(existsSync(uploadFile(variant.url))).toBe(true);
  });

  it("strips EXIF and GPS from every stored variant of a phone photo", async () => {
    const post = await create(valid, await jpegWithGps(PHONE_PHOTO));
    expect(post.image.variants).toHaveLength(9);
    for (const variant of post.image.variants) {
      const served = await t.app.inject({ url: variant.url });
      const meta = await sharp(served.rawPayload).metadata();
      expect(hasGpsPointer(meta.exif), variant.url).toBe(false);
      expect(meta.exif, variant.url).toBeUndefined();
      expect(meta.xmp, variant.url).toBeUndefined();
    }
  });

  it("answers every missing field with the spec's message, the image included", async () => {
    const response = await send("POST", "/api/blogs", {});
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      title: "Title is required",
      excerpt: "Excerpt is required",
      authorName: "Author name is required",
      content: "Content cannot be empty.",
      image: "Feature image is required",
    });
    const blanks = await send("POST", "/api/blogs", { ...valid, title: "   ", excerpt: "", authorName: " " }, png);
    expect(Object.keys(blanks.json().fields)).toEqual(["title", "excerpt", "authorName"]);
  });

  it("refuses empty markup and content under 15 characters", async () => {
    for (const [content, message] of [
      ["<p></p>", "Content cannot be empty."],
      ["<p><br></p><p>&nbsp;</p>", "Content cannot be empty."],
      ["<script>alert('a long enough script')</script>", "Content cannot be empty."],
      ["<p>Short</p>", "Content is too short."],
    ] as const) {
      const response = await send("POST", "/api/blogs", { ...valid, content }, png);
      expect(response.statusCode, content).toBe(400);
      expect(response.json(), content).toEqual({ message, fields: { content: message } });
    }
  });

  it("accepts only http(s) LinkedIn URLs and allows none", async () => {
    for (const authorLinkedin of ["javascript:alert(1)", "linkedin.com/in/x", "ftp://x.test"]) {
      const response = await send("POST", "/api/blogs", { ...valid, authorLinkedin }, png);
      expect(response.json().fields, authorLinkedin).toEqual({ authorLinkedin: "Please enter a valid http(s) URL" });
    }
    const post = await create({ ...valid, authorLinkedin: "" }, textOnlyPng);
    expect(post.authorLinkedin).toBe("");
  });

  it("limits lengths and ignores fields a client may not set", async () => {
    const long = await send("POST", "/api/blogs", { ...valid, title: "x".repeat(201) }, png);
    expect(long.json().fields.title).toBe("Please keep this under 200 characters.");
    const post = await create(
      {
        ...valid,
        _id: "mine",
        createdAt: "2000-01-01T00:00:00.000Z",
        imageUrl: "/x.jpg",
      } as never,
      textOnlyPng,
    );
    expect(post._id).not.toBe("mine");
    expect(post.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
    expect(onSite(post.imageUrl)).toMatch(/^\/uploads\/blog\//);
  });

  it("stores sanitised HTML and keeps the formatting", async () => {
    const post = await create(
      {
        ...valid,
        content: `${CONTENT}<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a>`,
      },
      textOnlyPng,
    );
    const expected =
      '<h2>Progress</h2><p><strong>Bold</strong> and <em>calm</em> <a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">link</a></p>' +
      '<a target="_blank" rel="noopener noreferrer nofollow">bad</a>';
    expect(post.content).toBe(expected);
    const row = await t.database.db
      .selectFrom("blog_posts")
      .select("content")
      .where("id", "=", post._id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe(expected);
  });

  it("never returns unsafe HTML, even from a row stored under older rules", async () => {
    const post = await create(valid, textOnlyPng);
    await t.database.db
      .updateTable("blog_posts")
      .set({
        content: '<p onclick="alert(1)">Old row</p><script>alert(1)</script><iframe src="https://x.test"></iframe>',
      })
      .where("id", "=", post._id)
      .execute();
    expect((await t.app.inject({ url: `/api/blogs/${post._id}` })).json().content).toBe("<p>Old row</p>");
    const listed = (await t.app.inject({ url: "/api/blogs" })).json<BlogPost[]>().find((p) => p._id === post._id);
    expect(listed?.content).toBe("<p>Old row</p>");
  });

  it("refuses an SVG, a text file named .jpg and a truncated image with 400, storing nothing", async () => {
    const before = (await t.app.inject({ url: "/api/blogs" })).json<BlogPost[]>().length;
    for (const [bytes, name, message] of [
      [svgImage(), "logo.svg", "Please choose a JPEG, PNG, WebP or AVIF image."],
      [textFile(), "photo.jpg", "Please choose a JPEG, PNG, WebP or AVIF image."],
      [await truncatedJpeg(), "cut.jpg", "The image file is damaged or incomplete. Please choose another file."],
    ] as const) {
      const response = await send("POST", "/api/blogs", valid, bytes, name);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ message, fields: { image: message } });
    }
    expect((await t.app.inject({ url: "/api/blogs" })).json<BlogPost[]>()).toHaveLength(before);
  });

  it("refuses a 20 MB file with 413 and a message", async () => {
    const response = await send("POST", "/api/blogs", valid, bytesOfSize(20 * 1024 * 1024), "huge.jpg");
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "The upload is too large." });
  });

  it("updates text without touching the image, and replaces the image removing the old files", async () => {
    const post = await create();
    const edited = await send("PUT", `/api/blogs/${post._id}`, { ...valid, title: "Edited title" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Edited title", imageUrl: post.imageUrl, createdAt: post.createdAt });

    const replaced = await send("PUT", `/api/blogs/${post._id}`, valid, await pngImage({ width: 400, height: 300 }));
    expect(replaced.json<BlogPost>().image.processing).toBe(true);
    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const after = (await t.app.inject({ url: `/api/blogs/${post._id}` })).json<BlogPost>();
    expect(after.image.variants).toHaveLength(6);
    expect(after.imageUrl).not.toBe(post.imageUrl);
    for (const variant of post.image.variants) expect(existsSync(uploadFile(variant.url))).toBe(false);
    for (const variant of after.image.variants) expect(existsSync(uploadFile(variant.url))).toBe(true);
    expect((await t.app.inject({ url: `/api/blogs/${post._id}` })).json().title).toBe(valid.title);
  });

  it("validates updates with the same messages and keeps the post on failure", async () => {
    const post = await create(valid, textOnlyPng);
    const response = await send("PUT", `/api/blogs/${post._id}`, { ...valid, title: "" });
    expect(response.json().fields).toEqual({ title: "Title is required" });
    expect((await t.app.inject({ url: `/api/blogs/${post._id}` })).json().title).toBe(valid.title);
  });

  it("deletes a post and every file of its image", async () => {
    const post = await create();
    const response = await t.app.inject({ method: "DELETE", url: `/api/blogs/${post._id}`, headers: auth });
    expect(response.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/blogs/${post._id}` })).statusCode).toBe(404);
    for (const variant of post.image.variants) expect(existsSync(uploadFile(variant.url))).toBe(false);
  });

  it("deletion wins over the background ladder: a post deleted while processing leaves no file", async () => {
    const response = await send("POST", "/api/blogs", valid, png);
    const answered = response.json<BlogPost>();
    expect(answered.image.processing).toBe(true);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/blogs/${answered._id}`, headers: auth })).statusCode,
    ).toBe(204);
    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const folder = path.dirname(uploadFile(answered.imageUrl));
    const stem = path.basename(uploadFile(answered.imageUrl)).replace(/-\d+\.jpg$/, "");
    expect(readdirSync(folder).filter((name) => name.startsWith(stem))).toEqual([]);
  });

  it("answers 404 with a message for unknown and malformed ids, never 500", async () => {
    for (const id of [
      "00000000-0000-0000-0000-000000000000",
      "not-an-id",
      "%00",
      "1'%20or%20'1'='1",
      "x".repeat(300),
    ]) {
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const response =
          method === "PUT"
            ? await send("PUT", `/api/blogs/${id}`, valid)
            : await t.app.inject({ method, url: `/api/blogs/${id}`, headers: auth });
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        // Ids longer than the router accepts never reach the route: the API's own JSON 404 answers.
        const message = id.length > 100 ? expect.stringMatching(/^No route for/) : "Post not found.";
        expect(response.json(), `${method} ${id}`).toEqual({ message });
      }
    }
  });
});
