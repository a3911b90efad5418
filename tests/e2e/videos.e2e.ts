import { describe, expect, it } from "vitest";
import { adminApi, breakTable } from "./support/admin-api.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import { adminParts, expectLaidOut, publicParts } from "./support/layout.ts";
import { stubYoutube } from "./support/youtube-stub.ts";

const video = (title: string, category: string, id: string) => ({
  title,
  description: `${title}: a story from our programmes in Ethiopia.`,
  youtubeUrl: `https://www.youtube.com/watch?v=${id}`,
  category,
});

describe.runIf(browserAvailable)("impact videos", () => {
  // Failure journeys break the database under a page; every request must really render.
  const site = journeySite({ PAGE_CACHE_SECONDS: "0" });

  it("shows videos by category, loads YouTube only when play is pressed, and shows the empty state", async () => {
    const api = await adminApi(site.server);
    // This journey needs an empty category: start from no videos at all.
    for (const old of (await api.json("GET", "/api/videos")).videos) await api.json("DELETE", `/api/videos/${old._id}`);
    const testimonial = await api.json(
      "POST",
      "/api/videos",
      video("Meron's testimony", "Testimonials", "aaaaaaaaaa1"),
    );
    await api.json("POST", "/api/videos", video("Sewing class", "Program Highlights", "bbbbbbbbbb2"));
    const { page, context } = await newPage(site.browser, site.server);
    const youtube = await stubYoutube(page);

    await page.goto("/impact/videos");
    expect(await page.title()).toBe("Impact Videos | Hope Behind Bars");
    await expect
      .poll(() => page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents())
      .toEqual(["Sewing class", "Meron's testimony"]);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(youtube.every((url) => url.startsWith("https://i.ytimg.com/"))).toBe(true);

    await page.getByRole("button", { name: "Play video: Meron's testimony" }).click();
    const player = page.locator('iframe[title="Meron\'s testimony"]');
    await expect
      .poll(() => player.getAttribute("src"))
      .toBe(`https://www.youtube-nocookie.com/embed/${testimonial.youtubeId}?autoplay=1&rel=0&modestbranding=1`);
    expect(await page.locator("iframe").count()).toBe(1);

    await page.getByRole("link", { name: "Testimonials" }).click();
    await page.waitForURL(/\?category=Testimonials$/);
    await expect
      .poll(() => page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents())
      .toEqual(["Meron's testimony"]);
    expect(await page.getByRole("link", { name: "Testimonials" }).getAttribute("aria-current")).toBe("true");

    await page.getByRole("link", { name: "Community Stories" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: "No Videos Found in this Category" }).isVisible())
      .toBe(true);

    await page.getByRole("link", { name: "All" }).click();
    await expect.poll(() => page.getByRole("main").getByRole("heading", { level: 2 }).count()).toBe(2);
    await context.close();
  });

  it("shows a drawn placeholder, not a broken image, when YouTube's thumbnail cannot load", async () => {
    await (await adminApi(site.server)).json(
      "POST",
      "/api/videos",
      video("Offline thumbnail", "Testimonials", "kkkkkkkkkk1"),
    );
    const { page } = await newPage(site.browser, site.server);
    // YouTube blocked or the visitor offline: the thumbnail answers with an error.
    expectErrors(page, [/^console\.error: Failed to load resource: the server responded with a status of 404/]);
    await page.context().route(/^https:\/\/i\.ytimg\.com\//, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/impact/videos");
    const card = page.getByRole("article").filter({ hasText: "Offline thumbnail" });
    await expect.poll(() => card.locator("[data-thumbnail-placeholder]").count()).toBe(1);
    expect(await card.locator("img").count()).toBe(0);
    expect(await card.getByRole("button", { name: "Play video: Offline thumbnail" }).isVisible()).toBe(true);
  });

  it("server-renders a shared category link", async () => {
    const api = await adminApi(site.server);
    await api.json("POST", "/api/videos", video("Bakery opening", "Program Highlights", "eeeeeeeeee5"));
    await api.json("POST", "/api/videos", video("Hanna's letter", "Testimonials", "ffffffffff6"));
    const html = await (await fetch(`${site.server.baseUrl}/impact/videos?category=Program%20Highlights`)).text();
    expect(html).toContain("Bakery opening");
    expect(html).not.toContain("Hanna&#x27;s letter");
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:');
  });

  it("shows the empty state when the videos cannot be loaded", async () => {
    const restore = breakTable(site.server, "videos");
    try {
      const { page, context } = await newPage(site.browser, site.server);
      const response = await page.goto("/impact/videos");
      expect(response?.status()).toBe(200);
      await expect
        .poll(() => page.getByRole("heading", { name: "No Videos Found in this Category" }).isVisible())
        .toBe(true);
      await context.close();
    } finally {
      restore();
    }
  });

  it("lays out the videos page at phone and desktop widths", async () => {
    const api = await adminApi(site.server);
    await api.json("POST", "/api/videos", video("Screenshot story", "Community Stories", "gggggggggg7"));
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page, context } = await newPage(site.browser, site.server, { viewport });
      await stubYoutube(page);
      await page.goto("/impact/videos");
      await page.getByRole("heading", { name: "Screenshot story" }).waitFor();
      await screenshot(page, `impact-videos-${name}`);
      const categories = page.getByRole("main").getByRole("navigation").getByRole("link");
      const { "first card": first, ...parts } = publicParts(page);
      await expectLaidOut(
        page,
        {
          ...parts,
          "first category": categories.first(),
          "last category": categories.last(),
          // The first card's own parts, one under another.
          "play button": first.getByRole("button", { name: /^Play video: / }),
          title: first.getByRole("heading"),
          description: first.getByText(/a story from our programmes/),
        },
        `/impact/videos on ${name}`,
      );
      await context.close();
    }
  });

  it("lets staff add, edit and delete a video, with the spec's messages", async () => {
    await (await adminApi(site.server)).json(
      "POST",
      "/api/videos",
      video("Existing video", "Testimonials", "hhhhhhhhhh8"),
    );
    const { page, context } = await newPage(site.browser, site.server);
    await stubYoutube(page);
    await openAdminPage(page, site.server, "/admin/videos");
    await page.getByRole("heading", { name: "Existing video" }).waitFor();
    await page.getByRole("link", { name: "Add New Video" }).click();
    await page.waitForURL(/\/admin\/videos\/new$/);

    await page.getByRole("button", { name: "Add Video" }).click();
    const title = page.getByLabel("Video title");
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    for (const message of [
      "Title is required",
      "Description is required",
      "YouTube URL is required",
      "Category is required",
    ]) {
      expect(await page.getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    expect(await title.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Full YouTube URL").getAttribute("placeholder")).toMatch(
      /^https:\/\/www\.youtube\.com\/watch\?v=/,
    );
    expect(await page.getByLabel("Description").getAttribute("rows")).toBe("4");

    await title.fill("Graduation day");
    await page.getByLabel("Description").fill("Twelve mothers receive their tailoring certificates.");
    await page.getByLabel("Full YouTube URL").fill("https://youtu.be/ccccccccc_3?si=share");
    await page.getByLabel("Category").selectOption("Community Stories");
    // A new video starts as a draft; "Publish" makes it public at once.
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Video added!").waitFor();
    await page.waitForURL(/\/admin\/videos$/);
    await page.getByRole("heading", { name: "Graduation day" }).waitFor();

    const publicPage = await context.newPage();
    await publicPage.goto("/impact/videos?category=Community%20Stories");
    expect(await publicPage.getByRole("heading", { name: "Graduation day" }).isVisible()).toBe(true);
    await publicPage.close();

    await page.getByRole("link", { name: "Edit Graduation day" }).click();
    await page.waitForURL(/\/admin\/videos\/edit\//);
    await expect
      .poll(() => page.getByLabel("Full YouTube URL").inputValue())
      .toBe("https://www.youtube.com/watch?v=ccccccccc_3");
    expect(await page.getByLabel("Category").inputValue()).toBe("Community Stories");
    await page.getByLabel("Video title").fill("Graduation day 2026");
    await page.getByRole("button", { name: "Update Video" }).click();
    await page.getByText("Video updated!").waitFor();
    await page.getByRole("heading", { name: "Graduation day 2026" }).waitFor();

    await page.getByRole("button", { name: "Delete Graduation day 2026" }).click();
    const question = page.getByText("This action cannot be undone and the video will be permanently removed.");
    await question.waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => question.count(), { timeout: 5000 }).toBe(0);
    expect(await page.getByRole("heading", { name: "Graduation day 2026" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Delete Graduation day 2026" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("Video deleted successfully!").waitFor();
    await expect.poll(() => page.getByRole("heading", { name: "Graduation day 2026" }).count()).toBe(0);
    await context.close();
  });

  it("keeps the confirmation up for 6 seconds, then counts it as Cancel", async () => {
    await (await adminApi(site.server)).json("POST", "/api/videos", video("Kept video", "Testimonials", "iiiiiiiiii9"));
    const { page, context } = await newPage(site.browser, site.server);
    await stubYoutube(page);
    // The page's timers run on a clock the test moves: no real seconds are waited.
    await page.clock.install();
    await openAdminPage(page, site.server, "/admin/videos");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole("button", { name: "Delete Kept video" }).click();
    const question = page.getByText("This action cannot be undone and the video will be permanently removed.");
    await question.waitFor();
    await page.clock.runFor(5_900);
    expect(await question.isVisible()).toBe(true);
    // At 6 s the question goes (the toast leaves the page a second later): move the clock on in
    // small steps, letting the page render between them.
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return question.isVisible();
      })
      .toBe(false);
    expect(await page.getByRole("heading", { name: "Kept video" }).isVisible()).toBe(true);
    await context.close();
  });

  it("reports failures with the spec's texts", async () => {
    const sturdy = await (await adminApi(site.server)).json(
      "POST",
      "/api/videos",
      video("Sturdy video", "Testimonials", "jjjjjjjjjj0"),
    );
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [
      /^404 GET \/api\/admin\/videos\/no-such-video$/,
      new RegExp(`^500 DELETE /api/videos/${sturdy._id}$`),
      /^503 POST \/api\/videos$/,
      /^500 POST \/api\/videos$/,
      /^500 GET \/api\/admin\/lists\/videos$/,
    ]);
    await stubYoutube(page);

    await openAdminPage(page, site.server, "/admin/videos/edit/no-such-video");
    await page.getByText("Failed to load video data.").waitFor();
    await page.waitForURL(/\/admin\/videos$/);

    await page.route("**/api/videos/*", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Delete Sturdy video" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("Failed to delete video.").waitFor();
    expect(await page.getByRole("heading", { name: "Sturdy video" }).isVisible()).toBe(true);

    await page.route("**/api/videos", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Database is busy."}' })
        : route.fallback(),
    );
    await page.goto("/admin/videos/new");
    await page.getByLabel("Video title").fill("Will fail");
    await page.getByLabel("Description").fill("No luck today.");
    await page.getByLabel("Full YouTube URL").fill("https://www.youtube.com/watch?v=ddddddddddd");
    await page.getByLabel("Category").selectOption("Testimonials");
    await page.getByRole("button", { name: "Add Video" }).click();
    await page.getByText("Database is busy.").waitFor();
    expect(await page.getByLabel("Video title").inputValue()).toBe("Will fail");

    await page.unroute("**/api/videos");
    await page.route("**/api/videos", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Add Video" }).click();
    await page.getByText("Operation failed.", { exact: true }).waitFor();

    await page.route("**/api/admin/lists/videos", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto("/admin/videos");
    await page.getByText("Failed to fetch videos.").waitFor();
    await page.getByRole("heading", { name: "No videos found" }).waitFor();
    expect(await page.getByText("Get started by adding your first impact video.").isVisible()).toBe(true);
    await context.close();
  });

  it("searches and filters the staff's list on the server: by words and by Amharic version", async () => {
    const api = await adminApi(site.server);
    const translated = await api.json<{ _id: string }>(
      "POST",
      "/api/videos",
      video("Mothers reading aloud", "Testimonials", "lllllllllll"),
    );
    await api.json("PUT", `/api/admin/translations/video/${translated._id}/am`, {
      fields: { title: "እናቶች ጮክ ብለው ያነባሉ", description: "ታሪክ" },
    });
    await api.json("POST", "/api/videos", video("Football in the yard", "Testimonials", "mmmmmmmmmmm"));
    const { page, context } = await newPage(site.browser, site.server);
    await stubYoutube(page);
    await openAdminPage(page, site.server, "/admin/videos");
    await page.getByRole("heading", { name: "Football in the yard" }).waitFor();
    await page.getByLabel("Search videos").fill("reading aloud");
    await page.getByLabel("Search videos").press("Enter");
    await expect
      .poll(() => page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents())
      .toEqual(["Mothers reading aloud"]);
    await page.getByLabel("Search videos").fill("");
    await page.getByLabel("Search videos").press("Enter");
    await page.getByLabel("Amharic version").selectOption("complete");
    await expect
      .poll(() => page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents())
      .toEqual(["Mothers reading aloud"]);
    expect(page.url()).toContain("amharic=complete");
    await context.close();
  });

  it("lays out the staff's video list at phone and desktop widths", async () => {
    await (await adminApi(site.server)).json(
      "POST",
      "/api/videos",
      video("Admin screenshot", "Testimonials", "kkkkkkkkkkk"),
    );
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page, context } = await newPage(site.browser, site.server, { viewport });
      await stubYoutube(page);
      await openAdminPage(page, site.server, "/admin/videos");
      await page.getByRole("heading", { name: "Admin screenshot" }).waitFor();
      await screenshot(page, `admin-videos-${name}`);
      const items = page.getByRole("main").getByRole("listitem");
      const { "first item": first, ...parts } = adminParts(page, items);
      await expectLaidOut(
        page,
        {
          ...parts,
          "add button": page.getByRole("link", { name: "Add New Video" }),
          // The first item's own parts, side by side on a desktop, wrapped on a phone.
          thumbnail: first.locator("img"),
          title: first.getByRole("heading"),
          edit: first.getByRole("link", { name: /^Edit / }),
          delete: first.getByRole("button", { name: /^Delete / }),
        },
        `/admin/videos on ${name}`,
      );
      await context.close();
    }
  });
});
