import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { sitePath } from "../../tests/support/site-url.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { buildApp } from "../app.ts";

/** A front end built and hosted apart from the API (README: CORS_ORIGIN). */
const FRONT = "https://front.hopebehindbars.test";

const varyOf = (headers: Record<string, unknown>) =>
  String(headers.vary ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase());

describe.each(DIALECTS)("a front end on another origin, on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let png: Buffer;

  /** Sends a multipart form as the admin, with one image under `fileField` when given. */
  const send = async (method: "POST" | "PUT", url: string, fields: Record<string, string>, fileField?: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (fileField) form.append(fileField, fileBlob(png), "photo.png");
    return t.app.inject({ method, url, ...(await multipartPayload(form, auth)) });
  };
  const create = async (url: string, fields: Record<string, string>, fileField: string) => {
    const response = await send("POST", url, fields, fileField);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const POST_FIELDS = { excerpt: "A short summary.", authorName: "Hanna", content: "<p>Enough words for a post.</p>" };
  const createGalleryItem = (title: string) =>
    create(
      "/api/gallery",
      { title, description: "Twelve mothers received certificates.", category: "Education", eventDate: "2026-03-14" },
      "images",
    );
  const createPost = (title: string) => create("/api/blogs", { title, ...POST_FIELDS }, "image");
  const createPublication = (title: string) =>
    create(
      "/api/publications",
      { title, description: "Coverage.", link: "https://news.example.org/a", publicationDate: "2026-01-02" },
      "image",
    );

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { corsOrigin: FRONT, pageCacheSeconds: 60 } });
    auth = await t.adminHeaders();
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0b5563" } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  describe("CORS headers", () => {
    it("are on every answer to a public list, from the API cache or not", async () => {
      await createGalleryItem("Cached item");
      const videos = await t.app.inject({
        method: "POST",
        url: "/api/videos",
        headers: auth,
        payload: {
          title: "A story",
          description: "Told by a mother.",
          youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          category: "Testimonials",
        },
      });
      expect(videos.statusCode).toBe(201);
      for (const url of ["/api/gallery?page=1&limit=9&category=&search=", "/api/videos?category="]) {
        const miss = await t.app.inject({ url, headers: { origin: FRONT } });
        const hit = await t.app.inject({ url, headers: { origin: FRONT } });
        expect(miss.headers["x-cache"], url).toBeUndefined();
        expect(hit.headers["x-cache"], url).toBe("hit");
        expect(hit.body).toBe(miss.body);
        for (const response of [miss, hit]) {
          expect(response.headers["access-control-allow-origin"], url).toBe(FRONT);
          expect(varyOf(response.headers), url).toContain("origin");
        }
      }
    });

    it("vary by Origin even without one, and never allow an origin that is not configured", async () => {
      const url = "/api/gallery?page=1&limit=4";
      const sameOrigin = await t.app.inject({ url });
      expect(varyOf(sameOrigin.headers)).toContain("origin");
      expect(sameOrigin.headers["access-control-allow-origin"]).toBeUndefined();
      // Cached answers are kept per Origin (they vary by it), so the second one is the cache's.
      const fromOtherOrigin = [
        await t.app.inject({ url, headers: { origin: "https://evil.example" } }),
        await t.app.inject({ url, headers: { origin: "https://evil.example" } }),
      ];
      expect(fromOtherOrigin[1]?.headers["x-cache"]).toBe("hit");
      for (const response of fromOtherOrigin) {
        expect(response.headers["access-control-allow-origin"]).toBeUndefined();
        expect(varyOf(response.headers)).toContain("origin");
      }
    });

    it("are on refusals too, so the front end can read their message", async () => {
      const refusals = [
        await t.app.inject({ url: "/api/volunteer", headers: { origin: FRONT } }),
        await t.app.inject({ url: "/api/no-such-thing", headers: { origin: FRONT } }),
        await t.app.inject({ method: "POST", url: "/api/subscribe", headers: { origin: FRONT }, payload: {} }),
      ];
      expect(refusals.map((r) => r.statusCode)).toEqual([401, 404, 400]);
      for (const response of refusals) {
        expect(response.headers["access-control-allow-origin"]).toBe(FRONT);
        expect(response.json().message).toEqual(expect.any(String));
      }
    });

    it("answer preflights for the admin's PUT and DELETE calls with the token and JSON headers allowed", async () => {
      for (const [method, url] of [
        ["PUT", "/api/blogs/0f0e0d0c-0b0a-4908-8706-050403020100"],
        ["DELETE", "/api/blogs/0f0e0d0c-0b0a-4908-8706-050403020100"],
        ["PUT", "/api/gallery/any"],
        ["DELETE", "/api/gallery/any"],
        ["PUT", "/api/videos/any"],
        ["PUT", "/api/publications/any"],
        ["PUT", "/api/volunteer/status"],
        ["DELETE", "/api/volunteer"],
        ["DELETE", "/api/messages/admin/any"],
        ["DELETE", "/api/subscribe"],
        ["POST", "/api/admin/login"],
      ] as const) {
        const response = await t.app.inject({
          method: "OPTIONS",
          url,
          headers: {
            origin: FRONT,
            "access-control-request-method": method,
            "access-control-request-headers": "authorization,content-type",
          },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(204);
        expect(response.headers["access-control-allow-origin"]).toBe(FRONT);
        expect(String(response.headers["access-control-allow-methods"]).split(/,\s*/)).toContain(method);
        expect(String(response.headers["access-control-allow-headers"])).toMatch(/authorization.*content-type/);
      }
    });
  });

  describe("spec §7's client, which sends a JSON content type on every call", () => {
    const json = { "content-type": "application/json", origin: FRONT };

    it("can delete: an empty body on a DELETE is no body", async () => {
      const post = await createPost("To delete");
      const item = await createGalleryItem("To delete");
      for (const url of [`/api/blogs/${post._id}`, `/api/gallery/${item._id}`]) {
        const deleted = await t.app.inject({ method: "DELETE", url, headers: { ...auth, ...json } });
        expect(deleted.statusCode, `${url}: ${deleted.body}`).toBe(204);
        expect(deleted.headers["access-control-allow-origin"]).toBe(FRONT);
        expect((await t.app.inject({ url })).statusCode).toBe(404);
      }
      const listed = await t.app.inject({ url: "/api/blogs", headers: { ...auth, ...json } });
      expect(listed.statusCode).toBe(200);
    });

    it("is still refused a POST with no body or a poisoned one, as invalid JSON", async () => {
      for (const payload of ["", '{"__proto__":{"isAdmin":true},"email":"reader@example.org"}']) {
        const response = await t.app.inject({ method: "POST", url: "/api/subscribe", headers: json, payload });
        expect(response.statusCode, payload).toBe(400);
        expect(response.json()).toEqual({ message: "The request body is not valid JSON." });
      }
    });
  });

  describe("image URLs", () => {
    it("are absolute on PUBLIC_SITE_URL in every answer that carries them, and the files are there", async () => {
      const site = t.config.publicSiteUrl;
      const item = await createGalleryItem("Absolute item");
      const post = await createPost("Absolute post");
      const publication = await createPublication("Absolute publication");
      // The creation answers carry the largest JPEG alone; the reads after the background job, every variant.
      expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
      const answers = [
        item,
        (await t.app.inject({ url: `/api/gallery/${item._id}` })).json(),
        (await t.app.inject({ url: "/api/gallery?search=absolute" })).json().images[0],
        post,
        (await t.app.inject({ url: `/api/blogs/${post._id}` })).json(),
        (await t.app.inject({ url: "/api/blogs" })).json()[0],
        publication,
        (await t.app.inject({ url: `/api/publications/${publication._id}` })).json(),
        (await t.app.inject({ url: "/api/publications" })).json()[0],
      ];
      const urls = answers.flatMap((answer) => {
        const images = answer.images ?? [answer.image];
        return [
          ...(answer.imageUrls ?? [answer.imageUrl]),
          ...images.flatMap((image: { url: string; variants: Array<{ url: string }> }) => [
            image.url,
            ...image.variants.map((v) => v.url),
          ]),
        ];
      });
      expect(urls.length).toBeGreaterThan(answers.length * 3);
      for (const url of new Set(urls)) {
        const served = await t.app.inject({ url: sitePath(url, site), headers: { origin: FRONT } });
        expect(served.statusCode, url).toBe(200);
        expect(served.headers["content-type"], url).toMatch(/^image\//);
        // For a front end that reads the file with fetch or draws it on a canvas.
        expect(served.headers["access-control-allow-origin"], url).toBe(FRONT);
      }
      const edited = await send("PUT", `/api/blogs/${post._id}`, { title: "Edited", ...POST_FIELDS });
      expect(edited.statusCode).toBe(200);
      expect(sitePath(edited.json().imageUrl, site)).toBe(sitePath(post.imageUrl, site));
    });

    it("follow PUBLIC_SITE_URL at answer time: rows keep root-relative paths, a new domain needs no migration", async () => {
      const post = await createPost("Moving house");
      const row = await t.database.db
        .selectFrom("blog_posts")
        .select(["image_url", "image_variants"])
        .where("id", "=", post._id)
        .executeTakeFirstOrThrow();
      expect(row.image_url).toMatch(/^\/uploads\/blog\//);
      expect(row.image_variants).not.toContain("://");
      // Server-rendered pages read the services, which keep the stored, same-origin paths.
      expect((await t.services.blogs.get(post._id)).imageUrl).toBe(row.image_url);

      const moved = await buildApp({
        config: { ...t.config, publicSiteUrl: "https://new-domain.example" },
        database: t.database,
        logger: false,
      });
      try {
        const answer = (await moved.inject({ url: `/api/blogs/${post._id}` })).json();
        expect(answer.imageUrl).toBe(`https://new-domain.example${row.image_url}`);
        expect(
          answer.image.variants.every((v: { url: string }) => v.url.startsWith("https://new-domain.example/")),
        ).toBe(true);
      } finally {
        await moved.close();
      }
    });
  });
});
