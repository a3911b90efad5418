import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { blogFields, createPost } from "./support/blog-fixtures.ts";
import { type RunningServer, startServer } from "./support/server.ts";

/**
 * What the built site serves for each language beyond its pages (plain HTTP): the blog's feed and the
 * link to it in the page's language (decision 0507), and the Ethiopic font under content-hashed
 * names cached for good, preloaded on Amharic pages only (decision 0508).
 */
describe("languages, as the built site serves them", () => {
  let server: RunningServer;
  let api: Awaited<ReturnType<typeof adminApi>>;
  beforeAll(async () => {
    server = await startServer();
    api = await adminApi(server);
  });
  afterAll(() => server?.stop());

  const page = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { accept: "text/html" } });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const feedLinks = (html: string) =>
    [...html.matchAll(/<link\b[^>]*type="application\/rss\+xml"[^>]*>/g)].map(([tag]) => ({
      title: /title="([^"]*)"/.exec(tag)?.[1],
      href: /href="([^"]*)"/.exec(tag)?.[1],
    }));

  it("links each blog page to the feed of its language, named in it; the Amharic feed has the Amharic titles", async () => {
    const translated = await createPost(api, blogFields("Reading together"));
    const untranslated = await createPost(api, blogFields("Only in English"));
    await api.json("PUT", `/api/admin/translations/blog/${translated._id}/am`, {
      fields: { title: "አብረን እናነባለን", excerpt: "እናቶችና ልጆች በየቀኑ ያነባሉ።" },
    });

    expect(feedLinks(await page("/blog"))).toEqual([{ title: "Hope Behind Bars blog", href: "/blog/rss.xml" }]);
    expect(feedLinks(await page("/am/blog"))).toEqual([{ title: "የHope Behind Bars ብሎግ", href: "/am/blog/rss.xml" }]);

    const english = await fetch(`${server.baseUrl}/blog/rss.xml`);
    expect(english.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const en = await english.text();
    expect(en).toContain("<title>Hope Behind Bars — Blog</title>");
    expect(en).toContain("<language>en</language>");
    expect(en).toContain("<title>Reading together</title>");
    expect(en).not.toContain("አብረን");

    const amharic = await fetch(`${server.baseUrl}/am/blog/rss.xml`);
    expect(amharic.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const am = await amharic.text();
    expect(am).toContain("<title>Hope Behind Bars — ብሎግ</title>");
    expect(am).toContain("<language>am</language>");
    expect(am).toContain(`<atom:link href="${server.baseUrl}/am/blog/rss.xml" rel="self"`);
    expect(am).toContain("<title>አብረን እናነባለን</title>");
    expect(am).toContain("<description>እናቶችና ልጆች በየቀኑ ያነባሉ።</description>");
    expect(am).toContain(`<link>${server.baseUrl}/am/blog/${translated._id}</link>`);
    // A post without Amharic keeps its English in the Amharic feed.
    expect(am).toContain("<title>Only in English</title>");
    expect(am).toContain(`<link>${server.baseUrl}/am/blog/${untranslated._id}</link>`);
  });

  it("serves the Ethiopic font under content-hashed names, cached for good, preloaded on Amharic pages only", async () => {
    const amharic = await page("/am");
    const preloads = [...amharic.matchAll(/<link\b[^>]*rel="preload"[^>]*as="font"[^>]*>/g)].map(
      ([tag]) => /href="([^"]*)"/.exec(tag)?.[1] as string,
    );
    expect(preloads).toHaveLength(2);
    for (const href of preloads) expect(href).toMatch(/^\/assets\/noto-sans-ethiopic-(400|700)-[\w-]{6,}\.woff2$/);
    expect(await page("/")).not.toContain("noto-sans-ethiopic");
    expect(await page("/about")).not.toContain('as="font"');

    // The stylesheet's faces are the files the page preloads (else the browser would fetch twice).
    const stylesheet = /<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(amharic)?.[1] as string;
    const css = await (await fetch(`${server.baseUrl}${stylesheet}`)).text();
    const faces = [...css.matchAll(/url\(["']?([^"')]+noto-sans-ethiopic[^"')]+)["']?\)/g)].map(([, url]) => url);
    expect(faces.sort()).toEqual([...preloads].sort());

    for (const href of preloads) {
      const font = await fetch(`${server.baseUrl}${href}`);
      expect(font.status, href).toBe(200);
      expect(font.headers.get("cache-control"), href).toBe("public, max-age=31536000, immutable");
      expect(font.headers.get("content-type"), href).toBe("font/woff2");
      const bytes = new Uint8Array(await font.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 4)), href).toBe("wOF2");
    }
    // The old unhashed address is gone: nothing can keep serving a stale copy under it.
    expect((await fetch(`${server.baseUrl}/fonts/noto-sans-ethiopic-400.woff2`)).status).toBe(404);
  });
});
