import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { blogFields, createPost } from "./support/blog-fixtures.ts";
import { browserAvailable, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

const AM_TITLE = "የሴቶች ትምህርት በማረሚያ ቤት";
const AM_EXCERPT = "እናቶች ማንበብና መጻፍ ተማሩ።";
const AM_WORDS = "እናቶች በየቀኑ ይማራሉ።";

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

describe.runIf(browserAvailable)("Amharic versions of content", () => {
  const site = journeySite();

  it("staff add the Amharic version of a post; the /am/ page shows it, and an untranslated post in English marked lang=en", async () => {
    const api = await adminApi(site.server);
    const translated = await createPost(api, blogFields("Women learn to read"));
    const untranslated = await createPost(api, blogFields("Untranslated story"));

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page } = await newPage(site.browser, site.server, { viewport });
      await openAdminPage(page, site.server, `/admin/blogs/edit/${translated._id}`);
      const section = page.getByRole("region", { name: "Amharic version" });
      await section.getByRole("button", { name: "Edit the Amharic version" }).click();
      await section.getByLabel("Title (Amharic)").waitFor();
      // The English it translates is shown beside each field.
      expect(await section.getByText("English: Women learn to read", { exact: true }).isVisible()).toBe(true);
      if (name === "mobile") {
        await screenshot(page, `translation-form-375`);
        continue;
      }
      await section.getByLabel("Title (Amharic)").fill(AM_TITLE);
      await section.getByLabel("Excerpt (Amharic)").fill(AM_EXCERPT);
      await section.getByRole("textbox", { name: "Content (Amharic)" }).click();
      await page.keyboard.type(AM_WORDS);
      await section.getByRole("button", { name: "Save Amharic version" }).click();
      await expect.poll(() => toast(page, "Amharic version saved.").isVisible()).toBe(true);
      expect(await section.getByText("Amharic: complete").isVisible()).toBe(true);
      await screenshot(page, `translation-form-1280`);

      // Ethiopic text comes back exactly as typed.
      await page.reload();
      await section.getByRole("button", { name: "Edit the Amharic version" }).click();
      await expect.poll(() => section.getByLabel("Title (Amharic)").inputValue()).toBe(AM_TITLE);
      expect(await section.getByRole("textbox", { name: "Content (Amharic)" }).textContent()).toBe(AM_WORDS);

      // The list marks the other post and filters by it.
      await page.goto("/admin/blogs");
      const rows = page.getByRole("listitem");
      const done = rows.filter({ hasText: "Women learn to read" });
      const missing = rows.filter({ hasText: "Untranslated story" });
      await expect.poll(() => done.getByText("Amharic: complete").isVisible()).toBe(true);
      expect(await missing.getByText("No Amharic yet").isVisible()).toBe(true);
      await page.getByLabel("Amharic version").selectOption("missing");
      // The rows change when the filtered page arrives (the list filters on the server).
      await expect.poll(async () => [await done.count(), await missing.count()]).toEqual([0, 1]);
      await screenshot(page, "translation-list-1280");
    }

    // The Amharic page shows the Amharic version; the English page is unchanged.
    const { page } = await newPage(site.browser, site.server);
    await page.goto(`/am/blog/${translated._id}`);
    const heading = page.getByRole("heading", { level: 1 });
    expect(await heading.textContent()).toBe(AM_TITLE);
    expect(await heading.getAttribute("lang")).toBeNull();
    expect(await page.locator("html").getAttribute("lang")).toBe("am");
    expect(await page.getByText(AM_WORDS).isVisible()).toBe(true);
    await page.goto(`/blog/${translated._id}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Women learn to read");

    // The untranslated post shows its English, marked as English.
    await page.goto(`/am/blog/${untranslated._id}`);
    const english = page.getByRole("heading", { level: 1 });
    expect(await english.textContent()).toBe("Untranslated story");
    expect(await english.getAttribute("lang")).toBe("en");
    expect(await page.locator('[lang="en"]', { hasText: "Formatted story text for the blog." }).count()).toBe(1);

    // The Amharic list: one post in Amharic, the other in English marked lang="en".
    await page.goto("/am/blog");
    expect(await page.getByRole("heading", { level: 2, name: AM_TITLE }).getAttribute("lang")).toBeNull();
    expect(await page.getByRole("heading", { level: 2, name: "Untranslated story" }).getAttribute("lang")).toBe("en");
    expect(await page.getByText(AM_EXCERPT).isVisible()).toBe(true);
    await screenshot(page, "translation-am-blog-1280");
  });

  it("staff publish the Amharic of a site-content section; the /am/ home page shows it, the rest in English marked", async () => {
    const heading = "ለእናቶችና ለልጆቻቸው ተስፋ";
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page } = await newPage(site.browser, site.server, { viewport });
      await openAdminPage(page, site.server, "/admin/site/home");
      const section = page.getByRole("region", { name: "Amharic version" });
      await section.getByRole("button", { name: "Edit the Amharic version" }).click();
      await section.getByLabel("Introduction heading (Amharic)").waitFor();
      if (name === "mobile") {
        await screenshot(page, "site-content-translation-375");
        continue;
      }
      await section.getByLabel("Introduction heading (Amharic)").fill(heading);
      await section.getByRole("button", { name: "Publish Amharic version" }).click();
      await expect.poll(() => toast(page, "Amharic version published.").isVisible()).toBe(true);
      await screenshot(page, "site-content-translation-1280");
    }

    const { page } = await newPage(site.browser, site.server);
    await page.goto("/am");
    const h1 = page.getByRole("heading", { level: 1 });
    expect(await h1.textContent()).toBe(heading);
    expect(await h1.getAttribute("lang")).toBeNull();
    // The footer's tagline has no Amharic yet: English, marked.
    const footer = page.getByRole("contentinfo");
    expect(await footer.locator('p[lang="en"]').count()).toBe(1);
    // The hero slides and questions have no Amharic yet: English, marked.
    expect(await page.locator('[data-slide-text] h2[lang="en"]').count()).toBeGreaterThan(0);
    await page.goto("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).not.toBe(heading);
    // Who We Are and Contact have no Amharic yet: their texts are English, marked; the English pages carry no marks.
    for (const path of ["/about", "/contact"]) {
      await page.goto(`/am${path}`);
      expect(await page.locator('main [lang="en"]').count(), path).toBeGreaterThan(2);
      await page.goto(path);
      expect(await page.locator('main [lang="en"]').count(), path).toBe(0);
    }
  });
});
