import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults.ts";

import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { createGalleryItem } from "./support/gallery-fixtures.ts";
import { journeySite } from "./support/journey-site.ts";
import { stubYoutube } from "./support/youtube-stub.ts";

/** The third impact figure ("Children supported", 33 at launch) as its counter reads once settled. */
const childrenFigure = (page: Page) =>
  page
    .getByRole("main")
    .locator("li", { hasText: DEFAULT_SITE_CONTENT.home.impactFigures[2]?.label as string })
    .first()
    .textContent();

const saveDraft = (page: Page) => page.getByRole("button", { name: "Save draft" }).first().click();
const publish = (page: Page) => page.getByRole("button", { name: "Publish", exact: true }).first().click();
const toastSays = (page: Page, text: string) =>
  expect.poll(() => page.getByRole("status").filter({ hasText: text }).count()).toBeGreaterThan(0);

/** The preview opens in a new tab; islands there are drawn by the back office, not hydrated on their own. */
async function openPreview(context: BrowserContext, page: Page): Promise<Page> {
  const [preview] = await Promise.all([
    context.waitForEvent("page"),
    page
      .getByRole("link", { name: /^Preview/ })
      .first()
      .click(),
  ]);
  await preview.waitForLoadState();
  return preview;
}

describe.runIf(browserAvailable)("site content", () => {
  // Page cache on, as in production: publishing must purge it.
  const site = journeySite({ PAGE_CACHE_SECONDS: "60" });

  it("changes an impact figure and previews the whole Home page; the public page keeps the old figure", async () => {
    const api = await adminApi(site.server);
    await api.json("POST", "/api/videos", {
      title: "A morning in the sewing workshop",
      description: "Mothers learning a trade.",
      youtubeUrl: "https://www.youtube.com/watch?v=aaaaaaaaaa1",
      category: "Program Highlights",
    });
    await createGalleryItem(api, { title: "Reading corner opens", eventDate: "2026-02-03" }, ["#0b5563"]);
    const { page, context } = await newPage(site.browser, site.server, { context: { reducedMotion: "reduce" } });
    await stubYoutube(page);
    await page.goto("/");
    await expect.poll(() => childrenFigure(page)).toContain("33");

    await openAdminPage(page, site.server, "/admin");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Site content" }).click();
    await page.getByRole("link", { name: /^Home/ }).click();
    await page.getByRole("heading", { name: "Home", level: 1 }).waitFor();
    await page.locator("#site-impactFigures-2-value").fill("34");
    await saveDraft(page);
    await toastSays(page, "Draft saved");

    const preview = await openPreview(context, page);
    await preview.getByText("Preview of the saved drafts").waitFor();
    await expect.poll(() => childrenFigure(preview)).toContain("34");
    // The whole Home page, its published featured video and gallery preview included.
    await preview.getByText("A morning in the sewing workshop").first().waitFor({ timeout: 15_000 });
    await preview.getByText("Reading corner opens").first().waitFor({ timeout: 15_000 });
    await screenshot(preview, "site-content-preview-home");
    await preview.close();

    // Saved is not published: the public page (cached, too) still shows the old figure.
    await page.goto("/");
    await expect.poll(() => childrenFigure(page)).toContain("33");
    await context.close();
  });

  // Publishes the draft the test above saved (split in two so each stays well inside the timeout under load).
  it("publishes the changed figure, and the public sees it on Home and in the Impact page's description", async () => {
    const { page, context } = await newPage(site.browser, site.server, { context: { reducedMotion: "reduce" } });
    // The home page shows the video the first test added: its thumbnail is YouTube's.
    await stubYoutube(page);
    await openAdminPage(page, site.server, "/admin/site/home");
    await expect.poll(() => page.locator("#site-impactFigures-2-value").inputValue()).toBe("34");
    await publish(page);
    await toastSays(page, "Published");
    await page.goto("/");
    await expect.poll(() => childrenFigure(page)).toContain("34");
    // The Impact page's description is written from the published figures.
    expect(await (await fetch(`${site.server.baseUrl}/impact`)).text()).toContain(
      '<meta name="description" content="6+ prisons reached, 140+ products delivered monthly, 34+ children supported: see',
    );
    await context.close();
  });

  it("changes a board member's quote, previews it, publishes it, and the public sees it", async () => {
    const { page, context } = await newPage(site.browser, site.server, { context: { reducedMotion: "reduce" } });
    const quote = "Every child deserves a childhood, wherever their mother is.";
    const [, legalAdviser] = DEFAULT_SITE_CONTENT.about.board;
    await openAdminPage(page, site.server, "/admin/site/about");
    await page.locator("#site-board-1-thought").fill(quote);
    await saveDraft(page);
    await toastSays(page, "Draft saved");
    const aboutPreview = await openPreview(context, page);
    await aboutPreview.getByRole("tab", { name: legalAdviser?.name }).click();
    await aboutPreview.getByText(quote).waitFor();
    await aboutPreview.close();
    await publish(page);
    await toastSays(page, "Published");

    await page.goto("/about");
    await page.getByRole("tab", { name: legalAdviser?.name }).click();
    await expect.poll(() => page.getByText(quote).isVisible()).toBe(true);
    await context.close();
  });

  it("compares with an older version and restores it", async () => {
    const { page, context } = await newPage(site.browser, site.server, { context: { reducedMotion: "reduce" } });
    await stubYoutube(page);
    await openAdminPage(page, site.server, "/admin/site/home");
    await page.locator("#site-impactFigures-2-value").fill("35");
    await publish(page);
    await toastSays(page, "Published");

    const history = page.getByRole("region", { name: "History" });
    await history.getByRole("button", { name: "Compare version 1 with the form" }).click();
    const row = history.getByRole("row", { name: /Impact figure 3 › Value/ });
    await expect.poll(() => row.getByRole("cell").allTextContents()).toEqual(["34", "35"]);
    await screenshot(page, "site-content-history");

    await history.getByRole("button", { name: "Restore version 1" }).click();
    await toastSays(page, "Version 1 is back in the draft");
    await expect.poll(() => page.locator("#site-impactFigures-2-value").inputValue()).toBe("34");
    await page.goto("/");
    await expect.poll(() => childrenFigure(page)).toContain("35");

    await openAdminPage(page, site.server, "/admin/site/home");
    await publish(page);
    await toastSays(page, "Published");
    await page.goto("/");
    await expect.poll(() => childrenFigure(page)).toContain("34");
    await context.close();
  });

  it("refuses a second tab's stale save and keeps what it typed", async () => {
    const { page: first, context } = await newPage(site.browser, site.server);
    await openAdminPage(first, site.server, "/admin/site/contact");
    // The stale save is refused with 409.
    expectErrors(first, [/^409 PUT \/api\/site-content\/contact$/]);
    const second = await context.newPage();
    await second.goto("/admin/site/contact");
    await second.getByRole("heading", { name: "Contact and footer", level: 1 }).waitFor();

    await first.locator("#site-footerTagline").fill("Written in the first tab.");
    await saveDraft(first);
    await toastSays(first, "Draft saved");

    const typed = "Written in the second tab, which opened before the first one saved.";
    await second.locator("#site-footerTagline").fill(typed);
    await saveDraft(second);
    await expect
      .poll(() => second.getByRole("alert").textContent())
      .toContain(
        "Someone else saved this section after you opened it, so your changes were not saved. They are still in the form: copy what you need, then load the latest version, or replace theirs with yours.",
      );
    expect(await second.locator("#site-footerTagline").inputValue()).toBe(typed);
    await screenshot(second, "site-content-stale-save");

    await second.getByRole("button", { name: "Replace theirs with mine" }).click();
    await toastSays(second, "Your version is saved as the draft");
    const api = await adminApi(site.server);
    expect((await api.json("GET", "/api/site-content/contact")).draft.footerTagline).toBe(typed);
    await context.close();
  });

  it("moves list items with the keyboard, keeping focus on the moved item", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/site/contact");
    const [firstLine, secondLine] = DEFAULT_SITE_CONTENT.contact.addressLines;
    await page.getByRole("button", { name: "Move down: address line 1" }).focus();
    await page.keyboard.press("Enter");
    expect(await page.locator("#site-addressLines-0").inputValue()).toBe(secondLine);
    expect(await page.locator("#site-addressLines-1").inputValue()).toBe(firstLine);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("site-addressLines-1-down");
    await context.close();
  });

  it("gives the donation pop-up the published bank details and amounts", async () => {
    const api = await adminApi(site.server);
    const { draft, revision } = await api.json("GET", "/api/site-content/donating");
    const saved = await api.json("PUT", "/api/site-content/donating", {
      revision,
      content: { ...draft, accountNumber: "1000 2222 33333", presets: [20, 40, 80], defaultAmount: 40 },
    });
    await api.json("POST", "/api/site-content/donating/publish", { revision: saved.revision });

    const { page, context } = await newPage(site.browser, site.server);
    await page.goto("/contact");
    await page.getByRole("button", { name: "Donate Now" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Make a donation" });
    const amounts = dialog.getByRole("group", { name: "Choose an amount (USD)" }).getByRole("button");
    await expect.poll(() => amounts.allTextContents()).toEqual(["$20", "$40", "$80"]);
    expect(await amounts.nth(1).getAttribute("aria-pressed")).toBe("true");
    await dialog.getByRole("tab", { name: "Local" }).click();
    await dialog.getByText("1000 2222 33333").waitFor();
    await context.close();
  });

  // docs/decisions/0891-organisation-logo-on-receipts.md: a logo shows no one, so no consent question.
  it.each(Object.entries(VIEWPORTS))(
    "uploads the receipts' logo in Contact with no consent question (%s)",
    async (name, viewport) => {
      const { page, context } = await newPage(site.browser, site.server, { viewport });
      await openAdminPage(page, site.server, "/admin/site/contact");
      const logo = await sharp({ create: { width: 320, height: 160, channels: 3, background: "#b4430e" } })
        .png()
        .toBuffer();
      await page.getByLabel("Logo on receipts and year statements").setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: logo,
      });
      await page.getByRole("button", { name: "Remove logo" }).waitFor();
      expect(await page.locator("#site-logo-consent").count()).toBe(0);
      await saveDraft(page);
      await toastSays(page, "Draft saved");
      const api = await adminApi(site.server);
      const { draft } = await api.json("GET", "/api/site-content/contact");
      expect(draft.logo).toMatchObject({ width: 320, height: 160, alt: "Hope Behind Bars logo" });
      expect(
        (await api.json("GET", `/api/admin/consent?imageUrl=${encodeURIComponent(draft.logo.url)}`)).consent,
      ).toMatchObject({
        basis: "no-identifiable-people",
      });
      await page.locator("#site-logo").scrollIntoViewIfNeeded();
      await screenshot(page, `site-content-logo-${name}`);
      await context.close();
    },
  );

  it.each(Object.entries(VIEWPORTS))("has no axe findings on the new screens (%s)", async (name, viewport) => {
    const { page, context } = await newPage(site.browser, site.server, { viewport });
    await openAdminPage(page, site.server, "/admin/site");
    await page.getByRole("heading", { name: "Site content", level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `site-content-list-${name}`);
    for (const section of ["home", "about", "donating", "contact"]) {
      await page.goto(`/admin/site/${section}`);
      await page.getByRole("button", { name: "Save draft" }).first().waitFor();
      expect(await axeViolations(page), section).toEqual([]);
      await screenshot(page, `site-content-${section}-${name}`);
    }
    await context.close();
  });
});
