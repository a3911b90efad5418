import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TranslationState } from "../../core/translations/translations.schema.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

// Amharic (Ge'ez script): "women's education", "sewing class", "hope".
const AM = {
  title: "የሴቶች ትምህርት",
  excerpt: "በማረሚያ ቤት ውስጥ ያሉ እናቶች ማንበብ ተማሩ።",
  content: "<p>እናቶች በየቀኑ ይማራሉ።</p>",
  galleryTitle: "የልብስ ስፌት ክፍል",
  galleryDescription: "አሥራ ሁለት እናቶች የምስክር ወረቀት ተቀበሉ።",
};

const form = (fields: Record<string, string>, files: Record<string, Buffer[]>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, list] of Object.entries(files))
    for (const bytes of list) body.append(name, fileBlob(bytes), "p.png");
  return body;
};

describe.each(DIALECTS)("content translations on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  let png: Buffer;

  const post = async (url: string, fields: Record<string, string>, files: Record<string, Buffer[]>) => {
    const response = await t.app.inject({
      method: "POST",
      url,
      ...(await multipartPayload(form(fields, files), headers)),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ _id: string }>();
  };
  const createPost = (title = "A school term behind bars") =>
    post(
      "/api/blogs",
      {
        title,
        excerpt: "What the children learnt.",
        authorName: "Hanna",
        content: "<p>The term went well for everyone.</p>",
      },
      { image: [png] },
    );
  const createGalleryItem = (title = "Sewing class graduation") =>
    post(
      "/api/gallery",
      {
        title,
        description: "Twelve mothers received certificates.",
        category: "Skills Training",
        eventDate: "2026-03-14",
      },
      { images: [png] },
    );
  const save = (kind: string, id: string, fields: Record<string, string>, locale = "am") =>
    t.app.inject({
      method: "PUT",
      url: `/api/admin/translations/${kind}/${id}/${locale}`,
      headers,
      payload: { fields },
    });
  const search = async (term: string) => {
    const response = await t.app.inject({ url: `/api/gallery?search=${encodeURIComponent(term)}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ images: Array<{ _id: string; title: string }> }>().images.map((item) => item._id);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await t.adminHeaders();
    png = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#0b5563" } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  it("stores an Amharic version of a post as typed, sanitises its rich text, and audits it as an edit", async () => {
    const { _id } = await createPost();
    const saved = await save("blog", _id, {
      title: `  ${AM.title} `,
      content: `${AM.content}<script>alert(1)</script><img src=x onerror=alert(1)>`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const state = saved.json<TranslationState>();
    expect(state.fields).toEqual({ title: AM.title, content: AM.content });
    expect(state.coverage).toBe("partial");
    expect(state.english.title).toBe("A school term behind bars");
    expect(state.updatedBy).toBe("staff@hopebehindbars.test");

    const read = await t.app.inject({ url: `/api/admin/translations/blog/${_id}/am`, headers });
    expect(read.json<TranslationState>().fields).toEqual({ title: AM.title, content: AM.content });

    const entry = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "entity", "changes"])
      .where("entity_id", "=", _id)
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "update", entity: "blog" });
    expect(JSON.parse(entry.changes)).toEqual({ fields: ["am.content", "am.title"], values: { locale: "am" } });

    // Completing it; an empty field removes that field's translation.
    await save("blog", _id, { title: AM.title, excerpt: AM.excerpt, content: AM.content });
    const coverage = await t.app.inject({ url: "/api/admin/translations/blog?locale=am", headers });
    expect(coverage.json().coverage[_id]).toBe("complete");
    const emptied = await save("blog", _id, { title: AM.title, excerpt: "", content: AM.content });
    expect(emptied.json<TranslationState>().coverage).toBe("partial");
  });

  it("gives pages the Amharic where it exists and English otherwise, naming the English fields", async () => {
    const translated = await createPost("Translated post");
    const untranslated = await createPost("Untranslated post");
    await save("blog", translated._id, { title: AM.title, excerpt: AM.excerpt });
    const posts = await t.services.blogs.list();
    const shown = await t.services.translations.localiseMany(
      "blog",
      posts.filter((p) => [translated._id, untranslated._id].includes(p._id)),
      "am",
    );
    const [mine, other] = [translated._id, untranslated._id].map((id) => shown.find((p) => p._id === id));
    expect(mine).toMatchObject({ title: AM.title, excerpt: AM.excerpt, locale: "am", englishFields: ["content"] });
    expect(mine?.content).toBe("<p>The term went well for everyone.</p>");
    expect(other).toMatchObject({ title: "Untranslated post", englishFields: ["title", "excerpt", "content"] });
    // English pages are unchanged, and so are the spec's API answers.
    const english = await t.services.translations.localise("blog", posts[0] as (typeof posts)[0], "en");
    expect(english.englishFields).toEqual([]);
    const api = await t.app.inject({ url: `/api/blogs/${translated._id}` });
    expect(api.json()).toMatchObject({ title: "Translated post", excerpt: "What the children learnt." });
    expect(Object.keys(api.json())).not.toContain("englishFields");
  });

  it("finds gallery items by Amharic words, in English or Amharic fields, and shows a new translation at once", async () => {
    const item = await createGalleryItem();
    const ethiopicEnglish = await createGalleryItem(`Graduation ${AM.title}`);
    // Cached (the API cache) before the translation exists…
    expect(await search("ስፌት")).toEqual([]);
    const saved = await save("gallery-item", item._id, { title: AM.galleryTitle, description: AM.galleryDescription });
    expect(saved.statusCode, saved.body).toBe(200);
    // …and found right after: the save purged the caches.
    expect(await search("ስፌት")).toEqual([item._id]);
    expect(await search("የምስክር ወረቀት")).toEqual([item._id]);
    expect(await search("ክፍ")).toEqual([item._id]); // under three characters: the unindexed path
    expect(await search("ትምህርት")).toEqual([ethiopicEnglish._id]);
    // An edit of the English keeps the Amharic searchable; deleting the item deletes its translation.
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/gallery/${item._id}`,
      ...(await multipartPayload(
        form(
          { title: "Sewing class", description: "Certificates.", category: "Skills Training", eventDate: "2026-03-14" },
          {},
        ),
        headers,
      )),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await search("ስፌት")).toEqual([item._id]);
    expect(await search("sewing class")).toEqual([item._id]);
    await t.app.inject({ method: "DELETE", url: `/api/gallery/${item._id}`, headers });
    const left = await t.database.db
      .selectFrom("content_translations")
      .select("field")
      .where("item_id", "=", item._id)
      .execute();
    expect(left).toEqual([]);
  });

  it("answers the gallery in Amharic only when asked (?lang=am); the spec's answer stays English", async () => {
    const item = await createGalleryItem("Bakery opening");
    await save("gallery-item", item._id, { title: "የዳቦ ቤት መከፈት" });
    const find = async (url: string) => {
      const response = await t.app.inject({ url });
      return response.json<{ images: Array<Record<string, unknown>> }>().images.find((i) => i._id === item._id);
    };
    expect(await find("/api/gallery?search=bakery")).toMatchObject({ title: "Bakery opening" });
    expect(Object.keys((await find("/api/gallery?search=bakery")) ?? {})).not.toContain("englishFields");
    expect(await find("/api/gallery?search=bakery&lang=am")).toMatchObject({
      title: "የዳቦ ቤት መከፈት",
      description: "Twelve mothers received certificates.",
      locale: "am",
      englishFields: ["description"],
    });
  });

  it("purges the public caches when a translation changes, and not when nothing did", async () => {
    const { _id } = await createPost();
    const before = t.services.cachePurge.generation;
    await save("blog", _id, { title: AM.title });
    expect(t.services.cachePurge.generation).toBeGreaterThan(before);
    const after = t.services.cachePurge.generation;
    await save("blog", _id, { title: AM.title });
    expect(t.services.cachePurge.generation).toBe(after);
  });

  it("refuses unknown kinds, languages, items and over-long text, and strangers", async () => {
    const { _id } = await createPost();
    expect((await save("newsletter", _id, { title: AM.title })).statusCode).toBe(404);
    expect((await save("blog", _id, { title: AM.title }, "fr")).statusCode).toBe(404);
    expect((await save("blog", "not-an-id", { title: AM.title })).statusCode).toBe(404);
    expect((await save("blog", "0b6f1c2e-1111-4222-8333-944445555666", { title: AM.title })).statusCode).toBe(404);
    const long = await save("blog", _id, { title: "ሀ".repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields["fields.title"]).toBe("Title: please keep this under 200 characters.");
    const stranger = await t.app.inject({
      method: "PUT",
      url: `/api/admin/translations/blog/${_id}/am`,
      payload: { fields: { title: AM.title } },
    });
    expect(stranger.statusCode).toBe(401);
  });
});
