import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { blogFields, createPost } from "./support/blog-fixtures.ts";
import { browserAvailable, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import type { RunningServer } from "./support/server.ts";

/** Saving runs the image pipeline, and the job worker polls every few seconds. */
const WAIT = { timeout: 30_000 };
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

/**
 * The scheduled time comes: a real server keeps real time, so the journey moves the schedule (the
 * item's time and its job's) to now instead of waiting for it. The worker then publishes it by itself.
 */
function timeComes(server: RunningServer, postId: string) {
  const db = new SQLite(path.join(server.dataDir, "hope.sqlite"));
  const now = new Date().toISOString();
  db.prepare("update blog_posts set publish_at = ? where id = ?").run(now, postId);
  db.prepare("update jobs set run_at = ? where type = 'scheduled-publish' and status = 'queued'").run(now);
  db.close();
}

describe.runIf(browserAvailable)("publishing: draft, preview, schedule, live", () => {
  const site = journeySite({ PAGE_CACHE_SECONDS: "60" });

  it("keeps a new post a draft, previews it for staff only, schedules it, and it goes live on its own", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/blogs/new");
    await page.getByLabel("Title").fill("Sewing circle opens");
    await page.getByLabel("Excerpt").fill("A new circle at Kality.");
    await page.getByLabel("Author name").fill("Hanna Tesfaye");
    const png = path.join(site.server.dataDir, "cover.png");
    await sharp({ create: { width: 640, height: 400, channels: 3, background: "#0b5563" } })
      .png()
      .toFile(png);
    await page.getByLabel("Feature image").setInputFiles(png);
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Twelve women met for the first time.");
    expect(await page.getByRole("radio", { name: /^Draft/ }).isChecked()).toBe(true);
    expect(await page.getByRole("button", { name: "Publish" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect.poll(() => toast(page, "Post created successfully!").isVisible(), WAIT).toBe(true);
    await page.waitForURL(`${site.server.baseUrl}/admin/blogs`);

    // The list shows the state and filters by it.
    const row = page.getByRole("listitem").filter({ hasText: "Sewing circle opens" });
    await expect.poll(() => row.getByText("Draft", { exact: true }).isVisible()).toBe(true);
    await page.getByLabel("Show", { exact: true }).selectOption("published");
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel("Show", { exact: true }).selectOption("draft");
    await expect.poll(() => row.count()).toBe(1);
    await screenshot(page, "blogs-states-1280");

    // The public sees nothing: 404 for its address, absent from the list, the sitemap and the feed.
    const api = await adminApi(site.server);
    const [draft] = await api.json<Array<{ _id: string }>>("GET", "/api/admin/blogs?status=draft");
    const id = draft?._id as string;
    expect((await fetch(`${site.server.baseUrl}/blog/${id}`)).status).toBe(404);
    expect((await fetch(`${site.server.baseUrl}/blog/${id}`)).headers.get("x-cache")).not.toBe("hit");
    for (const listing of ["/blog", "/sitemap.xml", "/blog/rss.xml", "/api/blogs"]) {
      expect(await (await fetch(`${site.server.baseUrl}${listing}`)).text(), listing).not.toContain(id);
    }

    // Staff preview it from the edit screen, exactly as the post page draws it.
    await page.getByRole("link", { name: "Edit Sewing circle opens" }).click();
    const preview = page.getByRole("link", { name: "Preview the saved version" });
    await preview.waitFor();
    const [previewPage] = await Promise.all([context.waitForEvent("page"), preview.click()]);
    await previewPage.getByRole("heading", { name: "Sewing circle opens", level: 1 }).waitFor();
    expect(await previewPage.getByText("Preview: visitors see this only once it is published.").isVisible()).toBe(true);
    expect(await previewPage.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    await screenshot(previewPage, "blog-preview-1280");
    await previewPage.close();

    // Someone not signed in gets the login page, not the draft.
    const stranger = await site.browser.newContext({ baseURL: site.server.baseUrl });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`/admin/preview/blogs/${id}`);
    await strangerPage.waitForURL(/\/admin\/login/);
    expect(await strangerPage.getByText("Sewing circle opens").count()).toBe(0);
    await stranger.close();

    // Schedule it for tomorrow 09:00, Addis Ababa time.
    await page.getByRole("radio", { name: /^Scheduled/ }).check();
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
    await page.getByLabel("Publish at (Addis Ababa time)").fill(`${tomorrow}T09:00`);
    // Scheduling needs the picture described (docs/decisions/0770-every-picture-described.md).
    await page.getByLabel("What the picture shows").fill("Women around a sewing table");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect.poll(() => toast(page, "Post updated successfully!").isVisible(), WAIT).toBe(true);
    await page.waitForURL(`${site.server.baseUrl}/admin/blogs`);
    await page.getByLabel("Show", { exact: true }).selectOption("");
    await expect.poll(() => row.getByText(/^Scheduled · .* 09:00$/).isVisible()).toBe(true);
    expect((await fetch(`${site.server.baseUrl}/blog/${id}`)).status).toBe(404);
    // The public list is cached now; going live must purge it.
    expect(await (await fetch(`${site.server.baseUrl}/blog`)).text()).not.toContain("Sewing circle opens");

    timeComes(site.server, id);
    await expect
      .poll(async () => (await fetch(`${site.server.baseUrl}/blog/${id}`)).status, { ...WAIT, interval: 500 })
      .toBe(200);
    expect(await (await fetch(`${site.server.baseUrl}/blog`)).text()).toContain("Sewing circle opens");
    expect(await (await fetch(`${site.server.baseUrl}/sitemap.xml`)).text()).toContain(`/blog/${id}`);
    expect(await (await fetch(`${site.server.baseUrl}/blog/rss.xml`)).text()).toContain("Sewing circle opens");
    await page.reload();
    await expect.poll(() => row.getByText("Published", { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it("unpublishes a live post: its page is a 404 at once, even after it was cached", async () => {
    const api = await adminApi(site.server);
    const post = await createPost(api, blogFields("Taken down again"));
    expect((await fetch(`${site.server.baseUrl}/blog/${post._id}`)).status).toBe(200);
    expect(await (await fetch(`${site.server.baseUrl}/blog`)).text()).toContain("Taken down again");

    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(page, site.server, `/admin/blogs/edit/${post._id}`);
    await page.getByRole("radio", { name: /^Draft/ }).check();
    await screenshot(page, "blog-editor-publishing-375");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect.poll(() => toast(page, "Post updated successfully!").isVisible(), WAIT).toBe(true);
    expect((await fetch(`${site.server.baseUrl}/blog/${post._id}`)).status).toBe(404);
    expect(await (await fetch(`${site.server.baseUrl}/blog`)).text()).not.toContain("Taken down again");
    await context.close();
  });
});
