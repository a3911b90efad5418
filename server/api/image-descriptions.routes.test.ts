import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * Every picture described (docs/decisions/0770-every-picture-described.md): the spec's writes take
 * a description as an optional field and answer it back; the admin forms, which say whether a
 * picture is decorative, cannot publish one undescribed; public pictures without one are listed.
 */
describe.each(DIALECTS)("picture descriptions on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let shade = 30;
  const image = () => {
    shade += 9;
    return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade % 256, g: 120, b: 60 } } })
      .png()
      .toBuffer();
  };

  async function multipart(method: "POST" | "PUT", url: string, fields: Record<string, string>, files: number) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (let i = 0; i < files; i++) {
      form.append(url.includes("gallery") ? "images" : "image", fileBlob(await image()), "a.png");
    }
    return t.app.inject({ method, url, ...(await multipartPayload(form, auth)) });
  }

  const post = (title: string, extra: Record<string, string> = {}) => ({
    title,
    excerpt: "Short.",
    authorName: "Hanna",
    content: "<p>Words enough for a post.</p>",
    ...extra,
  });
  const publication = (title: string, extra: Record<string, string> = {}) => ({
    title,
    description: "A report.",
    link: "https://example.org/report.pdf",
    publicationDate: "2026-01-01",
    ...extra,
  });
  const galleryItem = (title: string, extra: Record<string, string> = {}) => ({
    title,
    description: "At Kality.",
    category: "Education",
    eventDate: "2026-01-01",
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    auth = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it("a blog post takes imageAlt as an optional field and answers it back, staff and public", async () => {
    const described = await multipart("POST", "/api/blogs", post("Described post", { imageAlt: "Women at a loom" }), 1);
    expect(described.statusCode, described.body).toBe(201);
    expect(described.json()).toMatchObject({
      imageAlt: "Women at a loom",
      imageDecorative: false,
      status: "published",
    });
    const id = described.json()._id;
    const read = await t.app.inject({ url: `/api/blogs/${id}` });
    expect(read.json().imageAlt).toBe("Women at a loom");

    // A spec client sends neither: the post publishes, and an update without it keeps the description.
    const plain = await multipart("POST", "/api/blogs", post("Plain post"), 1);
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ imageAlt: "", imageDecorative: false, status: "published" });
    const updated = await multipart("PUT", `/api/blogs/${id}`, post("Described post, retitled"), 0);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: "Described post, retitled", imageAlt: "Women at a loom" });
  });

  it("a publication takes imageAlt and answers it back", async () => {
    const created = await multipart(
      "POST",
      "/api/publications",
      publication("Annual report", { imageAlt: "The report's cover" }),
      1,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ imageAlt: "The report's cover", imageDecorative: false });
    const list = (await t.app.inject({ url: "/api/publications" })).json() as Array<{ _id: string; imageAlt: string }>;
    expect(list.find((item) => item._id === created.json()._id)?.imageAlt).toBe("The report's cover");

    const plain = await multipart("POST", "/api/publications", publication("Plain report"), 1);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().imageAlt).toBe("");
  });

  it("a gallery item takes imageAlts, one per image in order, and an update can describe kept images", async () => {
    const created = await multipart(
      "POST",
      "/api/gallery",
      galleryItem("Storytime", { imageAlts: JSON.stringify(["Children reading", "A teacher at the board"]) }),
      2,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      imageAlts: ["Children reading", "A teacher at the board"],
      imageDecoratives: [false, false],
    });
    const id = created.json()._id;

    // Without imageAlts (a spec client) the descriptions stay.
    const retitled = await multipart("PUT", `/api/gallery/${id}`, galleryItem("Storytime at Kality"), 0);
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json().imageAlts).toEqual(["Children reading", "A teacher at the board"]);

    const redescribed = await multipart(
      "PUT",
      `/api/gallery/${id}`,
      galleryItem("Storytime at Kality", {
        imageAlts: JSON.stringify(["Children reading aloud", ""]),
        imageDecoratives: JSON.stringify([false, true]),
      }),
      0,
    );
    expect(redescribed.statusCode, redescribed.body).toBe(200);
    expect(redescribed.json()).toMatchObject({
      imageAlts: ["Children reading aloud", ""],
      imageDecoratives: [false, true],
    });
    const read = await t.app.inject({ url: `/api/gallery/${id}` });
    expect(read.json().imageAlts).toEqual(["Children reading aloud", ""]);
  });

  it("refuses a list that is not a list, and a description over 300 characters", async () => {
    const notList = await multipart("POST", "/api/gallery", galleryItem("Bad list", { imageAlts: "Children" }), 1);
    expect(notList.statusCode).toBe(400);
    expect(notList.json().message).toBe("imageAlts must be a JSON list, one entry per image.");
    const long = await multipart("POST", "/api/blogs", post("Long", { imageAlt: "a".repeat(301) }), 1);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ imageAlt: "Please keep the picture's description under 300 characters." });
  });

  it("from the admin form (which says whether a picture is decorative) publishing needs a description", async () => {
    const refused = await multipart(
      "POST",
      "/api/blogs",
      post("Form post", { imageAlt: "", imageDecorative: "false", status: "published" }),
      1,
    );
    expect(refused.statusCode).toBe(400);
    const message =
      "The picture has no description: describe what it shows, or mark it decorative, or keep the item a draft.";
    expect(refused.json()).toMatchObject({ message, fields: { imageAlt: message } });

    const draft = await multipart(
      "POST",
      "/api/blogs",
      post("Form draft", { imageAlt: "", imageDecorative: "false", status: "draft" }),
      1,
    );
    expect(draft.statusCode).toBe(201);
    const publish = await multipart(
      "PUT",
      `/api/blogs/${draft.json()._id}`,
      post("Form draft", { imageAlt: "", imageDecorative: "false", status: "published" }),
      0,
    );
    expect(publish.statusCode).toBe(400);
    const decorative = await multipart(
      "PUT",
      `/api/blogs/${draft.json()._id}`,
      post("Form draft", { imageAlt: "", imageDecorative: "true", status: "published" }),
      0,
    );
    expect(decorative.statusCode, decorative.body).toBe(200);
    expect(decorative.json()).toMatchObject({ imageAlt: "", imageDecorative: true, status: "published" });

    const publicationRefused = await multipart(
      "POST",
      "/api/publications",
      publication("Form report", { imageDecorative: "false", status: "scheduled", publishAt: "2030-01-01T09:00" }),
      1,
    );
    expect(publicationRefused.statusCode).toBe(400);
    expect(publicationRefused.json().message).toBe(message);

    const galleryRefused = await multipart(
      "POST",
      "/api/gallery",
      galleryItem("Form gallery", {
        imageAlts: JSON.stringify(["Children reading", ""]),
        imageDecoratives: JSON.stringify([false, false]),
        status: "published",
      }),
      2,
    );
    expect(galleryRefused.statusCode).toBe(400);
    expect(galleryRefused.json()).toMatchObject({
      message: "Image 2 has no description: describe what it shows, or mark it decorative, or keep the item a draft.",
      fields: {
        "imageAlts.1":
          "Image 2 has no description: describe what it shows, or mark it decorative, or keep the item a draft.",
      },
    });
  });

  it("lists public pictures without a description on the dashboard, not drafts nor described or decorative ones", async () => {
    const gallery = await multipart(
      "POST",
      "/api/gallery",
      galleryItem("Half described", { imageAlts: JSON.stringify(["Mothers at a workshop"]) }),
      2,
    );
    expect(gallery.statusCode, gallery.body).toBe(201);
    const listed = await t.app.inject({ url: "/api/admin/images/undescribed", headers: auth });
    expect(listed.statusCode).toBe(200);
    const rows = (listed.json() as Array<{ entity: string; title: string; position: number | null }>)
      .map((row) => `${row.entity}: ${row.title}${row.position ? ` (image ${row.position})` : ""}`)
      .sort();
    expect(rows).toEqual(["blog: Plain post", "gallery-item: Half described (image 2)", "publication: Plain report"]);
    const anonymous = await t.app.inject({ url: "/api/admin/images/undescribed" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps `alt` on a site-content picture and answers it back", async () => {
    const form = new FormData();
    form.append("image", fileBlob(await image()), "a.png");
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/site-content/images",
      ...(await multipartPayload(form, auth)),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const editor = (await t.app.inject({ url: "/api/site-content/about", headers: auth })).json();
    const content = structuredClone(editor.draft);
    content.founder.image = { ...uploaded.json(), alt: "The founder at the prison gate" };
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/site-content/about",
      headers: auth,
      payload: { revision: editor.revision, content },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await t.app.inject({ url: "/api/site-content/about", headers: auth })).json();
    expect(again.draft.founder.image.alt).toBe("The founder at the prison gate");
  });
});
