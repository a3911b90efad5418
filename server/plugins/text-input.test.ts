import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { pngImage } from "../../tests/support/images.ts";
import { fileBlob, multipartPayload } from "../../tests/support/multipart.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const REFUSED = { message: "The request contains a character that is not allowed (U+0000)." };

// Found by `npm run chaos` (fuzz): PostgreSQL text cannot hold U+0000, so each of these was a 500 there
// (error 22021), while SQLite stored the character. Both now refuse it the same way.
describe.each(DIALECTS)("U+0000 in a request on %s", (dialect) => {
  let t: TestApp;
  let authorization: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    authorization = (await t.adminHeaders()).authorization;
  });
  afterAll(() => t.close());

  it("is refused with 400 in a JSON body, nested in an array too", async () => {
    const video = await t.app.inject({
      method: "POST",
      url: "/api/videos",
      headers: { authorization },
      payload: {
        title: "a\u0000b",
        description: "d",
        youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
        category: "Testimonials",
      },
    });
    expect([video.statusCode, video.json()]).toEqual([400, expect.objectContaining(REFUSED)]);
    const bulk = await t.app.inject({
      method: "PUT",
      url: "/api/volunteer/status",
      headers: { authorization },
      payload: { ids: ["x", "a\u0000b"], status: "Accepted" },
    });
    expect([bulk.statusCode, bulk.json()]).toEqual([400, expect.objectContaining(REFUSED)]);
  });

  it("is refused with 400 in a query string", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/gallery?search=%00" });
    expect([response.statusCode, response.json()]).toEqual([400, expect.objectContaining(REFUSED)]);
  });

  it("in a path is an id that names nothing: 404 with the feature's message", async () => {
    const cases = [
      ["GET", "/api/gallery/a%00b", "Gallery item not found."],
      ["DELETE", "/api/gallery/%00", "Gallery item not found."],
      ["GET", "/api/videos/%00", "Video not found."],
      ["DELETE", "/api/videos/%00", "Video not found."],
      ["DELETE", "/api/messages/admin/%00", "Message not found."],
      ["GET", "/api/blogs/%00", "Post not found."],
      ["GET", "/api/publications/%00", "Publication not found."],
      // Found later by the chaos run's fuzz on PostgreSQL, where each answered 500.
      ["POST", "/api/donations/%00/verify", "No such donation."],
      ["POST", "/api/donations/%00/refunded", "No such donation."],
      ["DELETE", "/api/donations/%00", "No such donation."],
    ] as const;
    for (const [method, url, message] of cases) {
      const response = await t.app.inject({ method, url, headers: { authorization } });
      expect([method, url, response.statusCode, response.json()]).toEqual([method, url, 404, { message }]);
    }
    const read = await t.app.inject({
      method: "PUT",
      url: "/api/messages/admin/%00",
      headers: { authorization },
      payload: { isRead: true },
    });
    expect([read.statusCode, read.json()]).toEqual([404, { message: "Message not found." }]);
    const video = await t.app.inject({
      method: "PUT",
      url: "/api/videos/%00",
      headers: { authorization },
      payload: { title: "t", description: "d", youtubeUrl: "https://youtu.be/dQw4w9WgXcQ", category: "Testimonials" },
    });
    expect([video.statusCode, video.json()]).toEqual([404, { message: "Video not found." }]);
  });

  it("is refused with 400 in a multipart text field, and nothing is stored", async () => {
    const form = new FormData();
    form.append("title", "Nul\u0000title");
    form.append("description", "d");
    form.append("category", "Education");
    form.append("eventDate", "2026-01-02");
    form.append("images", fileBlob(await pngImage()), "a.png");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/gallery",
      ...(await multipartPayload(form, { authorization })),
    });
    expect([response.statusCode, response.json()]).toEqual([400, expect.objectContaining(REFUSED)]);
    const list = await t.app.inject({ method: "GET", url: "/api/gallery" });
    expect(list.json().images).toEqual([]);
  });

  it("refuses other characters XML cannot carry (a feed would break), naming them, but keeps tabs and line breaks", async () => {
    const video = (title: string, description: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/videos",
        headers: { authorization },
        payload: { title, description, youtubeUrl: "https://youtu.be/dQw4w9WgXcQ", category: "Testimonials" },
      });
    const refused = (code: string) => ({
      message: `The request contains a character that is not allowed (U+${code}).`,
    });
    for (const [title, code] of [
      ["a\u0001b", "0001"],
      ["bell\u0007", "0007"],
      ["esc\u001b[0m", "001B"],
      ["\ufffe", "FFFE"],
      ["lone \ud800 half", "D800"],
    ] as const) {
      const response = await video(title, "d");
      expect([title, response.statusCode, response.json()]).toEqual([
        title,
        400,
        expect.objectContaining(refused(code)),
      ]);
    }
    const query = await t.app.inject({ method: "GET", url: "/api/gallery?search=%01" });
    expect([query.statusCode, query.json()]).toEqual([400, expect.objectContaining(refused("0001"))]);
    const form = new FormData();
    form.append("title", "Control\u0002title");
    form.append("description", "d");
    form.append("category", "Education");
    form.append("eventDate", "2026-01-02");
    form.append("images", fileBlob(await pngImage()), "a.png");
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/gallery",
      ...(await multipartPayload(form, { authorization })),
    });
    expect([upload.statusCode, upload.json()]).toEqual([400, expect.objectContaining(refused("0002"))]);

    const kept = await video("Tabbed\ttitle", "Line one\r\nline two\n\ttabbed 🙂");
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().description).toBe("Line one\r\nline two\n\ttabbed 🙂");
  });

  it("leaves other unusual text alone", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/gallery?search=${encodeURIComponent("émoji 🙂 \u202e")}`,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("forbiddenCharacterIn", () => {
  it("walks parsed data only: a stream body (the pages' catch-all) is not walked and answers at once", async () => {
    const { forbiddenCharacterIn: containsNul } = await import("./text-input.ts");
    const { PassThrough } = await import("node:stream");
    expect(containsNul({ a: [{ b: "x\u0000" }] })).toBe("\u0000");
    expect(containsNul(Object.assign(Object.create(null), { k: "\u0000" }))).toBe("\u0000");
    expect(containsNul(Buffer.from("\u0000"))).toBeUndefined();
    // A request stream is a large, cyclic object graph: walking it never finished and hung the server.
    const stream = new PassThrough();
    expect(containsNul(stream)).toBeUndefined();
    expect(containsNul({ body: stream })).toBeUndefined();
  });
});
