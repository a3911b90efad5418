import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

describe("api cache", () => {
  let t: TestApp;
  let headers: { authorization: string };
  const video = (title: string) => ({
    title,
    description: "A story.",
    youtubeUrl: "https://youtu.be/aaaaaaaaaaa",
    category: "Testimonials",
  });
  const titles = (body: string) => (JSON.parse(body).videos as Array<{ title: string }>).map((v) => v.title);

  beforeAll(async () => {
    t = await createTestApp("sqlite", { config: { pageCacheSeconds: 60 } });
    headers = await t.adminHeaders();
    await t.app.inject({ method: "POST", url: "/api/videos", headers, payload: video("First") });
  });
  afterAll(() => t.close());

  it("answers a repeated public list request from memory", async () => {
    const first = await t.app.inject({ url: "/api/videos?limit=5" });
    const second = await t.app.inject({ url: "/api/videos?limit=5" });
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(second.body).toBe(first.body);
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("lets shared caches keep public lists briefly and revalidate them; never a staff answer", async () => {
    const first = await t.app.inject({ url: "/api/videos?limit=7" });
    const hit = await t.app.inject({ url: "/api/videos?limit=7" });
    for (const answer of [first, hit]) expect(answer.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    expect(hit.headers.etag).toBe(String(first.headers.etag).replace(/^W\//, ""));
    const again = await t.app.inject({
      url: "/api/videos?limit=7",
      headers: { "if-none-match": String(hit.headers.etag) },
    });
    expect([again.statusCode, again.body]).toEqual([304, ""]);
    const staff = await t.app.inject({ url: "/api/videos?limit=7", headers });
    expect(staff.headers["cache-control"]).toBeUndefined();
    expect(staff.headers.etag).toBeUndefined();
  });

  it("forgets everything after a successful write, so a new record shows at once", async () => {
    await t.app.inject({ url: "/api/videos?limit=5" });
    await t.app.inject({ method: "POST", url: "/api/videos", headers, payload: video("Second") });
    const after = await t.app.inject({ url: "/api/videos?limit=5" });
    expect(after.headers["x-cache"]).toBeUndefined();
    expect(titles(after.body)).toEqual(["Second", "First"]);
  });

  it("keeps the public blog list too (the spec's answer, every post), forgotten after a write", async () => {
    const first = await t.app.inject({ url: "/api/blogs" });
    const second = await t.app.inject({ url: "/api/blogs" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    await t.app.inject({ method: "POST", url: "/api/videos", headers, payload: video("Third") });
    expect((await t.app.inject({ url: "/api/blogs" })).headers["x-cache"]).toBeUndefined();
  });

  it("limits the public blog list's answers that are not in the cache to 60 a minute per address", async () => {
    const ask = (query: string) => t.app.inject({ url: `/api/blogs?${query}`, remoteAddress: "198.51.100.77" });
    for (let n = 0; n < 60; n += 1) expect((await ask(`n=${n}`)).statusCode).toBe(200);
    const refused = await ask("n=60");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // A cached answer costs nothing and is still given.
    expect((await ask("n=3")).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/blogs?n=60", remoteAddress: "198.51.100.78" })).statusCode).toBe(200);
  });

  it("never serves staff from it, and never keeps errors", async () => {
    await t.app.inject({ url: "/api/videos" });
    const staff = await t.app.inject({ url: "/api/videos", headers });
    expect(staff.headers["x-cache"]).toBeUndefined();
    await t.app.inject({ url: "/api/gallery?category=Cats" });
    const again = await t.app.inject({ url: "/api/gallery?category=Cats" });
    expect(again.statusCode).toBe(400);
    expect(again.headers["x-cache"]).toBeUndefined();
  });
});
