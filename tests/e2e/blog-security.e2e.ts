import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { XSS_PAYLOADS } from "../support/xss-payloads.ts";
import { adminApi } from "./support/admin-api.ts";
import { blogFields, createPost, startPost } from "./support/blog-fixtures.ts";
import { browserAvailable, expectErrors, newPage } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

/** Tabs checking the stored payloads side by side. */
const TABS = 3;

const FORMATTING =
  '<h2>Kept heading</h2><p><strong>Kept bold</strong> <a href="https://example.org/ok">kept link</a></p>';

/**
 * Records every call to alert/confirm/prompt/print in every frame, and any script that touches
 * window.__xss directly, before the page's own scripts run.
 */
async function hookScripts(context: BrowserContext) {
  await context.addInitScript(() => {
    const target = window.top ?? window;
    const record = (name: string) => () => {
      // biome-ignore lint/suspicious/noAssignInExpressions: collects calls across frames
      ((target as unknown as { __xss: string[] }).__xss ??= []).push(name);
    };
    (window as unknown as { __xss: string[] }).__xss ??= [];
    for (const name of ["alert", "confirm", "prompt", "print"] as const) {
      Object.defineProperty(window, name, { value: record(name), configurable: false, writable: false });
    }
  });
}

describe.runIf(browserAvailable)("blog content safety", () => {
  const site = journeySite();

  it("the page hook sees a script run (control: proves the check below can fail)", async () => {
    // CSP is bypassed so the only defence left is the sanitiser; here we inject unsanitised HTML ourselves.
    const { page, context } = await newPage(site.browser, site.server, { context: { bypassCSP: true } });
    expectErrors(page, [/^404 GET \/x$/]); // the planted <img src=x>
    await hookScripts(context);
    await page.goto("/blog");
    await page.evaluate(() => {
      document.body.insertAdjacentHTML("beforeend", "<img src=x onerror=alert(1)>");
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __xss: string[] }).__xss)).toEqual(["alert"]);
    await context.close();
  });

  it(`runs none of ${XSS_PAYLOADS.length} XSS payloads stored through the API, even without CSP, and keeps the formatting`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const api = await adminApi(site.server);
    const posts: Array<{ id: string; payload: string }> = [];
    const refused: string[] = [];
    // The payloads are in the text: the pictures' ladders need not be finished (startPost), and the
    // posts are made side by side.
    await Promise.all(
      XSS_PAYLOADS.map(async (payload, index) => {
        const fields = blogFields(`Payload ${index}`, `${FORMATTING}${payload}<p>end of post</p>`);
        if (payload.includes("\u0000")) {
          // No text field may hold U+0000 (PostgreSQL cannot store it): refused at the door, never stored.
          await expect(startPost(api, fields, 64), payload).rejects.toThrow(
            'POST /api/blogs: 400 {"message":"The request contains a character that is not allowed (U+0000)."',
          );
          refused.push(fields.title);
          return;
        }
        const post = await startPost(api, fields, 64);
        posts.push({ id: post._id, payload });
      }),
    );
    expect(refused).toHaveLength(1);
    const stored = (await api.json<Array<{ title: string }>>("GET", "/api/blogs")).map((post) => post.title);
    for (const title of refused) expect(stored).not.toContain(title);

    // CSP is bypassed (as the test's name says) so the sanitiser alone must stop every payload.
    const tabs = await Promise.all(
      Array.from({ length: TABS }, async () => {
        const tab = await newPage(site.browser, site.server, { context: { bypassCSP: true } });
        await hookScripts(tab.context);
        return tab;
      }),
    );
    // Each tab visits every TABS-th post: one page per post, a few at a time.
    await Promise.all(
      tabs.map(async ({ page }, tab) => {
        for (const { id, payload } of posts.filter((_, index) => index % TABS === tab)) {
          await page.goto(`/blog/${id}`);
          await page.waitForLoadState("load");
          const article = page.locator("article");
          // Give handlers every chance: hover, focus and toggle whatever is there.
          await article.evaluate((root) => {
            for (const el of root.querySelectorAll("*")) {
              for (const type of ["mouseover", "mouseenter", "pointerenter", "focus", "toggle", "animationstart"]) {
                el.dispatchEvent(new Event(type));
              }
            }
          });
          const calls = await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss);
          expect(calls, payload).toEqual([]);
          expect(
            await article.locator("script, iframe, object, embed, svg, math, style, form, input").count(),
            payload,
          ).toBe(0);
          const handlers = await article.evaluate((root) =>
            [...root.querySelectorAll("*")].flatMap((el) =>
              el.getAttributeNames().filter((name) => name.startsWith("on")),
            ),
          );
          expect(handlers, payload).toEqual([]);
          const hrefs = await article.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
          for (const href of hrefs) expect(href ?? "", payload).toMatch(/^(https?:|mailto:|#|\/(?!\/))|^$/);
          expect(await article.locator("h2", { hasText: "Kept heading" }).count(), payload).toBe(1);
          expect(await article.locator("strong", { hasText: "Kept bold" }).count(), payload).toBe(1);
          expect(await article.getByRole("link", { name: "kept link" }).getAttribute("rel"), payload).toBe(
            "noopener noreferrer nofollow",
          );
        }
      }),
    );
    for (const { page, context } of tabs) {
      expect(await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss)).toEqual([]);
      await context.close();
    }
  }, 300_000);

  it("ships no editor code on public blog pages and adds only a few KB to the shell's JavaScript", async () => {
    const api = await adminApi(site.server);
    const post = await createPost(api, blogFields("Bundle check"));
    const root = path.resolve(import.meta.dirname, "../..");
    const gzipOf = (script: string) =>
      gzipSync(readFileSync(path.join(root, "build/client", script)), { level: 9 }).length;
    async function scriptsOf(pathname: string) {
      const { page, context } = await newPage(site.browser, site.server);
      const scripts = new Set<string>();
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
      });
      await page.goto(pathname);
      await page.waitForLoadState("networkidle");
      await context.close();
      return scripts;
    }
    const shell = await scriptsOf("/");
    const total = (scripts: Set<string>) => [...scripts].reduce((sum, script) => sum + gzipOf(script), 0);
    console.info(`/ (shell baseline): ${(total(shell) / 1024).toFixed(1)} KB gzip`);
    for (const pathname of ["/blog", `/blog/${post._id}`, "/publications"]) {
      const scripts = await scriptsOf(pathname);
      const own = [...scripts].filter((script) => !shell.has(script));
      for (const script of scripts) {
        const source = readFileSync(path.join(root, "build/client", script), "utf8");
        expect(source, `${pathname} loads ${script}`).not.toMatch(/tiptap|prosemirror|sanitize-html/i);
        // The blog's schemas (full zod) stay on the server and in admin code.
        if (own.includes(script)) expect(source, `${pathname} loads ${script}`).not.toMatch(/\$ZodError/);
      }
      const ownBytes = own.reduce((sum, script) => sum + gzipOf(script), 0);
      console.info(
        `${pathname}: ${(total(scripts) / 1024).toFixed(1)} KB gzip in all, ${(ownBytes / 1024).toFixed(1)} KB of it its own (${own.join(" ")})`,
      );
      expect(ownBytes, pathname).toBeLessThanOrEqual(5 * 1024);
    }
  });
});
