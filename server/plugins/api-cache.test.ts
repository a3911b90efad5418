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
