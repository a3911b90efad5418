import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AM_ERRORS, am } from "../../app/i18n/am.ts";
import { en } from "../../app/i18n/en.ts";
import { CONTACT_MESSAGES } from "../../core/messages/messages.schema.ts";
import { SITE_SECTIONS } from "../../core/site-content/site-content.schema.ts";
import type { SiteTranslationEditorState } from "../../core/site-content/site-content.translations.ts";
import { EMAIL_REQUIRED_MESSAGE } from "../../core/subscribers/subscribers.schema.ts";
import {
  TRANSLATABLE_FIELDS,
  TRANSLATABLE_KINDS,
  type TranslatableKind,
} from "../../core/translations/translations.schema.ts";
import { VOLUNTEER_MESSAGES } from "../../core/volunteers/volunteers.schema.ts";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, expectErrors, newPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import type { RunningServer } from "./support/server.ts";
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
  ["/privacy", 200],
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

/**
 * Latin-script words that may stand unmarked on an Amharic page, because Amharic writing itself
 * keeps them in Latin letters (the Amharic catalogue has them so): e-mail and web addresses; the
 * codes of the currencies amounts keep (amounts stay in their currency; core/money writes
 * "ETB 500") and of banks (SWIFT); and proper names: the brand (it "stays as it is", app/i18n/am.ts),
 * the payment provider, card schemes, networks and RSS. Everything else in Latin letters is English
 * and must be inside an element whose language is "en": untranslated content (`fieldLang`,
 * `sitePathLang`), content never translated (people's names, bank details: `useI18n().untranslated`),
 * the logo, the switcher's "English".
 */
const LATIN_ALLOWED = [
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/,
  /\bhttps?:\/\/\S+/,
  /\b(?:USD|ETB|SWIFT|Hope Behind Bars|Stripe|Visa|Mastercard|LinkedIn|Twitter \/ X|RSS)\b/,
];

/**
 * English on an Amharic page that is not marked as English: every run of Latin-letter words in the
 * page's text (hidden panels, screen-reader-only text and the lightbox included) and in the texts a
 * screen reader reads from attributes, whose nearest `lang` is not "en". Catalogue messages and
 * content alike: an interface text left in English, a content text drawn without `fieldLang` /
 * `sitePathLang`, and an English title put inside an Amharic label all show up here; so do Amharic
 * words inside an element marked English.
 */
async function unmarkedEnglish(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ allowed }) => {
      const latin = /\p{Script=Latin}+(?:[\s'’.,&:/-]+\p{Script=Latin}+)*/gu;
      const runs = (text: string) => {
        let rest = text;
        for (const source of allowed) rest = rest.replace(new RegExp(source, "g"), " ");
        return rest.match(latin) ?? [];
      };
      const inEnglish = (element: Element) => /^en\b/.test(element.closest("[lang]")?.getAttribute("lang") ?? "");
      const where = (element: Element) => `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}>`;
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest("script, style, noscript, template")) continue;
        const text = node.textContent ?? "";
        // The other way round too: Amharic words inside an element marked English (a mark put too high).
        if (inEnglish(parent)) {
          if (/\p{Script=Ethiopic}/u.test(text)) found.push(`${where(parent)} lang="en": ${text.trim()}`);
          continue;
        }
        for (const run of runs(text)) found.push(`${where(parent)} ${run}`);
      }
      const names = ["alt", "aria-label", "title", "placeholder", "aria-valuetext", "aria-roledescription"];
      for (const element of document.body.querySelectorAll(names.map((name) => `[${name}]`).join(", "))) {
        for (const name of names) {
          const value = element.getAttribute(name) ?? "";
          if (!inEnglish(element)) for (const run of runs(value)) found.push(`${where(element)} ${name}="${run}"`);
          else if (/\p{Script=Ethiopic}/u.test(value)) found.push(`${where(element)} lang="en" ${name}="${value}"`);
        }
      }
      return found;
    },
    { allowed: LATIN_ALLOWED.map((pattern) => pattern.source) },
  );
}

/** The arranged translations' Amharic ("Amharic translation n", shorter than every field's limit). */
const AMHARIC_WORDS = "የአማርኛ ትርጉም";
const amharicText = (n: number) => `${AMHARIC_WORDS} ${n}`;

/**
 * Amharic for about half of the demo content, through the staff API, so Amharic pages show both
 * languages side by side: every other text of each site-content section (published), and of each
 * kind's published items, one in three translated in full, one in three its first field only, one in
 * three not at all. Paths and fields are read from the API, never spelt here.
 */
async function translateHalf(server: RunningServer) {
  const api = await adminApi(server);
  for (const section of SITE_SECTIONS) {
    const url = `/api/site-content/${section}/translations/am`;
    const state = await api.json<SiteTranslationEditorState>("GET", url);
    const fields = Object.fromEntries(
      state.fields
        .filter((_, index) => index % 2 === 0)
        .map((field, index) => [field.path, field.rich ? `<p>${amharicText(index)}</p>` : amharicText(index)]),
    );
    if (Object.keys(fields).length === 0) continue;
    const saved = await api.json<SiteTranslationEditorState>("PUT", url, { revision: state.revision, fields });
    await api.json("POST", `${url}/publish`, { revision: saved.revision });
  }
  const lists: Record<TranslatableKind, string> = {
    blog: "/api/blogs",
    publication: "/api/publications",
    "gallery-item": "/api/gallery",
    video: "/api/videos",
  };
  const translated: Partial<Record<TranslatableKind, { full: string[]; none: string[] }>> = {};
  for (const kind of TRANSLATABLE_KINDS) {
    const answer = await (await fetch(server.baseUrl + lists[kind])).json();
    const items: Array<{ _id: string }> = Array.isArray(answer) ? answer : (answer.images ?? answer.videos ?? []);
    const done = { full: [] as string[], none: [] as string[] };
    for (const [index, item] of items.entries()) {
      const names = TRANSLATABLE_FIELDS[kind].slice(0, [Infinity, 1, 0][index % 3]);
      if (names.length === 0) {
        done.none.push(item._id);
        continue;
      }
      if (index % 3 === 0) done.full.push(item._id);
      const fields = Object.fromEntries(
        names.map((field) => [
          field.name,
          field.input === "rich" ? `<p>${amharicText(index)}</p>` : amharicText(index),
        ]),
      );
      await api.json("PUT", `/api/admin/translations/${kind}/${item._id}/am`, { fields });
    }
    translated[kind] = done;
  }
  return translated;
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

  // About half the demo content in Amharic, arranged once for the tests that look at it: every page
  // shows translated and untranslated texts.
  let arranged: ReturnType<typeof translateHalf> | undefined;
  const halfTranslated = () => {
    arranged ??= translateHalf(site.server);
    return arranged;
  };

  it('shows no English on Amharic pages but untranslated content marked lang="en"', async () => {
    const translated = await halfTranslated();
    const posts = translated.blog ?? { full: [], none: [] };
    expect([posts.full.length > 0, posts.none.length > 0]).toEqual([true, true]);
    const { page } = await newPage(site.browser, site.server);
    await stubYoutube(page);
    expectErrors(page, [/^404 GET \/am\/no-such-page$/]);
    const paths = [
      ...PUBLIC_PAGES.map(([path]) => amharicPath(path)),
      `/am/blog/${posts.full[0]}`,
      `/am/blog/${posts.none[0]}`,
    ];
    for (const path of paths) {
      await page.goto(path);
      expect(await unmarkedEnglish(page), path).toEqual([]);
    }
    // The pages do show both: the arranged Amharic, and English marked as such.
    for (const path of ["/am", "/am/impact", "/am/about", "/am/contact"]) {
      await page.goto(path);
      expect(await page.locator("main").getByText(amharicText(0).replace(/ \d+$/, "")).count(), path).toBeGreaterThan(
        0,
      );
      expect(await page.locator('main [lang="en"]').count(), path).toBeGreaterThan(2);
    }
  });

  it("shows no unmarked English in the lightboxes and the donation pop-up opened from Amharic pages", async () => {
    const translated = await halfTranslated();
    const { page } = await newPage(site.browser, site.server);
    await stubYoutube(page);
    // The lightbox of a translated and of an untranslated gallery item, from the home page's and
    // Our Impact's previews and from the gallery page.
    const gallery = translated["gallery-item"] ?? { full: [], none: [] };
    expect([gallery.full.length > 0, gallery.none.length > 0]).toEqual([true, true]);
    for (const path of ["/am", "/am/impact", "/am/impact/gallery"]) {
      await page.goto(path);
      const cards = page.locator("[data-island^='gallery-'] article > button");
      expect(await cards.count(), path).toBeGreaterThan(2);
      for (const index of [0, 2]) {
        await cards.nth(index).click();
        await page.getByRole("dialog").waitFor();
        expect(await unmarkedEnglish(page), `${path} lightbox ${index}`).toEqual([]);
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "detached" });
      }
    }
    // The donation pop-up and its Local tab, opened from an Amharic page.
    await page.goto("/am");
    await page.getByRole("button", { name: am["header.donateNow"] }).first().click();
    const dialog = page.getByRole("dialog", { name: am["donation.title"] });
    await dialog.waitFor();
    expect(await unmarkedEnglish(page)).toEqual([]);
    await dialog.getByRole("tab", { name: new RegExp(am["donation.tabLocal"] as string) }).click();
    expect(await unmarkedEnglish(page)).toEqual([]);
    // From two need cards (one with its title in Amharic, one in English: the texts alternate), the
    // pop-up names the card the gift goes to.
    for (const index of [0, 1]) {
      await page.goto("/am");
      await page.locator("a[data-fund]").nth(index).click();
      await dialog.waitFor();
      expect(await unmarkedEnglish(page), `need card ${index}`).toEqual([]);
    }
  });

  it("lays half-translated Amharic pages out at 375 and 1280 px", async () => {
    await halfTranslated();
    // Half translated, half marked English: to look at (fonts, line heights of both scripts side by side).
    for (const viewport of Object.values(VIEWPORTS)) {
      const { page: shot } = await newPage(site.browser, site.server, {
        viewport,
        context: { reducedMotion: "reduce" },
      });
      await stubYoutube(shot);
      for (const path of ["/am", "/am/impact", "/am/about"]) {
        await shot.goto(path);
        await screenshot(shot, `amharic-mixed${path.replace(/\W+/g, "-")}-${viewport.width}`);
      }
    }
  });

  it("has no axe findings on half-translated Amharic pages", async () => {
    await halfTranslated();
    const { page: axePage } = await newPage(site.browser, site.server);
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
      // Sent, it asks for the confirmation e-mail in Amharic (the body stays the spec's).
      await footer.getByRole("textbox").fill(`reader-${name}@example.org`);
      const [subscribed] = await Promise.all([
        page.waitForRequest((request) => request.url().includes("/api/subscribe")),
        footer.getByRole("button", { name: am["newsletter.subscribe"] }).click(),
      ]);
      expect(new URL(subscribed.url()).search).toBe("?lang=am");
      expect(subscribed.postDataJSON()).toMatchObject({ email: `reader-${name}@example.org` });
      await footer
        .getByText(am["toast.subscribed"] as string, { exact: true })
        .first()
        .waitFor();
      if (name === "mobile") await screenshot(page, `amharic-join-team-errors-${viewport.width}`);
    }
    const answer = await fetch(`${site.server.baseUrl}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "", email: "x", message: "" }),
    });
    expect(((await answer.json()) as { fields: Record<string, string> }).fields.name).toBe("Your name is required");
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
    // Scrolled to its foot, /impact shows the latest videos' thumbnails, which are YouTube's.
    await stubYoutube(page);
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
