import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitemapSources } from "../../app/lib/sitemap.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/**
 * Consent on every type (docs/decisions/0470-consent-everywhere.md): consent sent with
 * the write itself (blog, publication, gallery, video, site-content upload), the publish guard for
 * each case on each, expiry read in Addis Ababa's calendar, drafts that need settling listed, and a
 * video's or a site-content picture's withdrawal.
 */
describe.each(DIALECTS)("consent on every type on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  // 21:30 UTC on 2 March is already 00:30 on 3 March in Addis Ababa (UTC+3).
  const now = new Date("2026-03-02T21:30:00Z");
  let shade = 16;
  const image = () => {
    shade += 7;
    return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade % 256, g: 90, b: 40 } } })
      .png()
      .toBuffer();
  };

  const CASES = [
    { name: "not yet", consent: { basis: "not-yet" }, refusal: "has no consent yet" },
    {
      name: "a child without a guardian's consent",
      consent: { basis: "on-file", minor: true, givenBy: "Meron", givenOn: "2026-02-01" },
      refusal: "shows a child without consent from a parent or guardian",
    },
    {
      name: "consent that ended yesterday in Addis Ababa (still today in UTC)",
      consent: { basis: "on-file", givenBy: "Meron", givenOn: "2026-01-01", expiresOn: "2026-03-02" },
      refusal: "has consent that ended on 2026-03-02",
    },
    { name: "no identifiable people", consent: { basis: "no-identifiable-people" }, refusal: null },
    {
      name: "a child with a guardian's consent, ending today",
      consent: {
        basis: "on-file",
        minor: true,
        byGuardian: true,
        givenBy: "Meron",
        givenOn: "2026-02-01",
        expiresOn: "2026-03-03",
        formReference: "F-12",
      },
      refusal: null,
    },
    { name: "not recorded (a spec client)", consent: null, refusal: null },
  ] as const;

  async function multipart(method: "POST" | "PUT", url: string, fields: Record<string, string>, files: Buffer[]) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const bytes of files) form.append(url.includes("gallery") ? "images" : "image", fileBlob(bytes), "a.png");
    return t.app.inject({ method, url, ...(await multipartPayload(form, auth)) });
  }

  type Attempt = { statusCode: number; message?: string; id?: string };
  const TYPES: Record<string, (consent: object | null, title: string) => Promise<Attempt>> = {
    blog: async (consent, title) => {
      const fields = {
        title,
        excerpt: "Short.",
        authorName: "Hanna",
        content: "<p>Words enough for a post.</p>",
        status: "published",
        ...(consent ? { imageConsent: JSON.stringify(consent) } : {}),
      };
      const response = await multipart("POST", "/api/blogs", fields, [await image()]);
      return { statusCode: response.statusCode, message: response.json().message, id: response.json()._id };
    },
    publication: async (consent, title) => {
      const fields = {
        title,
        description: "A report.",
        link: "https://example.org/report.pdf",
        publicationDate: "2026-01-01",
        status: "published",
        ...(consent ? { imageConsent: JSON.stringify(consent) } : {}),
      };
      const response = await multipart("POST", "/api/publications", fields, [await image()]);
      return { statusCode: response.statusCode, message: response.json().message, id: response.json()._id };
    },
    gallery: async (consent, title) => {
      const fields = {
        title,
        description: "At Kality.",
        category: "Education",
        eventDate: "2026-01-01",
        status: "published",
        // The first image is settled; the case is the second's.
        imageConsents: JSON.stringify([{ basis: "no-identifiable-people" }, consent]),
      };
      const response = await multipart("POST", "/api/gallery", fields, [await image(), await image()]);
      return { statusCode: response.statusCode, message: response.json().message, id: response.json()._id };
    },
    video: async (consent, title) => {
      const youtubeId = `vid${String(shade++).padStart(8, "0")}`;
      const response = await t.app.inject({
        method: "POST",
        url: "/api/videos",
        headers: auth,
        payload: {
          title,
          description: "A visit.",
          youtubeUrl: `https://www.youtube.com/watch?v=${youtubeId}`,
          category: "Testimonials",
          status: "published",
          ...(consent ? { consent } : {}),
        },
      });
      return { statusCode: response.statusCode, message: response.json().message, id: response.json()._id };
    },
    "site content": async (consent, title) => {
      const form = new FormData();
      if (consent) form.append("imageConsent", JSON.stringify(consent));
      form.append("image", fileBlob(await image()), "a.png");
      const uploaded = await t.app.inject({
        method: "POST",
        url: "/api/site-content/images",
        ...(await multipartPayload(form, auth)),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const editor = (await t.app.inject({ url: "/api/site-content/about", headers: auth })).json();
      const content = structuredClone(editor.draft);
      content.founder.image = uploaded.json();
      content.founder.name = title;
      const saved = await t.app.inject({
        method: "PUT",
        url: "/api/site-content/about",
        headers: auth,
        payload: { revision: editor.revision, content },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const published = await t.app.inject({
        method: "POST",
        url: "/api/site-content/about/publish",
        headers: auth,
        payload: { revision: saved.json().revision },
      });
      return { statusCode: published.statusCode, message: published.json().message, id: "about" };
    },
  };

  const NAMES: Record<string, string> = {
    blog: "Image 1",
    publication: "Image 1",
    gallery: "Image 2",
    video: "The video",
    "site content": "The picture at founder.image",
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now, config: { pageCacheSeconds: 60 } });
    auth = await t.adminHeaders();
  });
  afterAll(() => t.close());

  it.each(Object.keys(TYPES))("the publish guard on a %s, for each consent case sent with the write", async (type) => {
    for (const [index, { name, consent, refusal }] of CASES.entries()) {
      const attempt = await (TYPES[type] as (typeof TYPES)[string])(consent, `${type} case ${index}`);
      if (refusal === null) {
        expect(attempt.statusCode, `${name}: ${attempt.message}`).toBeLessThan(300);
      } else {
        expect(attempt.statusCode, name).toBe(400);
        const it = type === "site content" ? "it" : "the item";
        expect(attempt.message, name).toBe(`${NAMES[type]} ${refusal}: record its consent, or keep ${it} a draft.`);
      }
    }
  });

  it("refuses consent on file without who and when, on the field, before anything is stored", async () => {
    const before = readdirSync(path.join(t.config.dataDir, "uploads", "blog")).length;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: "Bad consent",
      excerpt: "Short.",
      authorName: "Hanna",
      content: "<p>Words enough for a post.</p>",
      imageConsent: JSON.stringify({ basis: "on-file" }),
    }))
      form.append(key, value);
    form.append("image", fileBlob(await image()), "a.png");
    const response = await t.app.inject({ method: "POST", url: "/api/blogs", ...(await multipartPayload(form, auth)) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ "imageConsent.givenBy": expect.any(String) });
    expect(readdirSync(path.join(t.config.dataDir, "uploads", "blog")).length).toBe(before);
  });

  it("lists drafts whose images are 'not yet' or show a child without a guardian's consent", async () => {
    const draft = await multipart(
      "POST",
      "/api/blogs",
      {
        title: "Draft with a child",
        excerpt: "Short.",
        authorName: "Hanna",
        content: "<p>Words enough for a post.</p>",
        status: "draft",
        imageConsent: JSON.stringify({ basis: "no-identifiable-people", minor: true }),
      },
      [await image()],
    );
    const video = await t.app.inject({
      method: "POST",
      url: "/api/videos",
      headers: auth,
      payload: {
        title: "Draft video",
        description: "A visit.",
        youtubeUrl: "https://youtu.be/notyet00001",
        category: "Testimonials",
        status: "draft",
        consent: { basis: "not-yet" },
      },
    });
    const attention = (await t.app.inject({ url: "/api/admin/consent/attention", headers: auth })).json<
      Array<{ entityId: string; reason: string; status: string; imageUrl: string }>
    >();
    expect(attention).toContainEqual(
      expect.objectContaining({ entityId: draft.json()._id, reason: "minor-without-guardian", status: "draft" }),
    );
    expect(attention).toContainEqual(
      expect.objectContaining({ entityId: video.json()._id, reason: "not-yet", imageUrl: "youtube:notyet00001" }),
    );
  });

  it("withdrawing a video's consent unpublishes it everywhere and keeps it from going public again", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/videos",
      headers: auth,
      payload: {
        title: "Family day",
        description: "A visit.",
        youtubeUrl: "https://www.youtube.com/watch?v=withdrawn01",
        category: "Testimonials",
        consent: { basis: "no-identifiable-people" },
      },
    });
    const video = created.json();
    expect(video.status).toBe("published");
    expect((await t.app.inject({ url: "/api/videos" })).body).toContain("withdrawn01"); // and cached
    const withdrawn = await t.app.inject({
      method: "POST",
      url: "/api/admin/consent/withdraw",
      headers: auth,
      payload: { imageUrl: "youtube:withdrawn01" },
    });
    expect(withdrawn.json()).toEqual({ unpublished: [video._id] });
    expect((await t.app.inject({ url: "/api/videos" })).body).not.toContain("withdrawn01");
    expect((await t.app.inject({ url: "/api/videos?limit=1" })).body).not.toContain("withdrawn01");
    expect((await t.app.inject({ url: `/api/videos/${video._id}` })).statusCode).toBe(404);
    const sitemap = (await Promise.all(sitemapSources.map((source) => source(t.services)))).flat();
    expect(JSON.stringify(sitemap)).not.toContain(video._id);
    const republish = await t.app.inject({
      method: "PUT",
      url: `/api/videos/${video._id}`,
      headers: auth,
      payload: {
        title: "Family day",
        description: "A visit.",
        youtubeUrl: "https://www.youtube.com/watch?v=withdrawn01",
        category: "Testimonials",
        status: "published",
      },
    });
    expect(republish.json().message).toBe(
      "The video has no consent yet: record its consent, or keep the item a draft.",
    );
  });

  it("withdrawing a site-content picture puts a drawn stand-in everywhere it was, history included, and deletes its files", async () => {
    const siteFiles = () => readdirSync(path.join(t.config.dataDir, "uploads", "site"));
    const published = (await t.app.inject({ url: "/api/site-content" })).json();
    const picture: string = published.about.founder.image.url;
    expect(picture).toContain("/uploads/site/");
    const key = picture
      .slice(picture.lastIndexOf("/") + 1)
      .split("-")
      .slice(0, 5)
      .join("-");
    expect(siteFiles().some((file) => file.startsWith(key))).toBe(true);
    const stored = picture.slice(picture.indexOf("/uploads/"));
    const withdrawn = await t.app.inject({
      method: "POST",
      url: "/api/admin/consent/withdraw",
      headers: auth,
      payload: { imageUrl: stored },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await t.app.inject({ url: "/api/site-content" })).body).not.toContain(key);
    const editor = (await t.app.inject({ url: "/api/site-content/about", headers: auth })).json();
    expect(JSON.stringify(editor)).not.toContain(key);
    expect(editor.published.founder.image.url).toMatch(/^\/images\//);
    const versions = await t.database.db
      .selectFrom("document_versions")
      .select("snapshot")
      .where("kind", "=", "site-content")
      .execute();
    expect(versions.length).toBeGreaterThan(0);
    for (const version of versions) expect(version.snapshot).not.toContain(key);
    expect(siteFiles().some((file) => file.startsWith(key))).toBe(false);
  });
});
