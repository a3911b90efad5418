import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngImage } from "../support/images.ts";
import { adminApi, breakTable } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { createPublication, uploadedFiles } from "./support/blog-fixtures.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import { adminParts, expectLaidOut, publicParts } from "./support/layout.ts";
import { startServer } from "./support/server.ts";

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
/** Saving runs the image pipeline, which takes seconds on a busy two-core machine. */
const SAVE_WAIT = { timeout: 30_000 };
const publication = (title: string, publicationDate = "2026-03-08") => ({
  title,
  description: `${title}: a feature about our work.`,
  link: "https://news.example.org/feature",
  publicationDate,
});

/** The journey's server runs in UTC−10: the first time-zone journey below is held on it (no second start). */
const SITE_ZONE = "Pacific/Honolulu";

describe.runIf(browserAvailable)("news and publications", () => {
  const site = journeySite({ TZ: SITE_ZONE, PAGE_CACHE_SECONDS: "0" });

  it("lets an admin add, edit and delete a publication, its image files included", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/publications");
    await expect.poll(() => page.getByRole("heading", { name: "No publications found" }).isVisible()).toBe(true);
    expect(await page.getByText("Add your first publication or news feature.").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Add New Publication" }).click();
    await page.getByLabel("Title").fill("Prison nursery featured on national radio");
    await page.getByLabel("Description").fill("A 20-minute programme about the children's centre.");
    await page.getByLabel("Publication link").fill("https://radio.example.org/episode/42");
    await page.getByLabel("Publication date").fill("2026-03-08");
    const file = path.join(site.server.dataDir, "shot.png");
    await sharp(await pngImage({ width: 900, height: 600, alpha: false })).toFile(file);
    await page.getByLabel("Image (screenshot)").setInputFiles(file);
    // Publishing needs the picture described (docs/decisions/0770-every-picture-described.md).
    await page.getByLabel("What the picture shows").fill("The radio programme's page");
    // A new publication starts as a draft; "Publish" makes it public at once.
    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => toast(page, "Publication created!").isVisible(), SAVE_WAIT).toBe(true);
    await page.waitForURL(`${site.server.baseUrl}/admin/publications`);
    await expect
      .poll(() => page.getByRole("heading", { name: "Prison nursery featured on national radio" }).isVisible())
      .toBe(true);
    expect(await page.getByText("Mar 8, 2026").isVisible()).toBe(true);
    // The ladder is encoded in the background (docs/decisions/0440): every file arrives soon after.
    // Each is written as a hidden temp file first: counted alone, eight files and the ninth's temp
    // file would pass for the whole ladder.
    await expect
      .poll(() => uploadedFiles(site.server, "publications").filter((file) => !file.endsWith(".tmp")).length, {
        timeout: 60_000,
      })
      .toBe(9);
    const files = uploadedFiles(site.server, "publications");

    await page.goto("/publications");
    const link = page.getByRole("link", { name: /Prison nursery featured on national radio/ });
    expect(await link.getAttribute("href")).toBe("https://radio.example.org/episode/42");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await page.getByText("March 8, 2026").isVisible()).toBe(true);

    await openAdminPage(page, site.server, "/admin/publications");
    await page.getByRole("link", { name: "Edit Prison nursery featured on national radio" }).click();
    await expect.poll(() => page.getByLabel("Publication date").inputValue()).toBe("2026-03-08");
    await page.getByLabel("Title").fill("Prison nursery on national radio");
    await page.getByRole("button", { name: "Update Publication" }).click();
    await expect.poll(() => toast(page, "Publication updated!").isVisible(), SAVE_WAIT).toBe(true);
    await expect
      .poll(() => page.getByRole("heading", { name: "Prison nursery on national radio" }).isVisible())
      .toBe(true);
    expect(uploadedFiles(site.server, "publications")).toEqual(files);

    await page.getByRole("button", { name: "Delete Prison nursery on national radio" }).click();
    await page.getByRole("button", { name: "Confirm Delete" }).click();
    await expect.poll(() => toast(page, "Publication deleted!").isVisible()).toBe(true);
    expect(uploadedFiles(site.server, "publications")).toEqual([]);
    expect(await (await fetch(`${site.server.baseUrl}/publications`)).text()).not.toContain("Prison nursery");
    await context.close();
  });

  it("shows every validation message on the form", async () => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(page, site.server, "/admin/publications/new");
    await page.getByRole("button", { name: "Create Publication" }).click();
    for (const message of [
      "Title is required",
      "Description is required",
      "A valid URL is required",
      "Date is required",
      "Image is required",
    ]) {
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible(), { message }).toBe(true);
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("publication-title");
    await page.getByLabel("Publication link").fill("not a link");
    await page.getByRole("button", { name: "Create Publication" }).click();
    expect(await page.getByText("A valid URL is required", { exact: true }).isVisible()).toBe(true);
    await screenshot(page, "publication-form-errors-375");
    await context.close();
  });

  it("returns to the list when a publication cannot be loaded, and reports failed fetches and deletes", async () => {
    const api = await adminApi(site.server);
    const fragile = await createPublication(api, publication("Fragile"));
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [
      /^404 GET \/api\/admin\/publications\/00000000-0000-0000-0000-000000000000$/,
      new RegExp(`^500 DELETE /api/publications/${fragile._id}$`),
      /^500 GET \/api\/admin\/lists\/publications$/,
    ]);
    await openAdminPage(page, site.server, "/admin/publications/edit/00000000-0000-0000-0000-000000000000");
    await expect.poll(() => toast(page, "Failed to load publication data.").isVisible()).toBe(true);
    await page.waitForURL(`${site.server.baseUrl}/admin/publications`);
    await expect.poll(() => page.getByRole("heading", { name: "Fragile" }).isVisible()).toBe(true);
    const restore = breakTable(site.server, "publications");
    try {
      await page.getByRole("button", { name: "Delete Fragile" }).click();
      await page.getByRole("button", { name: "Confirm Delete" }).click();
      await expect.poll(() => toast(page, "Failed to delete.").isVisible()).toBe(true);
      await page.reload();
      await expect.poll(() => toast(page, "Failed to fetch publications.").isVisible()).toBe(true);
    } finally {
      restore();
    }
    await context.close();
  });

  it("shows 'Operation failed. Please try again.' when saving fails without a server message", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [/^502 POST \/api\/publications$/]);
    await openAdminPage(page, site.server, "/admin/publications/new");
    await page.route("**/api/publications", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
    await page.getByLabel("Title").fill("T");
    await page.getByLabel("Description").fill("D");
    await page.getByLabel("Publication link").fill("https://example.org");
    await page.getByLabel("Publication date").fill("2026-01-02");
    const file = path.join(site.server.dataDir, "small.png");
    await sharp(await pngImage()).toFile(file);
    await page.getByLabel("Image (screenshot)").setInputFiles(file);
    await page.getByRole("button", { name: "Create Publication" }).click();
    await expect.poll(() => toast(page, "Operation failed. Please try again.").isVisible()).toBe(true);
    expect(await page.getByLabel("Title").inputValue()).toBe("T");
    await context.close();
  });

  it("keeps the staff list within a 320 px phone, a long link cut short with its note", async () => {
    const api = await adminApi(site.server);
    await createPublication(api, {
      ...publication("A long address"),
      link: "https://news.example.org/features/2026/a-very-long-address-for-a-feature-about-our-work",
    });
    const { page } = await newPage(site.browser, site.server, { viewport: { width: 320, height: 700 } });
    await openAdminPage(page, site.server, "/admin/publications");
    await page.getByRole("heading", { name: "A long address" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  });

  it("lays out the page, the staff list and the form at 375 and 1280 px, and passes axe", async () => {
    const api = await adminApi(site.server);
    await createPublication(api, publication("Annual report 2025", "2026-02-01"));
    await createPublication(api, publication("Newspaper feature on the children's centre", "2026-05-20"));
    for (const viewport of Object.values(VIEWPORTS)) {
      const where = (screen: string) => `${screen} at ${viewport.width} px`;
      const { page, context } = await newPage(site.browser, site.server, { viewport });
      await page.goto("/publications");
      await screenshot(page, `publications-${viewport.width}`);
      const first = page.getByRole("main").getByRole("article").first();
      const { "first card": _, ...parts } = publicParts(page);
      await expectLaidOut(
        page,
        {
          ...parts,
          // The first card's own parts: side by side on a desktop, stacked on a phone.
          "first image": first.locator("img"),
          "first title": first.getByRole("heading"),
          "first date": first.locator("time"),
        },
        where("/publications"),
      );
      expect(await axeViolations(page, "main"), where("/publications")).toEqual([]);

      await openAdminPage(page, site.server, "/admin/publications");
      await expect.poll(() => page.getByRole("heading", { name: "Annual report 2025" }).isVisible()).toBe(true);
      await screenshot(page, `admin-publications-${viewport.width}`);
      await expectLaidOut(
        page,
        {
          ...adminParts(page, page.getByRole("main").getByRole("listitem")),
          "add button": page.getByRole("link", { name: "Add New Publication" }),
        },
        where("staff list"),
      );
      expect(await axeViolations(page, "main"), where("staff list")).toEqual([]);

      await page.goto("/admin/publications/new");
      await expect.poll(() => page.getByLabel("Title").isVisible()).toBe(true);
      await expectLaidOut(
        page,
        {
          heading: page.getByRole("heading", { level: 1 }),
          title: page.getByLabel("Title"),
          description: page.getByLabel("Description"),
          link: page.getByLabel("Publication link"),
          date: page.getByLabel("Publication date"),
          image: page.getByLabel("Image (screenshot)"),
          create: page.getByRole("button", { name: "Create Publication" }),
        },
        where("the form"),
      );
      expect(await axeViolations(page, "main"), where("the form")).toEqual([]);
      await context.close();
    }
  });

  it("pages publications twelve at a time, with links that work without JavaScript, in both languages", async () => {
    // Thirteen publications older than any other (written straight into the store: no picture is needed).
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"));
    const ids = Array.from({ length: 13 }, (_, i) => `00000000-0000-4000-8000-0000000008${String(i).padStart(2, "0")}`);
    const insert = db.prepare(
      `insert into publications (id, title, description, link, publication_date, image_url, image_variants,
         created_at, updated_at, status, publish_at, image_alt, image_decorative)
       values (?, ?, 'An older feature.', 'https://news.example.org/old', ?, '/images/og-default.jpg', null, ?, ?,
         'published', null, null, 1)`,
    );
    ids.forEach((id, i) => {
      const written = new Date(Date.UTC(2001, 0, i + 1)).toISOString();
      insert.run(id, `Pager feature ${i + 1}`, written.slice(0, 10), written, written);
    });
    try {
      const every = (await (await fetch(`${site.server.baseUrl}/api/publications`)).json()) as Array<{ title: string }>;
      const titles = every.map((item) => item.title);
      const pageCount = Math.ceil(titles.length / 12);
      for (const viewport of Object.values(VIEWPORTS)) {
        const { page, context } = await newPage(site.browser, site.server, {
          viewport,
          context: { javaScriptEnabled: false },
        });
        // With scripts off, Chromium refuses the page's module scripts and preloads (reported as "csp").
        expectErrors(page, [/^csp GET \/assets\/[\w./-]+\.js$/]);
        await page.goto("/publications");
        const pager = page.getByRole("navigation", { name: "Publication pages" });
        expect(await pager.getByText(`Page 1 of ${pageCount}`).isVisible()).toBe(true);
        await pager.getByRole("link", { name: "Older publications" }).click();
        await page.waitForURL(`${site.server.baseUrl}/publications?page=2`);
        expect(await pager.getByText(`Page 2 of ${pageCount}`).isVisible()).toBe(true);
        // Page 2 starts with the thirteenth newest, as the whole list orders them.
        expect(await page.getByRole("heading", { name: titles[12] }).isVisible()).toBe(true);
        await screenshot(page, `publications-page-2-${viewport.width}`);
        await pager.getByRole("link", { name: "Newer publications" }).click();
        await page.waitForURL(`${site.server.baseUrl}/publications`);

        await page.goto("/am/publications");
        const amharic = page.getByRole("navigation", { name: "የህትመቶች ገጾች" });
        await amharic.getByRole("link", { name: "የቆዩ ህትመቶች" }).click();
        await page.waitForURL(`${site.server.baseUrl}/am/publications?page=2`);
        expect(await amharic.getByText(`ገጽ 2 ከ${pageCount}`).isVisible()).toBe(true);
        await context.close();

        // axe runs its script in the page: with scripts on, the same page passes it.
        const scripted = await newPage(site.browser, site.server, { viewport });
        await scripted.page.goto("/publications?page=2");
        expect(await axeViolations(scripted.page, "main"), `page 2 at ${viewport.width}`).toEqual([]);
        await scripted.context.close();
      }
      expect((await fetch(`${site.server.baseUrl}/publications?page=${pageCount + 1}`)).status).toBe(404);
    } finally {
      db.prepare(`delete from publications where id in (${ids.map(() => "?").join(", ")})`).run(...ids);
      db.close();
    }
  });

  describe("publication dates across time zones", () => {
    // UTC−10 and UTC+14: a date-only value parsed as an instant would move a day in one of them. The
    // server in UTC−10 is the journey's own; the one in UTC+14 is started for its test. One browser.
    for (const [serverZone, browserZone] of [
      [SITE_ZONE, "Pacific/Kiritimati"],
      ["Pacific/Kiritimati", SITE_ZONE],
    ] as const) {
      it(`shows the same calendar day with the server in ${serverZone} and the browser in ${browserZone}`, async () => {
        const own =
          serverZone === SITE_ZONE ? undefined : await startServer({ TZ: serverZone, PAGE_CACHE_SECONDS: "0" });
        const server = own ?? site.server;
        try {
          const api = await adminApi(server);
          await createPublication(api, publication("New Year feature", "2026-01-01"));
          const { page, context } = await newPage(site.browser, server, { context: { timezoneId: browserZone } });
          expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);
          const html = await (await fetch(`${server.baseUrl}/publications`)).text();
          expect(html).toContain("January 1, 2026");
          await page.goto("/publications");
          await page.waitForLoadState("networkidle");
          const feature = page.getByRole("main").getByRole("article").filter({ hasText: "New Year feature" });
          expect(await feature.locator("time").textContent()).toBe("January 1, 2026");
          await openAdminPage(page, server, "/admin/publications");
          await expect
            .poll(() =>
              page.getByRole("listitem").filter({ hasText: "New Year feature" }).getByText("Jan 1, 2026").isVisible(),
            )
            .toBe(true);
          await page.getByRole("link", { name: "Edit New Year feature" }).click();
          await expect.poll(() => page.getByLabel("Publication date").inputValue()).toBe("2026-01-01");
          await context.close();
        } finally {
          await own?.stop();
        }
      });
    }
  });
});
