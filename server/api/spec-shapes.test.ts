import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

/**
 * What a client of spec §7 reads: every entity of spec §3 with all its fields, optional texts
 * included ("" when empty), so a form filled from an answer can send it back as it is. Fields we
 * add (image sizes, updatedAt, the video's watch URL, the publishing state) are listed as ours.
 */
const keys = (value: object) => Object.keys(value).sort();
const sorted = (...names: string[]) => [...names].sort();
/** Ours (docs/decisions/0300-publishing-states.md): the publishing state of content; public answers always read "published". */
const STATE = ["status", "publishAt"];
/** Ours (docs/decisions/0770-every-picture-described.md): what the picture shows, or that it only decorates. */
const DESCRIBED = ["imageAlt", "imageDecorative"];

describe.each(DIALECTS)("API answers have spec §3's fields, on %s", (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let png: Buffer;

  const send = async (method: "POST" | "PUT", url: string, fields: Record<string, string>, fileField?: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (fileField) form.append(fileField, fileBlob(png), "photo.png");
    return t.app.inject({ method, url, ...(await multipartPayload(form, auth)) });
  };
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    auth = await t.adminHeaders();
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#b4430e" } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  it("blog post without a LinkedIn URL: present as '', and re-submitting exactly what was read saves", async () => {
    const created = await send(
      "POST",
      "/api/blogs",
      { title: "No LinkedIn", excerpt: "Short.", authorName: "Hanna", content: "<p>Words enough for a post.</p>" },
      "image",
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;
    const read = await get(`/api/blogs/${id}`);
    const spec = ["_id", "title", "excerpt", "imageUrl", "createdAt", "authorName", "authorLinkedin", "content"];
    expect(keys(read)).toEqual(sorted(...spec, "image", "updatedAt", ...STATE, ...DESCRIBED));
    expect(read.authorLinkedin).toBe("");
    expect(keys((await get("/api/blogs"))[0])).toEqual(keys(read));

    // What a client does: fill the form from the answer, submit the form's fields as text.
    const { title, excerpt, authorName, authorLinkedin, content } = read;
    const saved = await send("PUT", `/api/blogs/${id}`, { title, excerpt, authorName, authorLinkedin, content });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title, excerpt, authorName, authorLinkedin: "", content });
  });

  it("gallery item, video and publication", async () => {
    const item = await send(
      "POST",
      "/api/gallery",
      { title: "Class", description: "Sewing.", category: "Education", eventDate: "2026-03-14" },
      "images",
    );
    expect(item.statusCode, item.body).toBe(201);
    const gallerySpec = ["_id", "title", "description", "category", "eventDate", "imageUrls", "createdAt"];
    expect(keys(await get(`/api/gallery/${item.json()._id}`))).toEqual(
      sorted(...gallerySpec, "images", ...STATE, "imageAlts", "imageAltsAm", "imageDecoratives"),
    );
    expect(keys((await get("/api/gallery")).images[0])).toEqual(
      sorted(...gallerySpec, "images", ...STATE, "imageAlts", "imageAltsAm", "imageDecoratives"),
    );

    const video = await t.app.inject({
      method: "POST",
      url: "/api/videos",
      headers: auth,
      payload: {
        title: "Story",
        description: "Told by a mother.",
        youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
        category: "Testimonials",
      },
    });
    expect(video.statusCode, video.body).toBe(201);
    const videoSpec = ["_id", "title", "description", "youtubeId", "category", "createdAt"];
    expect(keys(await get(`/api/videos/${video.json()._id}`))).toEqual(sorted(...videoSpec, "youtubeUrl", ...STATE));
    expect(keys((await get("/api/videos")).videos[0])).toEqual(sorted(...videoSpec, "youtubeUrl", ...STATE));

    const publication = await send(
      "POST",
      "/api/publications",
      { title: "Press", description: "Coverage.", link: "https://news.example.org/a", publicationDate: "2026-01-02" },
      "image",
    );
    expect(publication.statusCode, publication.body).toBe(201);
    const publicationSpec = ["_id", "title", "description", "imageUrl", "link", "publicationDate", "createdAt"];
    const expected = sorted(...publicationSpec, "image", "updatedAt", ...STATE, ...DESCRIBED);
    expect(keys(await get(`/api/publications/${publication.json()._id}`))).toEqual(expected);
    expect(keys((await get("/api/publications"))[0])).toEqual(expected);
  });

  it("volunteer application: optional texts present as '', conditional ones only with their interest", async () => {
    const submitted = await t.app.inject({
      method: "POST",
      url: "/api/volunteer",
      remoteAddress: visitorIp(),
      payload: {
        fullName: "Meron Tesfaye",
        email: "meron@example.org",
        phone: "+251 911 234 567",
        age: 29,
        interest: "Event Support",
        motivation: "I want to help mothers stay close to their children.",
        availability: "Weekends",
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const [application] = await get("/api/volunteer", auth);
    expect(keys(application)).toEqual(
      sorted(
        "_id",
        "fullName",
        "email",
        "phone",
        "age",
        "interest",
        "motivation",
        "availability",
        "linkedin",
        "twitter",
        "additionalComments",
        "status",
        "createdAt",
      ),
    );
    expect(application).toMatchObject({ linkedin: "", twitter: "", additionalComments: "" });
  });

  it("contact message and subscriber", async () => {
    const message = await t.app.inject({
      method: "POST",
      url: "/api/messages",
      remoteAddress: visitorIp(),
      payload: { name: "Sara", email: "sara@example.org", message: "How can I help?" },
    });
    expect(message.statusCode, message.body).toBe(201);
    expect(keys((await get("/api/messages/admin", auth))[0])).toEqual(
      sorted("_id", "name", "email", "message", "isRead", "createdAt"),
    );

    const subscribed = await t.app.inject({
      method: "POST",
      url: "/api/subscribe",
      remoteAddress: visitorIp(),
      payload: { email: "reader@example.org" },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const ours = ["status", "confirmedAt", "unsubscribedAt", "source"];
    expect(keys((await get("/api/subscribe", auth))[0])).toEqual(sorted("_id", "email", "createdAt", ...ours));
  });
});
