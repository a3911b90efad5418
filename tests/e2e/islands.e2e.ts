import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { browserAvailable, newPage, openAdminPage } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import { stubYoutube } from "./support/youtube-stub.ts";

/** JavaScript on a public page ≤ 35 KB gzip (docs/architecture.md#performance-budgets). */
const PUBLIC_JS_BUDGET = 35 * 1024;
const ENGLISH_PAGES = [
  "/",
  "/about",
  "/impact",
  "/impact/gallery",
  "/impact/videos",
  "/blog",
  "/join-team",
  "/contact",
];
// The Amharic pages too (decision 0410): their islands get only Amharic texts, and stay within the budget.
const PUBLIC_PAGES = [...ENGLISH_PAGES, ...ENGLISH_PAGES.map((path) => (path === "/" ? "/am" : `/am${path}`))];

/**
 * From the moment the document is parsed (before any module script runs), records every element or
 * text node added to or removed from an island until that island reports itself hydrated
 * (app/islands/entry.client.tsx sets data-hydrated in an effect after hydration). Hydration adopts
 * what the server sent: any such change means the browser drew something else (a hydration
 * mismatch). Preact, which runs the islands in the browser (docs/decisions/0400), does not warn
 * about one, so the test looks. Changes after that (a carousel loading its next slide) are the
 * island's own.
 */
function recordHydrationChanges() {
  document.addEventListener("readystatechange", () => {
    if (document.readyState !== "interactive") return;
    const changes: string[] = [];
    const hydrated = new Set<Element>();
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const island = target?.closest<HTMLElement>("[data-island]");
        if (!island) continue;
        if (record.type === "attributes") hydrated.add(island);
        if (record.type !== "childList" || hydrated.has(island)) continue;
        for (const [change, nodes] of [
          ["added", record.addedNodes],
          ["removed", record.removedNodes],
        ] as const) {
          for (const node of nodes) {
            if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.TEXT_NODE) continue;
            changes.push(`${change} in ${island.dataset.island}: ${node.nodeName} ${node.textContent?.slice(0, 40)}`);
          }
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-hydrated"] });
    Object.assign(window, { hydrationChanges: changes });
  });
}

describe.runIf(browserAvailable)("public pages are documents with islands (docs/decisions/0006)", () => {
  // Demo content, so every island has something to show (gallery, videos, posts).
  const site = journeySite({ SEED_DEMO: "true" });

  it.each(PUBLIC_PAGES)(
    "%s hydrates every island in place, without the router, within the JS budget",
    async (pathname) => {
      const { page, context } = await newPage(site.browser, site.server);
      await stubYoutube(page);
      await page.addInitScript(recordHydrationChanges);
      const scripts: string[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script" && response.url().startsWith(site.server.baseUrl)) {
          scripts.push(response.url());
        }
      });
      await page.goto(pathname);
      const islands = page.locator("[data-island]");
      expect(await islands.count()).toBeGreaterThan(0);
      // Every island reports itself hydrated (app/islands/entry.client.tsx).
      await expect.poll(() => page.locator("[data-island]:not([data-hydrated])").count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { hydrationChanges: string[] }).hydrationChanges)).toEqual(
        [],
      );
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

      let gzipBytes = 0;
      for (const url of new Set(scripts)) {
        const code = Buffer.from(await (await fetch(url)).arrayBuffer());
        gzipBytes += gzipSync(code).length;
        // The toaster and react-hot-toast arrive with a visitor's first toast (decision 0542).
        expect(code.toString(), url).not.toContain("data-rht-toaster");
      }
      expect(gzipBytes).toBeGreaterThan(0);
      expect(gzipBytes).toBeLessThanOrEqual(PUBLIC_JS_BUDGET);
      await context.close();
    },
  );

  it("keeps the router in the back office", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/blogs");
    await page.getByRole("heading", { name: "Blog Posts" }).waitFor();
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    expect(await page.locator("[data-island]").count()).toBe(0);
    await context.close();
  });
});
