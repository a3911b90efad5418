import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, launchBrowser, newPage, openAdminPage } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/server.ts";
import { stubYoutube } from "./support/youtube-stub.ts";

/** JavaScript on a public page ≤ 100 KB gzip (docs/architecture.md#performance-budgets). */
const PUBLIC_JS_BUDGET = 100 * 1024;
const PUBLIC_PAGES = ["/", "/about", "/impact", "/impact/gallery", "/impact/videos", "/blog", "/join-team", "/contact"];

describe.runIf(browserAvailable)("public pages are documents with islands (docs/decisions/0006)", () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // Demo content, so every island has something to show (gallery, videos, posts).
    server = await startServer({ SEED_DEMO: "true" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(PUBLIC_PAGES)("%s hydrates every island, without the router, within the JS budget", async (pathname) => {
    const { page, context } = await newPage(browser, server);
    await stubYoutube(page);
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" && response.url().startsWith(server.baseUrl)) {
        scripts.push(response.url());
      }
    });
    await page.goto(pathname);
    const islands = page.locator("[data-island]");
    expect(await islands.count()).toBeGreaterThan(0);
    // Every island reports itself hydrated (app/islands/entry.client.tsx).
    await expect.poll(() => page.locator("[data-island]:not([data-hydrated])").count()).toBe(0);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

    let gzipBytes = 0;
    for (const url of new Set(scripts)) {
      gzipBytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    }
    expect(gzipBytes).toBeGreaterThan(0);
    expect(gzipBytes).toBeLessThanOrEqual(PUBLIC_JS_BUDGET);
    await context.close();
  });

  it("keeps the router in the back office", async () => {
    const { page, context } = await newPage(browser, server);
    await openAdminPage(page, server, "/admin/blogs");
    await page.getByRole("heading", { name: "Blog Posts" }).waitFor();
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    expect(await page.locator("[data-island]").count()).toBe(0);
    await context.close();
  });
});
