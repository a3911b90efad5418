import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, untilGalleryItemProcessed } from "./support/admin-api.ts";
import { blogFields, createPost } from "./support/blog-fixtures.ts";
import { browserAvailable, launchBrowser, newPage } from "./support/browser.ts";
import { createGalleryItem } from "./support/gallery-fixtures.ts";
import { type SeparateFrontEnd, startSeparateFrontEnd } from "./support/separate-front-end.ts";
import { type RunningServer, startServer } from "./support/server.ts";

/** Runs one of the front end's calls (window.frontEnd, support/separate-front-end.ts) in its page. */
const frontEnd = (page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(([call, values]) => (window as any).frontEnd[call](...values), [name, args] as const);

/** Every image in the page has arrived and decoded. */
const imagesLoaded = (page: Page) =>
  page.evaluate(() => [...document.images].filter((image) => !image.hidden).map((i) => i.complete && i.naturalWidth));

describe.runIf(browserAvailable)("a front end hosted on another origin", () => {
  let front: SeparateFrontEnd;
  let server: RunningServer;
  let browser: Browser;
  let postId: string;
  let videoId: string;

  beforeAll(async () => {
    front = await startSeparateFrontEnd();
    // The real `node server/main.ts` with CORS_ORIGIN set, and the API cache on (as in production).
    server = await startServer({ CORS_ORIGIN: front.origin, PAGE_CACHE_SECONDS: "60" });
    browser = await launchBrowser();
    const api = await adminApi(server);
    // 10 items: 9 on the first page, one behind Load More.
    const items: string[] = [];
    for (let day = 1; day <= 10; day++) {
      const item = await createGalleryItem(api, {
        title: `Workshop day ${day}`,
        eventDate: `2026-02-${String(day).padStart(2, "0")}`,
      });
      items.push(item._id);
    }
    // Each item's finished variants empty the page cache: the cached-page check below must not race them.
    for (const id of items) await untilGalleryItemProcessed(api, id);
    for (const title of ["Amina's story", "A graduation"]) {
      const video = await api.json("POST", "/api/videos", {
        title,
        description: "Told by a mother.",
        youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        category: "Testimonials",
      });
      videoId = video._id;
    }
    postId = (await createPost(api, { ...blogFields("No LinkedIn here"), authorLinkedin: "" }))._id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await front?.stop();
  });

  it("keeps the site's own pages working: same-origin image paths, a cached page, Load More images", async () => {
    const first = await fetch(`${server.baseUrl}/impact/gallery`, { headers: { accept: "text/html" } });
    const again = await fetch(`${server.baseUrl}/impact/gallery`, { headers: { accept: "text/html" } });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get("x-cache")).toBe("hit");
    const html = await again.text();
    expect(html).toContain('src="/uploads/gallery/');
    expect(html).not.toContain(`${server.baseUrl}/uploads/`);
    // The API answer to the same list carries absolute URLs: the two caches hold their own.
    const list = await (await fetch(`${server.baseUrl}/api/gallery?page=1&limit=9`)).json();
    expect(list.images[0].imageUrls[0]).toMatch(new RegExp(`^${server.baseUrl}/uploads/gallery/`));

    const { page, context } = await newPage(browser, server);
    await page.goto("/impact/gallery");
    await page.getByRole("button", { name: "Load More" }).click();
    await page.getByText("You've reached the end.").waitFor();
    const lastCard = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({
        has: page.getByRole("heading", { name: "Workshop day 1", exact: true }),
      });
    const loaded = lastCard.locator("img");
    await loaded.scrollIntoViewIfNeeded();
    await expect.poll(() => loaded.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await context.close();
  });

  it("lets the other origin browse, log in, edit and delete: caches, images, preflights", async () => {
    const { page, context } = await newPage(browser, server);
    const answers: Response[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(`${server.baseUrl}/api/`)) answers.push(response);
    });
    await page.goto(front.url(server.baseUrl));

    // Public lists, each asked for twice inside the cache window: the repeat is a cache hit the browser accepts.
    await frontEnd(page, "openGallery");
    const cards = page.getByRole("list").first().getByRole("heading");
    await expect.poll(() => cards.count()).toBe(9);
    await page.getByRole("button", { name: "Load More" }).click();
    await expect.poll(() => cards.count()).toBe(10);
    expect(await page.getByRole("button", { name: "Load More" }).isHidden()).toBe(true);
    await frontEnd(page, "openVideos");
    await expect.poll(() => page.getByRole("listitem").filter({ hasText: "Amina's story" }).count()).toBe(1);
    const cacheOf = async (path: string) =>
      Promise.all(
        answers.filter((a) => a.url() === `${server.baseUrl}${path}`).map(async (a) => a.headerValue("x-cache")),
      );
    expect(await cacheOf("/api/gallery?page=1&limit=9&category=&search=")).toEqual([null, "hit"]);
    expect(await cacheOf("/api/videos?category=")).toEqual([null, "hit"]);
    await expect.poll(() => imagesLoaded(page)).toEqual(Array(10).fill(expect.any(Number)));
    expect((await imagesLoaded(page)).every((width) => Number(width) > 0)).toBe(true);

    // The admin part, with the token: a post without LinkedIn is read into the form and saved as read.
    await frontEnd(page, "logIn", server.admin.email, server.admin.password);
    await frontEnd(page, "editPost", postId);
    expect(await page.getByLabel("LinkedIn").inputValue()).toBe("");
    const featureImage = page.getByRole("img", { name: "Feature image" });
    await expect.poll(() => featureImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await page.getByLabel("Title").fill("No LinkedIn here, edited");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Saved");
    const saved = await (await fetch(`${server.baseUrl}/api/blogs/${postId}`)).json();
    expect(saved).toMatchObject({ title: "No LinkedIn here, edited", authorLinkedin: "" });

    // PUT with JSON and DELETE: both need a preflight the browser accepts.
    await frontEnd(page, "editVideo", videoId);
    expect((await (await fetch(`${server.baseUrl}/api/videos/${videoId}`)).json()).title).toMatch(/\(edited\)$/);
    await frontEnd(page, "deleteVideo", videoId);
    expect((await fetch(`${server.baseUrl}/api/videos/${videoId}`)).status).toBe(404);
    await context.close();
  });

  it("answers a preflight only for the configured origin", async () => {
    const preflight = (origin: string) =>
      fetch(`${server.baseUrl}/api/blogs/${postId}`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "DELETE",
          "access-control-request-headers": "authorization",
        },
      });
    const allowed = await preflight(front.origin);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(front.origin);
    expect(allowed.headers.get("access-control-allow-methods")).toContain("DELETE");
    const other = await preflight("http://127.0.0.1:1");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});
