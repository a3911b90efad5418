import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { blogFields, createPost } from "./support/blog-fixtures.ts";
import { type RunningServer, startServer } from "./support/server.ts";

/**
 * The built site's public pages as caches see them (docs/decisions/0450-byte-identical-cached-answers.md):
 * the same bytes for every visitor, a CSP that allows no inline script, ETag revalidation, and
 * Cache-Control per kind of page. Plain HTTP; the journeys check the pages work in a browser.
 */
describe("cached public pages", () => {
  let server: RunningServer;
  let api: Awaited<ReturnType<typeof adminApi>>;
  beforeAll(async () => {
    server = await startServer({ PAGE_CACHE_SECONDS: "60" });
    api = await adminApi(server);
  });
  afterAll(() => server?.stop());

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, { headers: { accept: "text/html", ...headers } });
  const scriptSrc = (response: Response) =>
    (response.headers.get("content-security-policy") ?? "").split("; ").find((d) => d.startsWith("script-src "));

  it("are the same bytes for everyone, run no inline script, and their CSP has neither nonce nor unsafe-inline", async () => {
    const post = await createPost(api, blogFields("Cached and strict"));
    const pages = ["/", "/about", "/impact", "/impact/gallery", "/blog", `/blog/${post._id}`, "/am/impact"];
    for (const path of [...pages, "/no-such-page"]) {
      const first = await page(path);
      const html = await first.text();
      const second = await page(path);
      expect(await second.text(), path).toBe(html);
      expect(scriptSrc(first), path).toBe("script-src 'self'");
      expect(second.headers.get("content-security-policy"), path).toBe(first.headers.get("content-security-policy"));
      expect(html, path).not.toContain("nonce");
      // With no hash in the policy, every executable script must be a file of the site's own.
      for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
        const dataBlock = /type="application\/(ld\+)?json"/.test(tag);
        expect(dataBlock || /\bsrc="\/assets\//.test(tag), `${path}: ${tag}`).toBe(true);
      }
      expect(html, path).not.toMatch(/\son[a-z]+="/);
      if (path === "/no-such-page") {
        expect([first.status, first.headers.get("cache-control")], path).toEqual([404, "no-store"]);
        continue;
      }
      expect(first.headers.get("cache-control"), path).toBe("public, max-age=0, s-maxage=60");
      expect(second.headers.get("x-cache"), path).toBe("hit");
      const etag = second.headers.get("etag") ?? "";
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      // Save-Data and ECT choose the light page (decision 0432); the language suggestion reads the other two.
      expect(second.headers.get("vary"), path).toBe("save-data, ect, accept-language, cookie, accept-encoding");
      const revalidated = await page(path, { "if-none-match": etag });
      expect([revalidated.status, await revalidated.text()], path).toEqual([304, ""]);
    }
  });

  it("never let a shared cache keep a draft's 404, a staff page or a preview", async () => {
    const draft = await createPost(api, { ...blogFields("Not yet public"), status: "draft" });
    for (const path of [
      `/blog/${draft._id}`,
      "/admin",
      "/admin/login",
      `/admin/preview/blog/${draft._id}`,
      "/admin/site/home/preview",
    ]) {
      const answer = await page(path);
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
      expect(answer.headers.get("etag"), path).toBeNull();
      expect(await answer.text(), path).not.toContain("Not yet public");
    }
    const staffPage = await page("/admin");
    expect(scriptSrc(staffPage)).toMatch(/^script-src 'nonce-[^']+' 'strict-dynamic'$/);
  });

  it("change when the content does: a publish purges the page, its bytes and its ETag", async () => {
    const before = await page("/blog");
    await page("/blog");
    const etag = (await page("/blog")).headers.get("etag") ?? "";
    const post = await createPost(api, { ...blogFields("Fresh from the press"), status: "draft" });
    expect((await page("/blog", { "if-none-match": etag })).status).toBe(304);
    const publish = new FormData();
    for (const [key, value] of Object.entries({ ...blogFields("Fresh from the press"), status: "published" })) {
      publish.append(key, value);
    }
    await api.multipart("PUT", `/api/blogs/${post._id}`, publish);
    const after = await page("/blog", { "if-none-match": etag });
    expect(after.status).toBe(200);
    const html = await after.text();
    expect(html).toContain("Fresh from the press");
    expect(html).not.toBe(await before.text());
    const hit = await page("/blog");
    expect(hit.headers.get("x-cache")).toBe("hit");
    expect(hit.headers.get("etag")).not.toBe(etag);
  });
});
