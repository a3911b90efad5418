import { beforeAll, describe, expect, it } from "vitest";
import { adminApi, breakTable } from "./support/admin-api.ts";
import { browserAvailable, expectErrors, newPage } from "./support/browser.ts";
import { createGalleryItem } from "./support/gallery-fixtures.ts";
import { journeySite } from "./support/journey-site.ts";
import { stubYoutube } from "./support/youtube-stub.ts";

describe.runIf(browserAvailable)("home gallery preview and featured video", () => {
  // Failure journeys break the database under a page; every request must really render.
  const site = journeySite({ PAGE_CACHE_SECONDS: "0" });
  beforeAll(async () => {
    const api = await adminApi(site.server);
    for (let i = 1; i <= 5; i++) {
      await createGalleryItem(api, { title: `Home moment ${i}`, eventDate: `2026-0${i}-10` });
    }
    await api.json("POST", "/api/videos", {
      title: "Older video",
      description: "Not the latest.",
      youtubeUrl: "https://www.youtube.com/watch?v=bbbbbbbbbbb",
      category: "Testimonials",
    });
    await api.json("POST", "/api/videos", {
      title: "Latest video",
      description: "The newest story.",
      youtubeUrl: "https://www.youtube.com/watch?v=ccccccccccc",
      category: "Community Stories",
    });
  });

  const previewTitles = (page: import("playwright-core").Page) =>
    page
      .getByRole("region", { name: "Moments from our programmes" })
      .getByRole("heading", { level: 3 })
      .allTextContents();

  it("shows the four latest gallery items, opening the lightbox", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await stubYoutube(page);
    await page.goto("/");
    await expect
      .poll(() => previewTitles(page))
      .toEqual(["Home moment 5", "Home moment 4", "Home moment 3", "Home moment 2"]);
    await page.getByRole("button", { name: "Open photos: Home moment 4" }).click();
    await page.getByRole("dialog", { name: "Home moment 4" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await context.close();
  });

  it("shows the error with Try Again when the gallery cannot be loaded, and recovers", async () => {
    const restore = breakTable(site.server, "gallery_items");
    let restored = false;
    try {
      const { page, context } = await newPage(site.browser, site.server);
      // The page comes rendered with the error; Try Again asks the API, which fails until restored.
      expectErrors(page, [/^500 GET \/api\/gallery\?limit=4$/]);
      await stubYoutube(page);
      await page.goto("/");
      const region = page.getByRole("region", { name: "Moments from our programmes" });
      await region.getByRole("heading", { name: "Something went wrong" }).waitFor();
      expect(
        await region.getByText("Could not load gallery items. Please check your connection and try again.").isVisible(),
      ).toBe(true);
      // Still failing: the error stays.
      await region.getByRole("button", { name: "Try Again" }).click();
      await expect.poll(() => region.getByRole("button", { name: "Try Again" }).isEnabled()).toBe(true);
      expect(await region.getByRole("heading", { name: "Something went wrong" }).isVisible()).toBe(true);

      restore();
      restored = true;
      await region.getByRole("button", { name: "Try Again" }).click();
      await expect.poll(() => previewTitles(page)).toHaveLength(4);
      expect(await region.getByText("Something went wrong").count()).toBe(0);
      await context.close();
    } finally {
      if (!restored) restore();
    }
  });

  it("features the latest video, loading YouTube only on play", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    const youtube = await stubYoutube(page);
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Latest video" });
    await featured.waitFor();
    expect(await page.getByText("Older video").count()).toBe(0);
    expect(youtube.some((url) => url.includes("youtube-nocookie"))).toBe(false);
    await featured.getByRole("button", { name: "Play video: Latest video" }).click();
    await expect
      .poll(() => featured.locator("iframe").getAttribute("src"))
      .toContain("https://www.youtube-nocookie.com/embed/ccccccccccc");
    await context.close();
  });
});
