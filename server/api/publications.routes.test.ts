import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Publication } from "../../core/publications/publications.schema.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { bytesOfSize, pngImage, svgImage, textFile } from "../../tests/support/images.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { sitePath } from "../../tests/support/site-url.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const valid = {
  title: "Children of incarcerated mothers",
  description: "A national newspaper feature on our early-childhood programme.",
  link: "https://news.example.org/features/hope",
  publicationDate: "2026-03-08",
};

describe.each(DIALECTS)("publications API on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let png: Buffer;

  async function send(
    method: "POST" | "PUT",
    url: string,
    fields: Record<string, string>,
    image?: Uint8Array,
    name = "shot.png",
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (image) form.append("image", fileBlob(image), name);
    return t.app.inject({ method, url, ...(await multipartPayload(form, auth)) });
  }
  /** Creates a publication and lets its background job finish the image's ladder (docs/decisions/0440). */
  const create = async (fields: Record<string, string> = valid, image: Uint8Array = png) => {
    const response = await send("POST", "/api/publications", fields, image);
    expect(response.statusCode, response.body).toBe(201);
    const answered = response.json<Publication>();
    expect(answered.image.processing).toBe(true);
    expect(answered.image.variants).toEqual([{ format: "jpeg", width: 800, url: answered.imageUrl }]);
    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const finished = (
      await t.app.inject({ url: `/api/publications/${answered._id}`, headers: auth })
    ).json<Publication>();
    expect(finished.image.processing).toBeUndefined();
    expect(finished.image.variants).toHaveLength(9);
    return finished;
  };
  const onSite = (url: string) => sitePath(url, t.config.publicSiteUrl);
  const uploadFile = (url: string) => path.join(t.config.dataDir, "uploads", onSite(url).replace("/uploads/", ""));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    auth = await t.adminHeaders();
    png = await pngImage({ width: 800, height: 500, alpha: false });
  });
  afterAll(() => t.close());

  it("creates publications and lists them by publication date, newest first", async () => {
    const older = await create({ ...valid, title: "Older", publicationDate: "2025-12-31" });
    const newer = await create({ ...valid, title: "Newer", publicationDate: "2026-01-01" });
    const oldest = await create({ ...valid, title: "Oldest", publicationDate: "2019-06-01" });
    expect(newer).toMatchObject({ ...valid, title: "Newer", publicationDate: "2026-01-01", _id: expect.any(String) });
    expect(onSite(newer.imageUrl)).toMatch(/^\/uploads\/publications\/[0-9a-f-]{36}-800\.jpg$/);
    const list = (await t.app.inject({ url: "/api/publications" })).json<Publication[]>();
    expect(list.map((p) => p.title)).toEqual(["Newer", "Older", "Oldest"]);
    expect((await t.app.inject({ url: `/api/publications/${older._id}` })).json()).toEqual(older);
    expect(oldest.publicationDate).toBe("2019-06-01");
  });

  it("answers every missing field with the spec's message, the image included", async () => {
    const response = await send("POST", "/api/publications", {});
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      title: "Title is required",
      description: "Description is required",
      link: "A valid URL is required",
      publicationDate: "Date is required",
      image: "Image is required",
    });
  });

  it("accepts only http(s) links and real calendar dates", async () => {
    for (const link of ["not a url", "javascript:alert(1)", "ftp://files.example.org/a", "//example.org"]) {
      const response = await send("POST", "/api/publications", { ...valid, link }, png);
      expect(response.json().fields, link).toEqual({ link: "A valid URL is required" });
    }
    for (const publicationDate of ["2026-02-30", "08/03/2026", "2026-3-8", "2026-03-08T00:00:00Z"]) {
      const response = await send("POST", "/api/publications", { ...valid, publicationDate }, png);
      expect(response.json().fields, publicationDate).toEqual({
        publicationDate: "Please enter a real date (yyyy-MM-dd).",
      });
    }
  });

  it("refuses files that are not images with 400 and a 20 MB file with 413", async () => {
    for (const [bytes, name] of [
      [svgImage(), "shot.svg"],
      [textFile(), "shot.jpg"],
    ] as const) {
      const response = await send("POST", "/api/publications", valid, bytes, name);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ image: "Please choose a JPEG, PNG, WebP or AVIF image." });
    }
    const huge = await send("POST", "/api/publications", valid, bytesOfSize(20 * 1024 * 1024), "huge.jpg");
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: "The upload is too large." });
  });

  it("updates text, replaces the image removing the old files, and deletes with every file", async () => {
    const publication = await create();
    const edited = await send("PUT", `/api/publications/${publication._id}`, { ...valid, title: "Edited" });
    expect(edited.json()).toMatchObject({ title: "Edited", imageUrl: publication.imageUrl });

    const answered = (
      await send("PUT", `/api/publications/${publication._id}`, valid, await pngImage({ width: 300, height: 200 }))
    ).json<Publication>();
    expect(answered.image.processing).toBe(true);
    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const replaced = (
      await t.app.inject({ url: `/api/publications/${publication._id}`, headers: auth })
    ).json<Publication>();
    expect(replaced.image.variants).toHaveLength(3);
    for (const variant of publication.image.variants) expect(existsSync(uploadFile(variant.url))).toBe(false);
    for (const variant of replaced.image.variants) expect(existsSync(uploadFile(variant.url))).toBe(true);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/publications/${publication._id}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(204);
    for (const variant of replaced.image.variants) expect(existsSync(uploadFile(variant.url))).toBe(false);
    expect((await t.app.inject({ url: `/api/publications/${publication._id}` })).statusCode).toBe(404);
  });

  it("deletion wins over the background ladder: a publication deleted while processing leaves no file", async () => {
    const answered = (await send("POST", "/api/publications", valid, png)).json<Publication>();
    expect(answered.image.processing).toBe(true);
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/publications/${answered._id}`, headers: auth });
    expect(deleted.statusCode).toBe(204);
    expect(await t.services.jobs.runDue()).toMatchObject({ failed: 0 });
    const folder = path.dirname(uploadFile(answered.imageUrl));
    const stem = path.basename(uploadFile(answered.imageUrl)).replace(/-\d+\.jpg$/, "");
    expect(readdirSync(folder).filter((name) => name.startsWith(stem))).toEqual([]);
  });

  it("answers 404 with a message for unknown and malformed ids", async () => {
    for (const id of ["00000000-0000-0000-0000-000000000000", "nope", "%00"]) {
      for (const method of ["GET", "DELETE"] as const) {
        const response = await t.app.inject({ method, url: `/api/publications/${id}`, headers: auth });
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ message: "Publication not found." });
      }
      expect((await send("PUT", `/api/publications/${id}`, valid)).statusCode).toBe(404);
    }
  });
});
