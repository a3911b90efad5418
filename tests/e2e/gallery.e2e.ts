import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminApi, breakTable } from "./support/admin-api.ts";
import { browserAvailable, expectErrors, newPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { createGalleryItem } from "./support/gallery-fixtures.ts";
import { journeySite } from "./support/journey-site.ts";
import { expectLaidOut, publicParts } from "./support/layout.ts";

const cardTitles = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("heading").allTextContents();

describe.runIf(browserAvailable)("public gallery", () => {
  const site = journeySite({ PAGE_CACHE_SECONDS: "0" });
  let multi: { _id: string; title: string };

  beforeAll(async () => {
    const api = await adminApi(site.server);
    // 12 items: 9 on the first page, 3 more behind Load More. Newest event first.
    for (let i = 1; i <= 11; i++) {
      await createGalleryItem(api, {
        title: `Classroom day ${i}`,
        description: i % 4 === 0 ? "Planting the prison garden together." : "Reading and writing lessons.",
        category: i % 4 === 0 ? "Support" : "Education",
        eventDate: `2025-11-${String(i + 10).padStart(2, "0")}`,
      });
    }
    multi = await createGalleryItem(
      api,
      { title: "Graduation 100% done", category: "Skills Training", eventDate: "2026-02-01" },
      ["#0b5563", "#b4430e", "#e3f1f3"],
    );
  });

  it("server-renders the first page for a shared filter URL", async () => {
    const html = await (await fetch(`${site.server.baseUrl}/impact/gallery?category=Support&q=GARDEN`)).text();
    expect(html).toContain("<title>Gallery | Hope Behind Bars</title>");
    expect(html).toContain("Classroom day 8");
    expect(html).toContain("Classroom day 4");
    expect(html).not.toContain("Classroom day 5");
    expect(html).toContain('value="GARDEN"');
  });

  it("loads more, reaches the end, filters by chip and debounced search, and shows no results", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/gallery")) apiCalls.push(request.url());
    });
    // The page's clock is Playwright's (it runs as usual until paused), so the debounce below is
    // measured in the page's time: a busy machine cannot put 500 ms between two keystrokes.
    await page.clock.install();
    await page.goto("/impact/gallery");
    await expect.poll(() => cardTitles(page)).toHaveLength(9);
    expect((await cardTitles(page))[0]).toBe("Graduation 100% done");
    expect(apiCalls).toEqual([]); // the first page came with the HTML

    // Load More shows 'Loading...' while the next page is on its way, then appends it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/gallery?page=2*", async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByRole("button", { name: "Load More" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Loading..." }).waitFor();
    // Marked unavailable, yet it keeps the keyboard focus (a disabled button would drop it).
    expect(await page.getByRole("button", { name: "Loading..." }).getAttribute("aria-disabled")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Loading...");
    release();
    await expect.poll(() => cardTitles(page)).toHaveLength(12);
    // Focus moves on to the first new item, and the count is read out.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("li")?.querySelector("h2")?.textContent))
      .toBe((await cardTitles(page))[9]);
    expect(await page.locator("[data-gallery-status]").textContent()).toBe("3 more items loaded.");
    await page.getByText("You've reached the end.").waitFor();
    expect(await page.getByRole("button", { name: "Load More" }).count()).toBe(0);
    await page.unroute("**/api/gallery?page=2*");

    // A chip replaces the list with page 1 of that category and puts it in the URL.
    await page.getByRole("link", { name: "Support" }).click();
    await page.waitForURL(/\/impact\/gallery\?category=Support$/);
    await expect.poll(() => cardTitles(page)).toEqual(["Classroom day 8", "Classroom day 4"]);

    // Typing waits 500 ms after the last key, then searches once, combined with the category.
    apiCalls.length = 0;
    const search = page.getByRole("searchbox", { name: "Search the gallery" });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await search.pressSequentially("day 8");
    await page.clock.runFor(450);
    expect(apiCalls).toEqual([]);
    expect(page.url()).not.toContain("q=");
    await page.clock.runFor(200);
    await page.waitForURL(/q=day\+8/);
    await page.clock.resume();
    await expect.poll(() => cardTitles(page)).toEqual(["Classroom day 8"]);
    expect(apiCalls).toHaveLength(1);
    expect(apiCalls[0]).toContain("category=Support");
    expect(apiCalls[0]).toContain("search=day+8");

    await search.fill("no such photo %_(");
    await page.getByRole("heading", { name: "No Results Found" }).waitFor();
    await expect.poll(() => page.locator("[data-gallery-status]").textContent()).toBe("No Results Found");
    expect(await page.getByText("Try a different search term or choose another category.").isVisible()).toBe(true);
    expect(await page.getByText("You've reached the end.").count()).toBe(0);

    // Clearing the search and picking All at once ends in the unfiltered gallery.
    await search.fill("");
    await page.getByRole("link", { name: "All" }).click();
    await page.waitForURL(`${site.server.baseUrl}/impact/gallery`);
    await expect.poll(() => cardTitles(page)).toHaveLength(9);
    await context.close();
  });

  it("logs a failed Load More and leaves the list as it was", async () => {
    const { page, context, errors } = await newPage(site.browser, site.server);
    expectErrors(page, [
      /^500 GET \/api\/gallery\?page=2&limit=9$/,
      /^console\.error: Gallery: could not load more images ApiError: Request failed \(500\) \(at \/assets\//,
    ]);
    await page.goto("/impact/gallery");
    await expect.poll(() => cardTitles(page)).toHaveLength(9);
    await page.route("**/api/gallery?page=2*", (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByRole("button", { name: "Load More" }).click();
    await expect.poll(() => errors.some((e) => e.includes("could not load more"))).toBe(true);
    await page.getByRole("button", { name: "Load More" }).waitFor();
    expect(await cardTitles(page)).toHaveLength(9);
    await context.close();
  });

  it("logs a failed first load without claiming there are no results, and loads once the server recovers", async () => {
    const restore = breakTable(site.server, "gallery_items");
    let restored = false;
    try {
      const { page, context, errors } = await newPage(site.browser, site.server);
      expectErrors(page, [
        /^500 GET \/api\/gallery\?page=1&limit=9$/,
        /^console\.error: Gallery: could not load images ApiError: Something went wrong on our side\. Please try again\. /,
      ]);
      const response = await page.goto("/impact/gallery");
      expect(response?.status()).toBe(200);
      // The browser retries the first page itself; that fails too and is only logged.
      await expect.poll(() => errors.some((e) => e.includes("could not load images"))).toBe(true);
      expect(await page.getByRole("heading", { name: "No Results Found" }).count()).toBe(0);
      restore();
      restored = true;
      await page.getByRole("link", { name: "Support" }).click();
      await expect.poll(() => cardTitles(page)).toEqual(["Classroom day 8", "Classroom day 4"]);
      await context.close();
    } finally {
      if (!restored) restore();
    }
  });

  it("shows an item's images in a lightbox: zoom steps, pan only when zoomed, keys, focus", async () => {
    const { page, context } = await newPage(site.browser, site.server, { context: { hasTouch: true } });
    await page.goto("/impact/gallery");
    const opener = page.getByRole("button", { name: `Open photos: ${multi.title}` });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: multi.title });
    await dialog.waitFor();
    const zoomLevel = dialog.getByRole("status", { name: "Zoom level" });
    const zoomIn = dialog.getByRole("button", { name: "Zoom in" });
    const zoomOut = dialog.getByRole("button", { name: "Zoom out" });
    const image = dialog.getByTestId("lightbox-image");
    const transform = () => image.evaluate((el) => (el as HTMLElement).style.transform);
    expect(await dialog.getByRole("button", { name: "Close" }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    expect(await zoomLevel.textContent()).toBe("100%");
    expect(await zoomOut.getAttribute("aria-disabled")).toBe("true");
    // One opaque layer over everything, the sticky site header included.
    expect(await page.evaluate(() => document.elementFromPoint(20, 20)?.closest('[role="dialog"]') !== null)).toBe(
      true,
    );
    expect(await dialog.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(13, 26, 30)");

    // Not zoomed: dragging does nothing.
    const drag = async (dx: number, dy: number) => {
      const box = await dialog.getByTestId("lightbox-frame").boundingBox();
      if (!box) throw new Error("no frame");
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y + dy, { steps: 4 });
      await page.evaluate(() => new Promise(requestAnimationFrame));
      await page.mouse.up();
    };
    await drag(80, 40);
    expect(await transform()).toBe("translate(0px, 0px) scale(1)");

    // force: the last press hits the aria-disabled cap, which Playwright would otherwise wait out.
    for (const level of ["150%", "225%", "338%", "400%", "400%"]) {
      await zoomIn.click({ force: true });
      expect(await zoomLevel.textContent()).toBe(level);
    }
    expect(await zoomIn.getAttribute("aria-disabled")).toBe("true");
    expect(await transform()).toBe("translate(0px, 0px) scale(4)");

    await drag(60, 30);
    await expect.poll(transform).toBe("translate(60px, 30px) scale(4)");

    // Touch pans too (pointer events from a finger).
    const cdp = await context.newCDPSession(page);
    const box = (await dialog.getByTestId("lightbox-frame").boundingBox()) as { x: number; y: number; width: number };
    const start = { x: box.x + box.width / 2, y: box.y + 40 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [start] });
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: start.x - 20, y: start.y + 10 }],
    });
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: start.x - 40, y: start.y + 20 }],
    });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(transform).toBe("translate(20px, 50px) scale(4)");

    // Dragging is not the only way to pan (WCAG 2.5.7): buttons and arrow keys move the picture too.
    await dialog.getByRole("button", { name: "Move picture up" }).click();
    await expect.poll(transform).toBe("translate(20px, 130px) scale(4)");
    await page.keyboard.press("ArrowDown");
    await expect.poll(transform).toBe("translate(20px, 50px) scale(4)");

    for (const level of ["267%", "178%", "119%", "100%", "100%"]) {
      await zoomOut.click({ force: true });
      expect(await zoomLevel.textContent()).toBe(level);
    }
    expect(await zoomOut.getAttribute("aria-disabled")).toBe("true");
    await drag(50, 50);
    expect(await transform()).toMatch(/translate\(0px, 0px\) scale\(1\)/);

    // Next/previous within the item, by buttons and arrow keys; zoom resets on a new image.
    await zoomIn.click();
    await dialog.getByRole("button", { name: "Next image" }).click();
    await dialog.getByText("Image 2 of 3").waitFor();
    expect(await zoomLevel.textContent()).toBe("100%");
    await page.keyboard.press("ArrowRight");
    await dialog.getByText("Image 3 of 3").waitFor();
    const next = dialog.getByRole("button", { name: "Next image" });
    expect(await next.getAttribute("aria-disabled")).toBe("true");
    // The focused button at its limit keeps focus, so the keyboard still drives the lightbox.
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await dialog.getByText("Image 1 of 3").waitFor();

    // Focus stays inside: Tab from the last control wraps to the first.
    await dialog.getByRole("button", { name: "Next image" }).focus();
    await page.keyboard.press("Tab");
    expect(await zoomOut.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Shift+Tab");
    expect(
      await dialog.getByRole("button", { name: "Next image" }).evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // The close button and the backdrop close it too.
    await opener.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    await opener.click();
    await page.mouse.click(5, (page.viewportSize()?.height ?? 800) - 5 - 150);
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("lays out the gallery and the open lightbox at phone and desktop widths", async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page, context } = await newPage(site.browser, site.server, { viewport });
      await page.goto("/impact/gallery");
      await expect.poll(() => cardTitles(page)).toHaveLength(9);
      await expectLaidOut(
        page,
        {
          ...publicParts(page),
          search: page.getByRole("searchbox", { name: "Search the gallery" }),
          "first category": page.getByRole("link", { name: "All" }),
          "last category": page.getByRole("main").getByRole("navigation").getByRole("link").last(),
          "load more": page.getByRole("button", { name: "Load More" }),
        },
        `/impact/gallery on ${name}`,
      );
      await screenshot(page, `impact-gallery-${name}`);

      await page.getByRole("button", { name: `Open photos: ${multi.title}` }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await expectLaidOut(
        page,
        {
          counter: dialog.getByText("Image 1 of 3"),
          "zoom out": dialog.getByRole("button", { name: "Zoom out" }),
          "zoom level": dialog.getByRole("status", { name: "Zoom level" }),
          "zoom in": dialog.getByRole("button", { name: "Zoom in" }),
          close: dialog.getByRole("button", { name: "Close" }),
          "previous image": dialog.getByRole("button", { name: "Previous image" }),
          "next image": dialog.getByRole("button", { name: "Next image" }),
          title: dialog.getByRole("heading", { name: multi.title }),
        },
        `the lightbox on ${name}`,
      );
      await page.screenshot({ path: `test-results/screenshots/impact-gallery-lightbox-${name}.png` });
      await context.close();
    }
  });
});
