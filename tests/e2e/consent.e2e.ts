import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { blogFields, createPost, uploadedFiles } from "./support/blog-fixtures.ts";
import { browserAvailable, launchBrowser, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/server.ts";

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

describe.runIf(browserAvailable)("image consent on the dashboard", () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ PAGE_CACHE_SECONDS: "60" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lists public images without consent, records consent, and withdraws it: the post leaves the site with its files", async () => {
    const api = await adminApi(server);
    const settled = await createPost(api, blogFields("Garden at Kality"), 320);
    const withdrawn = await createPost(api, blogFields("Mothers and children at the centre"), 320);
    expect((await fetch(`${server.baseUrl}/blog/${withdrawn._id}`)).status).toBe(200); // and cached
    const filesBefore = uploadedFiles(server, "blog").length;

    const { page, context } = await newPage(browser, server);
    await openAdminPage(page, server, "/admin");
    const panel = page.getByRole("region", { name: "Images that need consent" });
    const row = (title: string) => panel.getByRole("listitem").filter({ hasText: title });
    await row("Garden at Kality").getByText("Blog post · Public, consent not recorded").waitFor();
    await row("Mothers and children at the centre").waitFor();
    await screenshot(page, "consent-dashboard-1280");

    await row("Garden at Kality").getByRole("button", { name: "Record consent" }).click();
    await page.getByLabel("Consent", { exact: true }).selectOption("no-identifiable-people");
    await screenshot(page, "consent-form-1280");
    await page.getByRole("button", { name: "Save consent" }).click();
    await toast(page, "Consent recorded.").waitFor();
    await expect.poll(() => row("Garden at Kality").count()).toBe(0);
    const recorded = await api.json("GET", `/api/admin/consent?imageUrl=${encodeURIComponent(settled.imageUrl)}`);
    expect(recorded.consent).toMatchObject({ basis: "no-identifiable-people", recordedBy: server.admin.email });

    await row("Mothers and children at the centre").getByRole("button", { name: "Withdraw consent" }).click();
    await page.getByRole("button", { name: "Yes, withdraw" }).click();
    await toast(page, "Consent withdrawn; the item is a draft again.").waitFor();
    await expect.poll(() => row("Mothers and children at the centre").count()).toBe(0);

    expect((await fetch(`${server.baseUrl}/blog/${withdrawn._id}`)).status).toBe(404);
    for (const listing of ["/blog", "/sitemap.xml", "/blog/rss.xml", "/api/blogs"]) {
      expect(await (await fetch(`${server.baseUrl}${listing}`)).text(), listing).not.toContain(withdrawn._id);
    }
    for (const variant of withdrawn.image.variants) expect((await fetch(variant.url)).status).toBe(404);
    expect(uploadedFiles(server, "blog").length).toBe(filesBefore - withdrawn.image.variants.length);
    await context.close();
  });

  it("lays the panel out at 375 px", async () => {
    const api = await adminApi(server);
    await createPost(api, blogFields("Reading class"), 320);
    const { page, context } = await newPage(browser, server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(page, server, "/admin");
    await page.getByRole("region", { name: "Images that need consent" }).getByText("Reading class").waitFor();
    await screenshot(page, "consent-dashboard-375");
    await context.close();
  });
});
