import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AM_ERRORS, am } from "../../app/i18n/am.ts";
import { en } from "../../app/i18n/en.ts";
import { CONTACT_MESSAGES } from "../../core/messages/messages.schema.ts";
import { DEFAULT_SITE_CONTENT } from "../../core/site-content/site-content.defaults.ts";
import { EMAIL_REQUIRED_MESSAGE } from "../../core/subscribers/subscribers.schema.ts";
import { VOLUNTEER_MESSAGES } from "../../core/volunteers/volunteers.schema.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, expectErrors, newPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import { stubYoutube } from "./support/youtube-stub.ts";

/** Every public page (spec §2) by its English path, with the status it answers. */
const PUBLIC_PAGES: Array<[path: string, status: number]> = [
  ["/", 200],
  ["/about", 200],
  ["/impact", 200],
  ["/impact/videos", 200],
  ["/impact/gallery", 200],
  ["/blog", 200],
  ["/publications", 200],
  ["/join-team", 200],
  ["/contact", 200],
  ["/donate", 200],
  ["/giving", 200],
  ["/newsletter", 200],
  ["/newsletter/confirm", 200],
  ["/newsletter/unsubscribe", 200],
  ["/no-such-page", 404],
];

const amharicPath = (path: string) => (path === "/" ? "/am" : `/am${path}`);

/** The page's language, canonical URL and hreflang alternates, as the server sent them. */
async function head(url: string) {
  const response = await fetch(url, { headers: { accept: "text/html" } });
  const html = await response.text();
  const links = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map(
    ([, lang, href]) => [lang, new URL(href as string).pathname],
  );
  return {
    status: response.status,
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    alternates: Object.fromEntries(links),
    fontPreloads: [...html.matchAll(/<link rel="preload" as="font"/g)].length,
  };
}

/** Every text of the site content (staff's words, translated by the content half of issue 15). */
const siteContentTexts = new Set<string>();
(function collect(value: unknown) {
  if (typeof value === "string") siteContentTexts.add(value.trim());
  else if (value && typeof value === "object") for (const item of Object.values(value)) collect(item);
})(DEFAULT_SITE_CONTENT);

/**
 * Interface texts in English on a page: text nodes and labels (aria-label, placeholder, title, alt)
 * that are exactly an English catalogue message, outside anything marked lang="en" (untranslated
 * content, the brand). Content (site content, posts) is not interface text: a message that is also
 * a site-content text ("Our Mission" is both a heading here and a card's title there) is not looked for.
 */
async function englishInterfaceTexts(page: Page): Promise<string[]> {
  const english = [
    ...new Set(
      Object.entries(en)
        .filter(([key]) => am[key as keyof typeof en] !== en[key as keyof typeof en])
        .map(([, text]) => text),
    ),
  ].filter((text) => !siteContentTexts.has(text));
  return page.evaluate((messages) => {
    const wanted = new Set(messages.map((text) => text.trim()));
    const found: string[] = [];
    const inEnglish = (element: Element | null) => element?.closest("[lang]:not(html)")?.getAttribute("lang") === "en";
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, [hidden]") || inEnglish(parent)) continue;
      if (wanted.has(text)) found.push(text);
    }
    for (const element of document.body.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
      if (inEnglish(element)) continue;
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = element.getAttribute(name)?.trim();
        if (value && wanted.has(value)) found.push(`${name}="${value}"`);
      }
    }
    return found;
  }, english);
}

describe.runIf(browserAvailable)("English and Amharic public pages (decision 0410)", () => {
  // Demo content, so every page has something to show.
  const site = journeySite({ SEED_DEMO: "true" });

  it("answers every public page in both languages, with lang, canonical and hreflang pairs", async () => {
    const { baseUrl } = site.server;
    for (const [path, status] of PUBLIC_PAGES) {
      const english = await head(baseUrl + path);
      const amharic = await head(baseUrl + amharicPath(path));
      expect([path, english.status, english.lang], path).toEqual([path, status, "en"]);
      expect([path, amharic.status, amharic.lang], path).toEqual([path, status, "am"]);
      const pair = { en: path, am: amharicPath(path), "x-default": path };
      expect(english.alternates, path).toEqual(pair);
      expect(amharic.alternates, path).toEqual(pair);
      if (english.canonical) expect(new URL(english.canonical).pathname).toBe(path);
      if (amharic.canonical) expect(new URL(amharic.canonical).pathname).toBe(amharicPath(path));
      // The Ethiopic font is preloaded on Amharic pages only.
      expect([english.fontPreloads, amharic.fontPreloads > 0], path).toEqual([0, true]);
    }
    // The sitemap lists both languages of a page, each with the other as its alternate.
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseUrl}/am/about</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="am" href="${baseUrl}/am/about"/>`);
  });

  it("shows no English interface text on Amharic pages, and no axe findings", async () => {
    const { page } = await newPage(site.browser, site.server);
    await stubYoutube(page);
    expectErrors(page, [/^404 GET \/am\/no-such-page$/]);
    for (const [path] of PUBLIC_PAGES) {
      await page.goto(amharicPath(path));
      expect(await englishInterfaceTexts(page), amharicPath(path)).toEqual([]);
    }
    // The donation pop-up and its Local tab, opened from an Amharic page.
    await page.goto("/am");
    await page.getByRole("button", { name: am["header.donateNow"] }).first().click();
    const dialog = page.getByRole("dialog", { name: am["donation.title"] });
    await dialog.waitFor();
    expect(await englishInterfaceTexts(page)).toEqual([]);
    await dialog.getByRole("tab", { name: new RegExp(am["donation.tabLocal"] as string) }).click();
    expect(await englishInterfaceTexts(page)).toEqual([]);

    const { page: axePage } = await newPage(site.browser, site.server, { context: { bypassCSP: true } });
    await stubYoutube(axePage);
    for (const path of [
      "/am",
      "/am/about",
      "/am/contact",
      "/am/join-team",
      "/am/impact/gallery",
      "/am/blog",
      "/am/donate",
    ]) {
      await axePage.goto(path);
      expect(await axeViolations(axePage), path).toEqual([]);
    }
  });

  it("shows the spec's validation messages in Amharic in the browser, and the API's stay English", async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page } = await newPage(site.browser, site.server, { viewport });
      await page.goto("/am/contact");
      await page.getByRole("button", { name: am["contact.send"] }).click();
      for (const message of Object.values(CONTACT_MESSAGES)) {
        await page.getByText(AM_ERRORS[message] as string, { exact: true }).waitFor();
      }
      await screenshot(page, `amharic-contact-errors-${viewport.width}`);

      await page.goto("/am/join-team");
      await page.getByRole("button", { name: am["volunteer.submit"] }).click();
      await page.getByText(AM_ERRORS[VOLUNTEER_MESSAGES.fullName] as string, { exact: true }).waitFor();
      await page.getByText(AM_ERRORS[VOLUNTEER_MESSAGES.availability] as string, { exact: true }).waitFor();
      // The footer's newsletter form.
      const footer = page.locator("footer");
      await footer.getByRole("button", { name: am["newsletter.subscribe"] }).click();
      await footer.getByText(AM_ERRORS[EMAIL_REQUIRED_MESSAGE] as string, { exact: true }).waitFor();
      if (name === "mobile") await screenshot(page, `amharic-join-team-errors-${viewport.width}`);
    }
    const answer = await fetch(`${site.server.baseUrl}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "", email: "x", message: "" }),
    });
    expect(((await answer.json()) as { fields: Record<string, string> }).fields.name).toBe(CONTACT_MESSAGES.name);
  });

  it("switches language on the same page from the header and the footer, and remembers the choice", async () => {
    for (const viewport of Object.values(VIEWPORTS)) {
      const { page, context } = await newPage(site.browser, site.server, { viewport });
      await page.goto("/about");
      // Below 640 px the header's menu holds the link.
      if (viewport.width < 640) await page.getByRole("button", { name: en["header.openMenu"] }).click();
      await page.locator("header").getByRole("link", { name: "አማርኛ" }).click();
      await page.waitForURL("**/am/about");
      expect(await page.locator("html").getAttribute("lang")).toBe("am");
      expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("am");
      await screenshot(page, `amharic-about-${viewport.width}`);
      await page.locator("footer").getByRole("link", { name: "English" }).click();
      await page.waitForURL((url) => url.pathname === "/about");
      expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
    }
  });

  it("only suggests the browser's language on a first visit: never a redirect", async () => {
    const { page, context } = await newPage(site.browser, site.server, {
      // Reduced motion: focus scrolls at once (the site scrolls smoothly otherwise).
      context: { locale: "am-ET", reducedMotion: "reduce" },
    });
    const response = await page.goto("/impact");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/impact");
    const suggestion = page.locator("[data-language-suggestion]");
    expect(await suggestion.getByRole("link").getAttribute("href")).toBe("/am/impact");
    expect(await suggestion.getByRole("link").textContent()).toBe(am["language.suggest"]);
    // Fixed at the bottom, it never covers what has the keyboard focus (WCAG 2.4.11): the page's last
    // control, focused at a phone's width, is scrolled clear above it.
    await page.setViewportSize({ width: 375, height: 700 });
    await page.locator("footer a").last().focus();
    const [focusedBottom, barTop] = await page.evaluate(() => [
      (document.activeElement as Element).getBoundingClientRect().bottom,
      (document.querySelector("[data-language-suggestion]") as Element).getBoundingClientRect().top,
    ]);
    expect(focusedBottom).toBeLessThanOrEqual(barTop);
    await suggestion.getByRole("button", { name: am["language.dismiss"] }).click();
    await expect.poll(() => suggestion.count()).toBe(0);
    expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
    // Chosen: no more suggestions, the page still English.
    await page.goto("/impact");
    expect(await page.locator("[data-language-suggestion]").count()).toBe(0);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
  });

  it("writes dates in Amharic with the Ethiopian calendar beside them", async () => {
    const { page } = await newPage(site.browser, site.server);
    await page.goto("/am/blog");
    const date = (await page.locator("article time").first().textContent()) ?? "";
    expect(date).toMatch(/^\d{1,2} \S+ \d{4} \(\S+ \d{1,2} ቀን \d{4} ዓ\.ም\.\)$/);
    await page.goto("/blog");
    expect(await page.locator("article time").first().textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });
});
