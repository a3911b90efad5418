import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_NAMES } from "../../core/i18n/locale.ts";
import { adminApi } from "./support/admin-api.ts";
import { blogFields, createPost } from "./support/blog-fixtures.ts";
import { browserAvailable, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

/**
 * What the built site serves for each language beyond its pages: the blog's feed and the link to it
 * in the page's language (decision 0507), the Ethiopic font under content-hashed names cached for
 * good, preloaded on Amharic pages only and drawn from those files (decision 0508), and a
 * site-content list's Amharic staying with its item when staff reorder the English (decision 0506).
 */
describe.runIf(browserAvailable)("languages, as the built site serves them", () => {
  const site = journeySite();
  let server: (typeof site)["server"];
  let api: Awaited<ReturnType<typeof adminApi>>;
  beforeAll(async () => {
    server = site.server;
    api = await adminApi(server);
  });

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
    // The same typeface installed on the device comes before the download (decision 0520).
    const sources = [...css.matchAll(/@font-face\s*\{[^}]*?src:\s*([^;}]*noto-sans-ethiopic[^;}]*)/g)].map(
      ([, src]) => src,
    );
    expect(sources).toHaveLength(2);
    for (const src of sources) expect(src).toMatch(/^local\(["']?Noto Sans Ethiopic (Regular|Bold)["']?\)/);

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

  it("draws Amharic pages in Noto Sans Ethiopic, its hashed files each fetched once; English pages fetch none", async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page } = await newPage(site.browser, site.server, { viewport });
      // First an English page, in a fresh context: it asks for no Ethiopic file.
      await page.goto("/about");
      const english = await page.evaluate(() =>
        performance.getEntriesByType("resource").filter((entry) => entry.name.includes("noto-sans-ethiopic")),
      );
      expect(english, name).toEqual([]);
      // Its link to the Amharic page is drawn in the small face cut for it (decision 0881), not in
      // whatever the device has, which may be boxes.
      const link = await page.evaluate(async (text) => {
        await document.fonts.ready;
        const anchor = document.querySelector<HTMLElement>('footer [data-language="am"]');
        return {
          text: anchor?.textContent,
          family: anchor ? getComputedStyle(anchor).fontFamily : "",
          drawn: document.fonts.check('400 16px "Ethiopic Language Names"', text),
          faces: [...document.fonts].filter(
            (face) => face.family.includes("Ethiopic Language Names") && face.status === "loaded",
          ).length,
        };
      }, LANGUAGE_NAMES.am);
      expect(link.text, name).toBe(LANGUAGE_NAMES.am);
      expect(link.family, name).toMatch(/^"Ethiopic Language Names"/);
      expect(link.drawn && link.faces > 0, name).toBe(true);
      await screenshot(page, `languages-en-about-${viewport.width}`);

      await page.goto("/am/about");
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        await Promise.all([
          document.fonts.load('400 16px "Noto Sans Ethiopic"', "ሀ"),
          document.fonts.load('700 16px "Noto Sans Ethiopic"', "ሀ"),
        ]);
        return {
          regular: document.fonts.check('400 16px "Noto Sans Ethiopic"', "ሀ"),
          bold: document.fonts.check('700 16px "Noto Sans Ethiopic"', "ሀ"),
          files: performance
            .getEntriesByType("resource")
            .map((entry) => new URL(entry.name).pathname)
            .filter((pathname) => pathname.includes("noto-sans-ethiopic")),
        };
      });
      expect(fonts.regular && fonts.bold, name).toBe(true);
      expect(fonts.files.sort(), name).toEqual([...new Set(fonts.files)].sort());
      expect(fonts.files, name).toHaveLength(2);
      for (const file of fonts.files) expect(file, name).toMatch(/^\/assets\/noto-sans-ethiopic-(400|700)-/);
      await screenshot(page, `languages-am-about-${viewport.width}`);
    }
  });

  it("keeps a question's Amharic with it when staff move the English question up", async () => {
    const question = "ልጆች ለምን ከእናቶቻቸው ጋር በማረሚያ ቤት ይኖራሉ?";
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    await openAdminPage(page, site.server, "/admin/site/home");
    const amharic = page.getByRole("region", { name: "Amharic version" });
    await amharic.getByRole("button", { name: "Edit the Amharic version" }).click();
    await amharic.getByLabel("Questions 4 · Question (Amharic)").fill(question);
    await amharic.getByRole("button", { name: "Publish Amharic version" }).click();
    await expect.poll(() => toast(page, "Amharic version published.").isVisible()).toBe(true);

    // The English fourth question moves up to third and is published.
    const fourth = (await api.json("GET", "/api/site-content")).home.faq[3].question as string;
    await page.getByRole("button", { name: "Move up: question 4" }).click();
    // The form has the same buttons above and below it.
    await page.getByRole("button", { name: "Publish", exact: true }).first().click();
    await expect.poll(() => toast(page, "Published. The public pages show it now.").isVisible()).toBe(true);
    expect((await api.json("GET", "/api/site-content")).home.faq[2].question).toBe(fourth);

    await page.goto("/am");
    // The accordion's buttons (faq-q0…): the moved question, third now, in Amharic.
    expect(await page.locator("#faq-q2").textContent()).toBe(question);
    expect(await page.locator("main").textContent()).not.toContain(fourth);
    await page.goto("/");
    expect(await page.locator("#faq-q2").textContent()).toBe(fourth);
    // The Amharic stays beside its own English in the editor, at the question's new place.
    await openAdminPage(page, site.server, "/admin/site/home");
    await amharic.getByRole("button", { name: "Edit the Amharic version" }).click();
    await expect.poll(() => amharic.getByLabel("Questions 3 · Question (Amharic)").inputValue()).toBe(question);
    expect(await amharic.getByLabel("Questions 4 · Question (Amharic)").inputValue()).toBe("");
    await screenshot(page, "languages-site-content-amharic-reordered-1280");
  });
});
