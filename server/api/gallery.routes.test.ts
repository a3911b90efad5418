import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../core/audit/audit.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { jpegWithGps, textFile } from "../../tests/support/images.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { sitePath } from "../../tests/support/site-url.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const FIELDS = {
  title: "Sewing class graduation",
  description: "Twelve mothers received their certificates.",
  category: "Skills Training",
  eventDate: "2026-03-14",
};

const smallPng = (colour = "#0b5563") =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer();

function galleryForm(fields: Record<string, string | undefined>, images: Buffer[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  images.forEach((bytes, i) => {
    form.append("images", fileBlob(bytes), `photo-${i}.png`);
  });
  return form;
}

describe.each(DIALECTS)("gallery API on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  let png: Buffer;
  let now = new Date("2026-05-01T08:00:00Z");
  const uploadsDir = () => path.join(t.config.dataDir, "uploads", "gallery");
  const storedFiles = () => {
    try {
      return readdirSync(uploadsDir()).filter((f) => !f.startsWith("."));
    } catch {
      return [];
    }
  };
  const onSite = (url: string) => sitePath(url, t.config.publicSiteUrl);
  const fileOf = (url: string) => path.join(t.config.dataDir, onSite(url).replace(/^\//, ""));
  const exists = (url: string) => storedFiles().includes(path.basename(url));

  const send = async (method: "POST" | "PUT", url: string, form: FormData) =>
    t.app.inject({ method, url, ...(await multipartPayload(form, headers)) });
  const create = async (fields: Record<string, string> = {}, images: Buffer[] = [png]) => {
    now = new Date(now.getTime() + 1000);
    const response = await send("POST", "/api/gallery", galleryForm({ ...FIELDS, ...fields }, images));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
    headers = await t.adminHeaders();
    png = await smallPng();
  });
  afterAll(() => t.close());

  it("creates an item from a multipart form: plain imageUrls (cover first) plus variants, files stored", async () => {
    const photo = await jpegWithGps({ width: 1200, height: 800 });
    const item = await create({}, [photo, png]);
    expect(item).toMatchObject({ ...FIELDS, _id: expect.any(String), createdAt: now.toISOString() });
    expect(item.imageUrls).toHaveLength(2);
    for (const url of item.imageUrls) expect(onSite(url)).toMatch(/^\/uploads\/gallery\/[a-z0-9-]+-\d+\.jpg$/);
    expect(item.images.map((i: { url: string }) => i.url)).toEqual(item.imageUrls);
    // The request stored each image's largest JPEG; the rest of the ladder is a background job.
    expect(item.images.map((i: { processing?: boolean }) => i.processing)).toEqual([true, true]);
    // Metadata stripped (the photo carried GPS).
    expect((await sharp(fileOf(item.imageUrls[0])).metadata()).exif).toBeUndefined();
    const served = await t.app.inject({ url: onSite(item.imageUrls[0]) });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");

    expect(await t.services.jobs.runDue()).toEqual({ done: 2, failed: 0 });
    const fetched = (await t.app.inject({ url: `/api/gallery/${item._id}` })).json();
    expect(fetched).toEqual({ ...item, images: fetched.images });
    const cover = fetched.images[0];
    expect(cover.processing).toBeUndefined();
    expect(cover.url).toBe(item.images[0].url);
    expect(cover.variants.map((v: { format: string }) => v.format)).toEqual(
      expect.arrayContaining(["avif", "webp", "jpeg"]),
    );
    for (const variant of cover.variants) expect(exists(variant.url)).toBe(true);
  });

  it.each([
    ["title", "Title is required"],
    ["description", "Description is required"],
    ["category", "Category is required"],
    ["eventDate", "Date is required"],
  ])("refuses a missing or blank %s with the spec's message, leaving no files behind", async (field, message) => {
    const before = storedFiles().length;
    for (const value of [undefined, "", "  "]) {
      const response = await send("POST", "/api/gallery", galleryForm({ ...FIELDS, [field]: value }, [png]));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    }
    expect(storedFiles().length).toBe(before);
  });

  it("requires images only when creating, and checks them by decoding", async () => {
    const none = await send("POST", "/api/gallery", galleryForm(FIELDS));
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ images: "Please choose at least one image." });

    const before = storedFiles().length;
    const fake = await send("POST", "/api/gallery", galleryForm(FIELDS, [png, textFile()]));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().fields).toEqual({ images: "Please choose a JPEG, PNG, WebP or AVIF image." });
    expect(storedFiles().length).toBe(before);

    const eleven = await send(
      "POST",
      "/api/gallery",
      galleryForm(
        FIELDS,
        Array.from({ length: 11 }, () => png),
      ),
    );
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().fields).toEqual({ images: "Please choose at most 10 images." });
    expect(storedFiles().length).toBe(before);
  });

  it("refuses impossible dates and unknown categories, and drops fields a client may not set", async () => {
    const badDate = await send("POST", "/api/gallery", galleryForm({ ...FIELDS, eventDate: "2026-02-30" }, [png]));
    expect(badDate.json().fields.eventDate).toBe("Please enter a valid date.");
    const badCategory = await send("POST", "/api/gallery", galleryForm({ ...FIELDS, category: "Cats" }, [png]));
    expect(badCategory.json().fields.category).toBe("Please choose one of the gallery categories.");
    const item = await create({ _id: "mine", createdAt: "1999-01-01T00:00:00.000Z", imageUrls: "/evil.jpg" });
    expect(item._id).not.toBe("mine");
    expect(item.createdAt).not.toBe("1999-01-01T00:00:00.000Z");
    expect(onSite(item.imageUrls[0])).toMatch(/^\/uploads\/gallery\//);
  });

  it("edits text only and keeps the images when none are sent", async () => {
    const item = await create();
    const response = await send("PUT", `/api/gallery/${item._id}`, galleryForm({ ...FIELDS, title: "Renamed" }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: "Renamed", imageUrls: item.imageUrls, createdAt: item.createdAt });
    const invalid = await send("PUT", `/api/gallery/${item._id}`, galleryForm({ ...FIELDS, description: "" }));
    expect(invalid.json().fields.description).toBe("Description is required");
  });

  it("replaces every image on edit and deletes the old files", async () => {
    const item = await create({}, [png, await smallPng("#b4430e")]);
    const oldFiles = item.images.flatMap((i: { variants: Array<{ url: string }> }) => i.variants.map((v) => v.url));
    expect(oldFiles.every(exists)).toBe(true);
    const response = await send("PUT", `/api/gallery/${item._id}`, galleryForm(FIELDS, [await smallPng("#222222")]));
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated.imageUrls).toHaveLength(1);
    expect(updated.imageUrls[0]).not.toBe(item.imageUrls[0]);
    expect(exists(updated.imageUrls[0])).toBe(true);
    expect(oldFiles.filter(exists)).toEqual([]);
  });

  it("deletes an item with its files; unknown ids answer 404 and leave no uploaded files", async () => {
    const item = await create();
    const files = item.images[0].variants.map((v: { url: string }) => v.url);
    expect((await t.app.inject({ method: "DELETE", url: `/api/gallery/${item._id}`, headers })).statusCode).toBe(204);
    expect(files.filter(exists)).toEqual([]);
    expect((await t.app.inject({ url: `/api/gallery/${item._id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/api/gallery/${item._id}`, headers })).statusCode).toBe(404);

    const before = storedFiles().length;
    const missing = await send("PUT", "/api/gallery/no-such-item", galleryForm(FIELDS, [png]));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Gallery item not found." });
    expect(storedFiles().length).toBe(before);
  });

  it("requires a token to change the gallery", async () => {
    const form = await multipartPayload(galleryForm(FIELDS, [png]));
    expect((await t.app.inject({ method: "POST", url: "/api/gallery", ...form })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: "/api/gallery/x" })).statusCode).toBe(401);
  });
});

describe.each(DIALECTS)("gallery listing and search on %s", (dialect) => {
  let t: TestApp;
  let now = new Date("2026-06-01T08:00:00Z");
  const list = async (query: Record<string, string>) => {
    const response = await t.app.inject({ url: "/api/gallery", query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      images: Array<{ _id: string; title: string; category: string; eventDate: string }>;
      hasMore: boolean;
    };
  };
  const titles = (page: { images: Array<{ title: string }> }) => page.images.map((i) => i.title);
  const seed = (title: string, fields: Partial<Record<"description" | "category" | "eventDate", string>> = {}) => {
    now = new Date(now.getTime() + 1000);
    return t.services.gallery.create({ fields: { ...FIELDS, title, ...fields }, images: [png] }, SYSTEM_ACTOR);
  };
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
    png = await smallPng();
    const categories = ["Partnerships", "Education", "Support", "Skills Training"];
    for (let i = 1; i <= 25; i++) {
      await seed(`Event ${String(i).padStart(2, "0")}`, {
        category: categories[i % 4] as string,
        eventDate: `2025-${String(Math.ceil(i / 3)).padStart(2, "0")}-${String((i % 3) + 10)}`,
      });
    }
  });
  afterAll(() => t.close());

  it("pages 25 items as 9, 9 and 7, newest event first, with hasMore true, true, false", async () => {
    const pages = [
      await list({ page: "1", limit: "9" }),
      await list({ page: "2", limit: "9" }),
      await list({ page: "3", limit: "9" }),
    ];
    expect(pages.map((p) => p.images.length)).toEqual([9, 9, 7]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    const all = pages.flatMap((p) => p.images);
    expect(new Set(all.map((i) => i._id)).size).toBe(25);
    const dates = all.map((i) => i.eventDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await list({})).images).toHaveLength(9);
    expect((await list({ limit: "4" })).images.map((i) => i._id)).toEqual(all.slice(0, 4).map((i) => i._id));
    expect((await list({ limit: "500" })).images).toHaveLength(25);
    expect(await list({ page: "4", limit: "9" })).toEqual({ images: [], hasMore: false });
  });

  it("says there is no more when a page ends exactly at the last item", async () => {
    const lastOfFive = await list({ page: "5", limit: "5" });
    expect(lastOfFive.images).toHaveLength(5);
    expect(lastOfFive.hasMore).toBe(false);
    expect(await list({ page: "1", limit: "25" })).toMatchObject({ hasMore: false });
    expect(await list({ page: "1", limit: "24" })).toMatchObject({ hasMore: true });
    const education = await list({ category: "Education", limit: "7" });
    expect(education.images).toHaveLength(7);
    expect(education.hasMore).toBe(false);
  });

  it("filters by category (empty = all, unknown = 400) and refuses malformed paging", async () => {
    const education = await list({ category: "Education", limit: "50" });
    expect(education.images.length).toBe(7);
    expect(education.images.every((i) => i.category === "Education")).toBe(true);
    expect((await list({ category: "", limit: "50" })).images).toHaveLength(25);
    const malformed: Array<Record<string, string>> = [
      { category: "Cats" },
      { page: "0" },
      { page: "abc" },
      { limit: "-1" },
      { limit: "1.5" },
    ];
    for (const query of malformed) {
      const response = await t.app.inject({ url: "/api/gallery", query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await t.app.inject({ url: "/api/gallery?category=Cats" })).json().message).toBe(
      "Unknown gallery category.",
    );
  });

  it("searches title and description case-insensitively, combined with the category", async () => {
    await seed("Bakery opening", { description: "A new BREAD oven for the Kality prison.", category: "Partnerships" });
    await seed("Literacy circle", { description: "Reading bread recipes together.", category: "Education" });
    expect(titles(await list({ search: "bread" }))).toEqual(["Literacy circle", "Bakery opening"]);
    expect(titles(await list({ search: "  KALITY " }))).toEqual(["Bakery opening"]);
    expect(titles(await list({ search: "Bread", category: "Education" }))).toEqual(["Literacy circle"]);
    expect(titles(await list({ search: "event 1", limit: "50" })).sort()).toEqual([
      "Event 10",
      "Event 11",
      "Event 12",
      "Event 13",
      "Event 14",
      "Event 15",
      "Event 16",
      "Event 17",
      "Event 18",
      "Event 19",
    ]);
    expect(titles(await list({ search: "nothing like this" }))).toEqual([]);
  });

  it("treats %, _, (, .* and quotes as ordinary characters", async () => {
    await seed("Cotton 100% donated", { description: "Fabric" });
    await seed("Cotton 1000 donated", { description: "Fabric" });
    await seed("snake_case", { description: "x" });
    await seed("snakeXcase", { description: "x" });
    await seed("Workshop (day one)", { description: "x" });
    await seed("Regex a.*b", { description: "x" });
    await seed("Regex aXXb", { description: 'She said "thank you"' });
    const cases: Array<[string, string[]]> = [
      ["100%", ["Cotton 100% donated"]],
      ["%", ["Cotton 100% donated"]],
      ["_", ["snake_case"]],
      ["e_c", ["snake_case"]],
      ["(", ["Workshop (day one)"]],
      ["(day", ["Workshop (day one)"]],
      [".*", ["Regex a.*b"]],
      ["a.*b", ["Regex a.*b"]],
      ['"thank', ["Regex aXXb"]],
      ["\\", []],
      ["%%%", []],
      ["'; drop table gallery_items; --", []],
    ];
    for (const [search, expected] of cases) expect(titles(await list({ search })), search).toEqual(expected);
  });

  it("answers a 10,000-character search with an empty page, not an error", async () => {
    const response = await t.app.inject({ url: "/api/gallery", query: { search: "%_(.*".repeat(2000) } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ images: [], hasMore: false });
    const long = await t.app.inject({ url: "/api/gallery", query: { search: "a".repeat(10_000) } });
    expect(long.json()).toEqual({ images: [], hasMore: false });
  });
});
