import path from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { createGalleryItem } from "./support/gallery-fixtures.ts";
import { journeySite } from "./support/journey-site.ts";

/**
 * Holds every image's ladder back: the background job's attach (the one write that ends
 * `processing`) fails while this trigger exists, so the journey sees the processing state for as
 * long as it needs, whatever the machine's speed. Returns the function that lets the job finish:
 * it drops the trigger and brings the failed jobs' next retry forward to now, as if their back-off
 * (5 s doubling) had passed, so the worker's next look runs them rather than one up to a minute away.
 */
function holdVariants(dataDir: string): () => void {
  const db = new SQLite(path.join(dataDir, "hope.sqlite"));
  db.exec(`create trigger hold_variants before update of variants on gallery_images
    when new.variants not like '%"processing":true%'
    begin select raise(abort, 'held by the journey'); end`);
  return () => {
    db.exec("drop trigger hold_variants");
    db.prepare("update jobs set run_at = ? where type = 'media.encode-variants' and status = 'queued'").run(
      new Date().toISOString(),
    );
    db.close();
  };
}

describe.runIf(browserAvailable)("gallery uploads being processed", () => {
  const site = journeySite({ PAGE_CACHE_SECONDS: "0" });

  it("shows staff the new item at once with a processing note, then the finished image", async () => {
    const release = holdVariants(site.server.dataDir);
    let released = false;
    try {
      const api = await adminApi(site.server);
      const item = await createGalleryItem(api, { title: "Football on the compound" }, ["#0b5563", "#a3541c"]);
      expect(item.images.every((image: { processing?: boolean }) => image.processing)).toBe(true);

      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const { page, context } = await newPage(site.browser, site.server, { viewport });
        await openAdminPage(page, site.server, "/admin/gallery");
        const card = page.getByRole("listitem").filter({ hasText: "Football on the compound" });
        await card.getByText("Processing images").waitFor();
        // The largest JPEG is shown meanwhile (no AVIF or WebP yet), and it loads.
        expect(await card.locator("source").count()).toBe(0);
        await expect
          .poll(() =>
            card
              .locator("img")
              .evaluate(
                (img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc.endsWith("-800.jpg"),
              ),
          )
          .toBe(true);
        await screenshot(page, `gallery-processing-${name}`);
        if (name === "desktop") {
          await page.getByRole("link", { name: "Edit Football on the compound" }).click();
          await page.getByText(/^Processing images: their smaller sizes are still being made/).waitFor();
        }
        await context.close();
      }

      // The public gallery shows the item too, with the same metadata-free JPEG.
      const { page: visitor, context: visitorContext } = await newPage(site.browser, site.server);
      await visitor.goto("/impact/gallery");
      await visitor.getByRole("heading", { name: "Football on the compound" }).waitFor();
      await visitorContext.close();

      const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
      await openAdminPage(page, site.server, "/admin/gallery");
      const card = page.getByRole("listitem").filter({ hasText: "Football on the compound" });
      await card.getByText("Processing images").waitFor();
      release();
      released = true;
      // The job's retry attaches the ladder; the list looks again while something is processing.
      await card.getByText("Processing images").waitFor({ state: "detached", timeout: 90_000 });
      expect(await card.locator('source[type="image/avif"]').count()).toBe(1);
      expect(await card.locator('source[type="image/webp"]').count()).toBe(1);
      expect(await card.locator("img").getAttribute("srcset")).toMatch(/-320\.jpg 320w, .*-800\.jpg 800w$/);
      await screenshot(page, "gallery-processing-finished");
      await context.close();
    } finally {
      if (!released) release();
    }
  }, 180_000);

  it("tells staff a picture could not be prepared, and tries again", async () => {
    const release = holdVariants(site.server.dataDir);
    let released = false;
    try {
      const api = await adminApi(site.server);
      const item = await createGalleryItem(api, { title: "Market day" }, ["#2f6b3a"]);
      // The job gives up as it does after its last attempt: failed, with the encoder's own words.
      const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"));
      const url = new URL(item.images[0].url, site.server.baseUrl).pathname;
      const failed = () =>
        db
          .prepare(
            "update jobs set status = 'failed', attempts = max_attempts, locked_by = null, locked_until = null, last_error = 'Input buffer contains unsupported image format', finished_at = ? where key = ?",
          )
          .run(new Date().toISOString(), `variants:${url}`).changes;
      await expect.poll(failed).toBe(1);
      db.close();

      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const { page, context } = await newPage(site.browser, site.server, { viewport });
        await openAdminPage(page, site.server, "/admin");
        const panel = page.getByRole("region", { name: "Pictures that could not be prepared" });
        const entry = panel.getByRole("listitem").filter({ hasText: "Market day" });
        await entry
          .getByText(
            "The picture could not be prepared. The uploaded file is damaged or is not a picture the site can read. Upload it again, or another file.",
          )
          .waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `gallery-unprepared-dashboard-${name}`);
        await entry.getByRole("link", { name: "Market day" }).click();
        await page.getByText(/^The picture could not be prepared\./).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `gallery-unprepared-item-${name}`);
        if (name === "desktop") {
          release();
          released = true;
          await page.getByRole("button", { name: "Try again" }).click();
          await page
            .getByRole("status")
            .filter({ hasText: "Trying again: the picture of “Market day” is being prepared." })
            .waitFor();
          // The same job runs again; while it does, the item says its pictures are being prepared.
          await expect
            .poll(
              async () =>
                (await api.json<{ images: { processing?: boolean }[] }>("GET", `/api/admin/gallery/${item._id}`))
                  .images[0]?.processing ?? false,
              { timeout: 90_000 },
            )
            .toBe(false);
        }
        await context.close();
      }
    } finally {
      if (!released) release();
    }
  }, 180_000);
});
