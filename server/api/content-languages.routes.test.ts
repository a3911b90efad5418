import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

// Amharic: "a mothers' school", "a new beginning".
const TITLE = "የእናቶች ትምህርት ቤት";
const DESCRIPTION = "አዲስ ጅምር";

type Item = Record<string, unknown> & { _id: string };

/**
 * `?lang=am` on every public read of content (docs/decisions/0505): the Amharic where staff wrote
 * one, English field by field otherwise (named in `englishFields`), and without the parameter the
 * spec's answer, byte for byte. The API cache keeps each language's answer apart.
 */
describe.each(DIALECTS)("public content reads in a language on %s", (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  let png: Buffer;

  const multipart = async (url: string, fields: Record<string, string>, file: string) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append(file, fileBlob(png), "p.png");
    const response = await t.app.inject({ method: "POST", url, ...(await multipartPayload(body, headers)) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Item>();
  };
  const translate = async (kind: string, id: string, fields: Record<string, string>) => {
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/admin/translations/${kind}/${id}/am`,
      headers,
      payload: { fields },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const read = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { pageCacheSeconds: 60 } });
    headers = await t.adminHeaders();
    png = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#0b5563" } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  it("answers blogs, publications, videos and gallery items in Amharic when asked, the spec's English otherwise", async () => {
    const post = await multipart(
      "/api/blogs",
      {
        title: "A school for mothers",
        excerpt: "They learn to read.",
        authorName: "Hanna",
        content: "<p>Every day.</p>",
      },
      "image",
    );
    const publication = await multipart(
      "/api/publications",
      {
        title: "A new beginning",
        description: "A feature about the programme.",
        link: "https://news.example.org/hope",
        publicationDate: "2026-03-08",
      },
      "image",
    );
    const video = await t.app.inject({
      method: "POST",
      url: "/api/videos",
      headers,
      payload: {
        title: "Graduation day",
        description: "Twelve mothers finish the course.",
        youtubeUrl: "https://youtu.be/aaaaaaaaaaa",
        category: "Testimonials",
      },
    });
    expect(video.statusCode, video.body).toBe(201);
    const videoId = video.json<Item>()._id;
    const image = await multipart(
      "/api/gallery",
      {
        title: "Sewing class",
        description: "Certificates.",
        category: "Skills Training",
        eventDate: "2026-03-14",
      },
      "images",
    );

    const reads = [
      { kind: "blog", list: "/api/blogs", one: `/api/blogs/${post._id}`, id: post._id, other: "excerpt" },
      {
        kind: "publication",
        list: "/api/publications",
        one: `/api/publications/${publication._id}`,
        id: publication._id,
        other: "description",
      },
      { kind: "video", list: "/api/videos", one: `/api/videos/${videoId}`, id: videoId, other: "description" },
      {
        kind: "gallery-item",
        list: "/api/gallery",
        one: `/api/gallery/${image._id}`,
        id: image._id,
        other: "description",
      },
    ];
    const itemsOf = (body: unknown): Item[] =>
      Array.isArray(body)
        ? body
        : ((body as { videos?: Item[]; images?: Item[] }).videos ?? (body as { images: Item[] }).images);

    // The spec's answers before any Amharic exists…
    const before = new Map<string, string>();
    for (const { list, one } of reads) {
      for (const url of [list, one]) before.set(url, (await read(url)).body);
    }
    for (const { kind, id } of reads) await translate(kind, id, { title: TITLE });

    for (const { kind, list, one, id, other } of reads) {
      // …are the same bytes after it does: without the parameter nothing changes.
      expect((await read(list)).body, list).toBe(before.get(list));
      expect((await read(one)).body, one).toBe(before.get(one));
      // A language the site does not translate into is English too.
      expect((await read(`${one}?lang=fr`)).body, kind).toBe(before.get(one));

      const english = JSON.parse(before.get(one) as string) as Item;
      const single = (await read(`${one}?lang=am`)).json<Item>();
      expect(single, kind).toEqual({ ...english, title: TITLE, locale: "am", englishFields: expect.any(Array) });
      expect(single.englishFields, kind).toContain(other);
      expect(single.englishFields, kind).not.toContain("title");
      expect(single[other], kind).toBe(english[other]);

      const listed = itemsOf((await read(`${list}?lang=am`)).json()).find((item) => item._id === id);
      expect(listed, kind).toMatchObject({ title: TITLE, locale: "am" });
      expect(listed?.englishFields, kind).toContain(other);
    }

    // A field translated later is no longer named as English.
    await translate("video", videoId, { title: TITLE, description: DESCRIPTION });
    expect((await read(`/api/videos/${videoId}?lang=am`)).json()).toMatchObject({
      description: DESCRIPTION,
      englishFields: [],
    });
  });

  it("keeps each language's answer apart in the API cache", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/videos",
      headers,
      payload: {
        title: "Cached in two languages",
        description: "Twice.",
        youtubeUrl: "https://youtu.be/bbbbbbbbbbb",
        category: "Testimonials",
      },
    });
    const id = created.json<Item>()._id;
    await translate("video", id, { title: TITLE });
    const titleIn = (body: string) =>
      (JSON.parse(body) as { videos: Item[] }).videos.find((video) => video._id === id)?.title;

    for (const url of ["/api/videos?category=Testimonials", "/api/videos?category=Testimonials&lang=am"]) {
      const first = await read(url);
      expect(first.headers["x-cache"], url).toBeUndefined();
    }
    const english = await read("/api/videos?category=Testimonials");
    const amharic = await read("/api/videos?category=Testimonials&lang=am");
    expect([english.headers["x-cache"], amharic.headers["x-cache"]]).toEqual(["hit", "hit"]);
    expect(titleIn(english.body)).toBe("Cached in two languages");
    expect(titleIn(amharic.body)).toBe(TITLE);
    expect(english.headers.etag).not.toBe(amharic.headers.etag);

    // Site content: the same.
    const site = await read("/api/site-content");
    const siteAm = await read("/api/site-content?lang=am");
    expect((await read("/api/site-content")).headers["x-cache"]).toBe("hit");
    expect((await read("/api/site-content?lang=am")).headers["x-cache"]).toBe("hit");
    expect(Object.keys(site.json())).not.toContain("englishPaths");
    expect(siteAm.json()).toMatchObject({
      locale: "am",
      englishPaths: { home: expect.arrayContaining(["introHeading"]) },
    });
  });

  it("answers site content in Amharic when asked: published Amharic over the English, English paths named", async () => {
    const editor = await t.app.inject({ url: "/api/site-content/home/translations/am", headers });
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/site-content/home/translations/am",
      headers,
      payload: { revision: editor.json().revision, fields: { introHeading: TITLE } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const english = (await read("/api/site-content")).body;
    const published = await t.app.inject({
      method: "POST",
      url: "/api/site-content/home/translations/am/publish",
      headers,
      payload: { revision: saved.json().revision },
    });
    expect(published.statusCode, published.body).toBe(200);

    // The English answer is the same bytes as before the Amharic was published.
    expect((await read("/api/site-content")).body).toBe(english);
    const amharic = (await read("/api/site-content?lang=am")).json();
    expect(amharic.home.introHeading).toBe(TITLE);
    expect(amharic.englishPaths.home).not.toContain("introHeading");
    expect(amharic.englishPaths.home).toContain("faq.0.answer");
    expect(amharic.home.faq[0].answer).toBe(JSON.parse(english).home.faq[0].answer);
    // Pictures are absolute in both, as the English answer has them.
    expect(amharic.home.heroSlides[0].image.url).toBe(JSON.parse(english).home.heroSlides[0].image.url);
  });
});
