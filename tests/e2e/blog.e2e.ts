import { writeFileSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { jpegWithGps, pngImage } from "../support/images.ts";
import { adminApi, breakTable } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { blogFields, createPost, uploadedFiles } from "./support/blog-fixtures.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import { adminParts, expectLaidOut, publicParts } from "./support/layout.ts";

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
/** Saving runs the image pipeline, which takes seconds on a busy two-core machine. */
const SAVE_WAIT = { timeout: 30_000 };

/** Writes the bytes as they are (EXIF and all), like a file picked from a phone. */
async function imageFile(dir: string, name: string, bytes: Buffer) {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

describe.runIf(browserAvailable)("blog", () => {
  // Failure journeys break the database under a page; every request must really render.
  const site = journeySite({ PAGE_CACHE_SECONDS: "0" });

  it("shows 'No Blog Posts Yet' when there are none and when the list cannot be read; a failed post reads 'Post not found.'", async () => {
    const html = await (await fetch(`${site.server.baseUrl}/blog`)).text();
    expect(html).toContain("No Blog Posts Yet");
    expect(html).toContain("<title>Blog | Hope Behind Bars</title>");
    const restore = breakTable(site.server, "blog_posts");
    try {
      const { page, context } = await newPage(site.browser, site.server);
      const response = await page.goto("/blog");
      expect(response?.status()).toBe(200);
      expect(await page.getByRole("heading", { name: "No Blog Posts Yet" }).isVisible()).toBe(true);
      // A post that cannot be read says the same as a missing one (spec §8), with a server-error status.
      const post = await fetch(`${site.server.baseUrl}/blog/00000000-0000-0000-0000-000000000000`);
      expect(post.status).toBe(500);
      expect(await post.text()).toContain("Post not found.");
      await context.close();
    } finally {
      restore();
    }
  });

  it("lets an admin write a formatted post with an image, edit it and delete it with its files", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    page.on("dialog", (dialog) => dialog.accept("https://example.org/report"));
    await openAdminPage(page, site.server, "/admin/blogs/new");
    await page.getByLabel("Title").fill("Mothers learning to read");
    await page.getByLabel("Excerpt").fill("A literacy class started in March.");
    await page.getByLabel("Author name").fill("Meron Alemu");
    await page.getByLabel("Author's LinkedIn URL (optional)").fill("https://www.linkedin.com/in/meron");
    await page
      .getByLabel("Feature image")
      .setInputFiles(
        await imageFile(site.server.dataDir, "class.jpg", await jpegWithGps({ width: 800, height: 1200 })),
      );
    expect(await page.getByRole("img", { name: "Preview of the chosen image" }).isVisible()).toBe(true);

    const editor = page.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.getByRole("button", { name: "Heading 2" }).click();
    await page.keyboard.type("Week one");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Twelve women came to the ");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("first lesson");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(". Read the ");
    await page.getByRole("button", { name: "Italic" }).click();
    await page.keyboard.type("report");
    await page.keyboard.press("Shift+ArrowLeft");
    for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+ArrowLeft");
    await page.getByRole("button", { name: "Link" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Link" }).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("End");
    await page.getByRole("button", { name: "Italic" }).click();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Blockquote" }).click();
    await page.keyboard.type("I can read my son's letters now.");
    await screenshot(page, "blog-editor-1280");

    // Publishing needs the picture described (or marked decorative).
    await page.getByLabel("What the picture shows").fill("Women reading together at a long table");
    // A new post starts as a draft; "Publish" next to "Create Post" makes it public at once.
    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => toast(page, "Post created successfully!").isVisible(), SAVE_WAIT).toBe(true);
    await page.waitForURL(`${site.server.baseUrl}/admin/blogs`);
    await expect.poll(() => page.getByRole("heading", { name: "Mothers learning to read" }).isVisible()).toBe(true);

    const api = await adminApi(site.server);
    const [post] = await api.json("GET", "/api/blogs");
    for (const part of [
      "<h2>Week one</h2><p>Twelve women came to the <strong>first lesson</strong>. Read the ",
      '<a href="https://example.org/report" target="_blank" rel="noopener noreferrer nofollow">',
      "<em>report</em>",
      "<blockquote><p>I can read my son's letters now.</p></blockquote>",
    ]) {
      expect(post.content).toContain(part);
    }
    // The ladder is encoded in the background (docs/decisions/0440): every file arrives soon after.
    await expect.poll(() => uploadedFiles(site.server, "blog").length, { timeout: 60_000 }).toBe(12);
    await expect
      .poll(async () => (await api.json("GET", `/api/admin/blogs/${post._id}`)).image.processing)
      .toBe(undefined);
    const files = uploadedFiles(site.server, "blog");

    await page.goto("/blog");
    await page.getByRole("link", { name: "Mothers learning to read" }).click();
    await page.waitForURL(`${site.server.baseUrl}/blog/${post._id}`);
    const article = page.locator("article");
    await expect.poll(() => article.locator("h2", { hasText: "Week one" }).count()).toBe(1);
    expect(await article.locator("strong", { hasText: "first lesson" }).count()).toBe(1);
    expect(await article.getByRole("link", { name: "report" }).getAttribute("rel")).toBe(
      "noopener noreferrer nofollow",
    );
    expect(await article.getByRole("link", { name: /Meron Alemu/ }).getAttribute("href")).toBe(
      "https://www.linkedin.com/in/meron",
    );

    await page.goto("/admin/blogs");
    await page.getByRole("link", { name: "Edit Mothers learning to read" }).click();
    const title = page.getByLabel("Title");
    await expect.poll(() => title.inputValue()).toBe("Mothers learning to read");
    await expect.poll(() => editor.innerHTML()).toContain("<strong>first lesson</strong>");
    await title.fill("Mothers learning to read and write");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect.poll(() => toast(page, "Post updated successfully!").isVisible(), SAVE_WAIT).toBe(true);
    await page.waitForURL(`${site.server.baseUrl}/admin/blogs`);
    const html = await (await fetch(`${site.server.baseUrl}/blog/${post._id}`)).text();
    expect(html).toContain("<title>Mothers learning to read and write | Hope Behind Bars</title>");
    expect(uploadedFiles(site.server, "blog")).toEqual(files);

    await page.getByRole("button", { name: "Delete Mothers learning to read and write" }).click();
    await expect
      .poll(() => toast(page, 'Are you sure you want to delete: "Mothers learning to read and write"?').isVisible())
      .toBe(true);
    await page.getByRole("button", { name: "Confirm Delete" }).click();
    await expect.poll(() => toast(page, "Blog post deleted!").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Mothers learning to read and write" }).count()).toBe(0);
    expect(uploadedFiles(site.server, "blog")).toEqual([]);
    expectErrors(page, [new RegExp(`^404 GET /blog/${post._id}$`)]);
    const gone = await page.goto(`/blog/${post._id}`);
    expect(gone?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Post not found." }).isVisible()).toBe(true);
    await context.close();
  });

  it("keeps the post when delete is cancelled", async () => {
    const api = await adminApi(site.server);
    await createPost(api, blogFields("Keep me"));
    const { page, context } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/blogs");
    await page.getByRole("button", { name: "Delete Keep me" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByRole("heading", { name: "Keep me" }).isVisible()).toBe(true);
    expect((await api.json("GET", "/api/blogs")).some((p: { title: string }) => p.title === "Keep me")).toBe(true);
    await context.close();
  });

  it("ends a post with a donation call and links to the previous and next posts", async () => {
    const api = await adminApi(site.server);
    // Created oldest first: the list (newest first) reads third, second, first.
    const first = await createPost(api, blogFields("Sewing circle begins"));
    const second = await createPost(api, blogFields("Reading corner opens"));
    const third = await createPost(api, blogFields("First family visit"));
    const { page } = await newPage(site.browser, site.server);
    await page.goto(`/blog/${second._id}`);
    const more = page.getByRole("navigation", { name: "More posts" });
    expect(await more.getByRole("link", { name: /Previous post/ }).getAttribute("href")).toBe(`/blog/${first._id}`);
    expect(await more.getByRole("link", { name: /Next post/ }).getAttribute("href")).toBe(`/blog/${third._id}`);
    await page.goto(`/blog/${third._id}`);
    expect(await more.getByRole("link", { name: /Next post/ }).count()).toBe(0);
    await more.getByRole("link", { name: /Previous post/ }).click();
    await page.waitForURL(`${site.server.baseUrl}/blog/${second._id}`);
    await page
      .getByRole("complementary", { name: "Stories like this one start with a gift" })
      .getByRole("button", { name: "Donate Now" })
      .click();
    await expect.poll(() => page.getByRole("dialog", { name: "Make a donation" }).isVisible()).toBe(true);
    for (const post of [first, second, third]) await api.json("DELETE", `/api/blogs/${post._id}`);
  });

  it("shows every validation message on the form and focuses the first invalid field", async () => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(page, site.server, "/admin/blogs/new");
    await page.getByRole("button", { name: "Create Post" }).click();
    for (const message of [
      "Title is required",
      "Excerpt is required",
      "Author name is required",
      "Feature image is required",
      "Content cannot be empty.",
    ]) {
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible(), { message }).toBe(true);
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("blog-title");
    expect(await page.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");

    // Each message goes as soon as its field is valid, not at the next submit; the others stay.
    await page.getByLabel("Title").fill("T");
    await expect.poll(() => page.getByText("Title is required", { exact: true }).count()).toBe(0);
    expect(await page.getByLabel("Title").getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByText("Excerpt is required", { exact: true }).isVisible()).toBe(true);
    await page.getByLabel("Excerpt").fill("E");
    await page.getByLabel("Author name").fill("A");
    await page.getByLabel("Author's LinkedIn URL (optional)").fill("javascript:alert(1)");
    await page
      .getByLabel("Feature image")
      .setInputFiles(await imageFile(site.server.dataDir, "v.png", await pngImage()));
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Hi");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect.poll(() => page.getByText("Content is too short.", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Please enter a valid http(s) URL", { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("blog-authorLinkedin");
    await screenshot(page, "blog-editor-errors-375");
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type(" there, a longer post");
    await expect.poll(() => page.getByText("Content is too short.", { exact: true }).count()).toBe(0);
    expect(await page.getByText("Please enter a valid http(s) URL", { exact: true }).isVisible()).toBe(true);
    await page.getByLabel("Author's LinkedIn URL (optional)").fill("https://www.linkedin.com/in/a");
    await expect.poll(() => page.getByText("Please enter a valid http(s) URL", { exact: true }).count()).toBe(0);
    await context.close();
  });

  it("shows the server's message when it refuses the image", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [/^400 POST \/api\/blogs$/]);
    await openAdminPage(page, site.server, "/admin/blogs/new");
    await page.getByLabel("Title").fill("Text as image");
    await page.getByLabel("Excerpt").fill("E");
    await page.getByLabel("Author name").fill("A");
    const fake = path.join(site.server.dataDir, "notes.jpg");
    writeFileSync(fake, "these are notes, not a photo");
    await page.getByLabel("Feature image").setInputFiles(fake);
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Long enough content for the post.");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect
      .poll(() =>
        page.getByRole("status").filter({ hasText: "Please choose a JPEG, PNG, WebP or AVIF image." }).count(),
      )
      .toBeGreaterThan(0);
    expect(await page.getByLabel("Title").inputValue()).toBe("Text as image");
    await context.close();
  });

  it("refuses an iPhone HEIC photo as soon as it is chosen, saying how to make a JPEG of it", async () => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(page, site.server, "/admin/blogs/new");
    const input = page.getByLabel("Feature image");
    await input.setInputFiles({ name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: Buffer.from("ftypheic") });
    const message = page.getByText(/^This is an iPhone photo in HEIC format, which the site cannot read\./);
    await message.waitFor();
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await input.evaluate((element) => (element as HTMLInputElement).files?.length)).toBe(0);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "blog-editor-heic-375");
    // A picture it can read takes the message away.
    await input.setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: await pngImage({ width: 64, height: 40 }),
    });
    await expect.poll(() => message.count()).toBe(0);
    await context.close();
  });

  it("keeps a local draft: a closed tab loses nothing, and saving clears it", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/blogs/new");
    await page.getByLabel("Title").fill("Half-written story");
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("A long paragraph I would hate to lose.");
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem("draft:blog:new")))
      .toContain("A long paragraph I would hate to lose.");
    await page.close();

    const again = await context.newPage();
    await again.goto("/admin/blogs/new");
    await expect.poll(() => again.getByLabel("Title").inputValue()).toBe("Half-written story");
    expect(await again.getByText(/Restored your unsaved draft/).isVisible()).toBe(true);
    await expect
      .poll(() => again.getByRole("textbox", { name: "Content" }).textContent())
      .toBe("A long paragraph I would hate to lose.");
    await again.getByRole("button", { name: "Discard draft" }).click();
    expect(await again.getByLabel("Title").inputValue()).toBe("");
    expect(await again.evaluate(() => window.localStorage.getItem("draft:blog:new"))).toBeNull();
    await context.close();
  });

  it("asks to log in again when the session ended while writing, and loses nothing", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [/^401 POST \/api\/blogs$/]);
    await openAdminPage(page, site.server, "/admin/blogs/new");
    await page.getByLabel("Title").fill("Written during a long meeting");
    await page.getByLabel("Excerpt").fill("The session expired meanwhile.");
    await page.getByLabel("Author name").fill("Dawit Bekele");
    await page
      .getByLabel("Feature image")
      .setInputFiles(await imageFile(site.server.dataDir, "s.png", await pngImage()));
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Every word of this must survive the expired session.");
    const token = await page.evaluate(() => window.localStorage.getItem("adminToken"));
    await fetch(`${site.server.baseUrl}/api/admin/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });

    await page.getByRole("button", { name: "Create Post" }).click();
    const dialog = page.getByRole("dialog", { name: "Your session has ended" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Written during a long meeting");
    await dialog.getByLabel("Email").fill(site.server.admin.email);
    await dialog.getByLabel("Password").fill(site.server.admin.password);
    await dialog.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByRole("textbox", { name: "Content" }).textContent()).toBe(
      "Every word of this must survive the expired session.",
    );
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect.poll(() => toast(page, "Post created successfully!").isVisible(), SAVE_WAIT).toBe(true);
    await page.waitForURL(`${site.server.baseUrl}/admin/blogs`);
    await context.close();
  });

  it("shows upload progress for a large image on a slow connection", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/blogs/new");
    await page.getByLabel("Title").fill("Big photo");
    await page.getByLabel("Excerpt").fill("E");
    await page.getByLabel("Author name").fill("A");
    const noise = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    await page.getByLabel("Feature image").setInputFiles(await imageFile(site.server.dataDir, "big.jpg", noise));
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Content long enough to save.");
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await page.getByRole("button", { name: "Create Post" }).click();
    expect(await page.getByRole("button", { name: "Saving..." }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByText(/^Uploading image\.\.\. \d+%$/).isVisible()).toBe(true);
    const percent = async () => Number(await page.locator("#upload-progress").getAttribute("value"));
    const first = await percent();
    await expect.poll(percent, { timeout: 30_000 }).toBeGreaterThan(first);
    // Once every byte is sent the server is still encoding: the bar says so.
    await expect.poll(() => page.getByText("Processing image...").isVisible(), { timeout: 30_000 }).toBe(true);
    await context.close();
  });

  it("fails to load an unknown post for editing with the spec's message", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [/^404 GET \/api\/admin\/blogs\/00000000-0000-0000-0000-000000000000$/]);
    await openAdminPage(page, site.server, "/admin/blogs/edit/00000000-0000-0000-0000-000000000000");
    await expect.poll(() => toast(page, "Failed to load blog post.").isVisible()).toBe(true);
    await context.close();
  });

  it("reports a failed list fetch and a failed delete", async () => {
    const api = await adminApi(site.server);
    const doomed = await createPost(api, blogFields("Doomed delete"));
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [new RegExp(`^500 DELETE /api/blogs/${doomed._id}$`), /^500 GET \/api\/admin\/lists\/blogs$/]);
    await openAdminPage(page, site.server, "/admin/blogs");
    await expect.poll(() => page.getByRole("heading", { name: "Doomed delete" }).isVisible()).toBe(true);
    const restore = breakTable(site.server, "blog_posts");
    try {
      await page.getByRole("button", { name: "Delete Doomed delete" }).click();
      await page.getByRole("button", { name: "Confirm Delete" }).click();
      await expect.poll(() => toast(page, "Failed to delete post.").isVisible()).toBe(true);
      await page.reload();
      await expect.poll(() => toast(page, "Failed to fetch blog posts.").isVisible()).toBe(true);
    } finally {
      restore();
    }
    await context.close();
  });

  it("renders a post for search and sharing: 404 status, meta, Article JSON-LD, sitemap, RSS", async () => {
    const api = await adminApi(site.server);
    const post = await createPost(api, blogFields("Shared </script><b>safely</b>"));
    const response = await fetch(`${site.server.baseUrl}/blog/${post._id}`);
    const html = await response.text();
    expect(html).toContain("<title>Shared &lt;/script&gt;&lt;b&gt;safely&lt;/b&gt; | Hope Behind Bars</title>");
    expect(html).toContain(
      '<meta name="description" content="Shared &lt;/script&gt;&lt;b&gt;safely&lt;/b&gt;: a short summary."/>',
    );
    expect(html).toContain(`<meta property="og:image" content="${post.imageUrl}"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    // A public page: the same bytes for everyone, so no nonce; JSON-LD is data, which CSP leaves alone.
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self';");
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html);
    const data = JSON.parse(ld?.[1] ?? "{}");
    expect(data).toMatchObject({
      "@type": "Article",
      headline: "Shared </script><b>safely</b>",
      image: [post.imageUrl],
      author: { "@type": "Person", name: "Hanna Tesfaye", url: "https://www.linkedin.com/in/hanna" },
    });
    expect(ld?.[1]).not.toContain("</");

    const missing = await fetch(`${site.server.baseUrl}/blog/not-a-post`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Post not found.");

    const sitemap = await (await fetch(`${site.server.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${site.server.baseUrl}/blog/${post._id}</loc>`);
    const feed = await fetch(`${site.server.baseUrl}/blog/rss.xml`);
    expect(feed.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const rss = await feed.text();
    expect(rss).toContain(`<link>${site.server.baseUrl}/blog/${post._id}</link>`);
    expect(rss).toContain("<title>Shared &lt;/script&gt;&lt;b&gt;safely&lt;/b&gt;</title>");
  });

  it("serves responsive images: AVIF and WebP sources, sizes set, lazy below the fold", async () => {
    const api = await adminApi(site.server);
    for (const n of [1, 2, 3, 4]) await createPost(api, blogFields(`Card ${n}`));
    const { page, context } = await newPage(site.browser, site.server);
    await page.goto("/blog");
    const pictures = page.locator("main picture");
    expect(await pictures.count()).toBeGreaterThanOrEqual(4);
    const first = pictures.first();
    expect(await first.locator('source[type="image/avif"]').getAttribute("srcset")).toMatch(
      /-320\.avif 320w, .*-640\.avif 640w$/,
    );
    expect(await first.locator('source[type="image/webp"]').count()).toBe(1);
    const img = first.locator("img");
    expect(await img.getAttribute("width")).toBe("640");
    expect(await img.getAttribute("height")).toBe("400");
    expect(await img.getAttribute("loading")).toBe("eager");
    expect(await pictures.nth(3).locator("img").getAttribute("loading")).toBe("lazy");
    // The browser picked one of the modern formats.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.(avif|webp)$/);
    await context.close();
  });

  it("says in the editor when the feature image could not be prepared, and tries again", async () => {
    const api = await adminApi(site.server);
    const post = await createPost(api, blogFields("A picture the encoder gave up on"));
    // The job gives up as it does after its last attempt: failed, with the encoder's own words.
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"));
    const url = new URL(post.imageUrl, site.server.baseUrl).pathname;
    const failed = db
      .prepare(
        "update jobs set status = 'failed', attempts = max_attempts, last_error = 'Input buffer contains unsupported image format', finished_at = ? where key = ?",
      )
      .run(new Date().toISOString(), `variants:${url}`).changes;
    db.close();
    expect(failed).toBe(1);
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(page, site.server, `/admin/blogs/edit/${post._id}`);
    const line = page.getByText(
      "The picture could not be prepared. The uploaded file is damaged or is not a picture the site can read. Upload it again, or another file.",
    );
    await line.waitFor();
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "blog-editor-unprepared-375");
    await page.getByRole("button", { name: "Try again" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Trying again: the picture of “A picture the encoder gave up on” is being prepared." })
      .waitFor();
    await expect.poll(() => line.count()).toBe(0);
    await context.close();
  });

  describe("at 375 and 1280 px", () => {
    const title = "How a sewing cooperative changed one prison";
    let post: { _id: string };
    beforeAll(async () => {
      const api = await adminApi(site.server);
      post = await createPost(
        api,
        blogFields(
          title,
          "<h2>The first machine</h2><p>It started with <strong>one machine</strong> and <em>six women</em>.</p><ul><li>Uniforms</li><li>Bags</li></ul><blockquote><p>Now I can pay my children's school fees.</p></blockquote>",
        ),
      );
      await createPost(api, blogFields("A second story, so the list has two cards"));
    });
    // The picture's description in Amharic (docs/decisions/0770-every-picture-described.md).
    const amharicAlt = "የልብስ ስፌት ማሽን ላይ የምትሰራ ሴት";
    // One test per width: both in one ran past the test timeout on a busy CI machine.
    it.each(Object.values(VIEWPORTS))(
      "lays out the list, a post, the editor and the staff list at $width px, and passes axe",
      async (viewport) => {
        const api = await adminApi(site.server);
        const width = viewport.width;
        const { page, context } = await newPage(site.browser, site.server, { viewport });

        // Staff describe the picture beside it; the public page, in both languages, says it.
        const englishAlt = `A woman at a sewing machine (${width} px)`;
        await openAdminPage(page, site.server, `/admin/blogs/edit/${post._id}`);
        const description = page.getByLabel("What the picture shows", { exact: true });
        await expect.poll(() => description.isVisible()).toBe(true);
        await description.fill(englishAlt);
        await page.getByRole("button", { name: "Update Post" }).click();
        await expect.poll(() => toast(page, "Post updated successfully!").isVisible(), SAVE_WAIT).toBe(true);
        await page.waitForURL(`${site.server.baseUrl}/admin/blogs`);
        await api.json("PUT", `/api/admin/translations/blog/${post._id}/am`, {
          fields: { title: "የልብስ ስፌት ማህበር", imageAlt: amharicAlt },
        });
        await page.goto(`/blog/${post._id}`);
        expect(await page.locator("article img").first().getAttribute("alt")).toBe(englishAlt);
        await page.goto(`/am/blog/${post._id}`);
        expect(await page.locator("article img").first().getAttribute("alt")).toBe(amharicAlt);
        await screenshot(page, `blog-post-am-${width}`);
        const shared = await (await fetch(`${site.server.baseUrl}/blog/${post._id}`)).text();
        expect(shared).toContain(`<meta property="og:image:alt" content="${englishAlt}"/>`);

        await page.goto("/blog");
        await screenshot(page, `blog-list-${width}`);
        await expectLaidOut(page, publicParts(page), `/blog at ${width}`);
        expect(await axeViolations(page, "main"), `/blog at ${width}`).toEqual([]);

        await page.goto(`/blog/${post._id}`);
        await screenshot(page, `blog-post-${width}`);
        const article = page.locator("article");
        await expectLaidOut(
          page,
          {
            header: page.getByRole("banner"),
            title: page.getByRole("heading", { level: 1 }),
            "feature image": article.locator("img").first(),
            "content heading": article.getByRole("heading", { name: "The first machine" }),
            quote: article.locator("blockquote"),
            footer: page.getByRole("contentinfo"),
          },
          `/blog/:id at ${width}`,
        );
        expect(await axeViolations(page, "main"), `/blog/:id at ${width}`).toEqual([]);

        await openAdminPage(page, site.server, `/admin/blogs/edit/${post._id}`);
        const editor = page.getByRole("textbox", { name: "Content" });
        await expect.poll(() => editor.isVisible()).toBe(true);
        // The toolbar is there before anyone types.
        const toolbar = page.getByRole("toolbar", { name: "Formatting" });
        await expect.poll(() => toolbar.getByRole("button").count()).toBe(8);
        await screenshot(page, `blog-editor-edit-${width}`);
        await expectLaidOut(
          page,
          {
            title: page.getByLabel("Title"),
            "feature image": page.getByLabel("Feature image"),
            // The toolbar wraps on a phone: its first and last buttons both show, beside the fields.
            "first tool": toolbar.getByRole("button").first(),
            "last tool": toolbar.getByRole("button").last(),
            content: editor,
            save: page.getByRole("button", { name: "Update Post" }),
          },
          `editor at ${width}`,
        );
        expect(await axeViolations(page, "main"), `editor at ${width}`).toEqual([]);

        await page.goto("/admin/blogs");
        await expect.poll(() => page.getByRole("link", { name: `Edit ${title}` }).isVisible()).toBe(true);
        await screenshot(page, `admin-blogs-${width}`);
        await expectLaidOut(
          page,
          adminParts(page, page.getByRole("main").getByRole("listitem")),
          `staff list at ${width}`,
        );
        expect(await axeViolations(page, "main"), `staff list at ${width}`).toEqual([]);
        await context.close();
      },
    );
  });

  it("pages the blog twelve posts at a time, with links that work without JavaScript, in both languages", async () => {
    // Thirteen posts older than any other (written straight into the store: no picture is needed).
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"));
    const ids = Array.from({ length: 13 }, (_, i) => `00000000-0000-4000-8000-0000000007${String(i).padStart(2, "0")}`);
    const insert = db.prepare(
      `insert into blog_posts (id, title, excerpt, author_name, author_linkedin, content, image_url, image_variants,
         created_at, updated_at, status, publish_at, image_decorative)
       values (?, ?, 'An older story.', 'Staff', null, '<p>Story.</p>', '/images/og-default.jpg', null, ?, ?, 'published', null, 1)`,
    );
    ids.forEach((id, i) => {
      const written = new Date(Date.UTC(2020, 0, i + 1)).toISOString();
      insert.run(id, `Pager story ${i + 1}`, written, written);
    });
    try {
      const everyPost = (await (await fetch(`${site.server.baseUrl}/api/blogs`)).json()) as Array<{ title: string }>;
      const titles = everyPost.map((post) => post.title);
      const pageCount = Math.ceil(titles.length / 12);
      for (const viewport of Object.values(VIEWPORTS)) {
        const { page, context } = await newPage(site.browser, site.server, {
          viewport,
          context: { javaScriptEnabled: false },
        });
        // With scripts off, Chromium refuses the page's module scripts and preloads (reported as "csp").
        expectErrors(page, [/^csp GET \/assets\/[\w./-]+\.js$/]);
        await page.goto("/blog");
        const pager = page.getByRole("navigation", { name: "Blog pages" });
        expect(await pager.getByText(`Page 1 of ${pageCount}`).isVisible()).toBe(true);
        expect(await page.locator('head link[rel="next"]').getAttribute("href")).toMatch(/\/blog\?page=2$/);
        await pager.getByRole("link", { name: "Older posts" }).click();
        await page.waitForURL(`${site.server.baseUrl}/blog?page=2`);
        expect(await pager.getByText(`Page 2 of ${pageCount}`).isVisible()).toBe(true);
        // Page 2 starts with the thirteenth newest post, as the whole list orders them.
        expect(await page.getByRole("heading", { name: titles[12] }).isVisible()).toBe(true);
        expect(await page.locator('head link[rel="prev"]').getAttribute("href")).toMatch(/\/blog$/);
        await screenshot(page, `blog-page-2-${viewport.width}`);
        await pager.getByRole("link", { name: "Newer posts" }).click();
        await page.waitForURL(`${site.server.baseUrl}/blog`);

        await page.goto("/am/blog");
        const amharic = page.getByRole("navigation", { name: "የብሎግ ገጾች" });
        await amharic.getByRole("link", { name: "የቆዩ ጽሑፎች" }).click();
        await page.waitForURL(`${site.server.baseUrl}/am/blog?page=2`);
        expect(await amharic.getByText(`ገጽ 2 ከ${pageCount}`).isVisible()).toBe(true);
        await screenshot(page, `blog-page-2-am-${viewport.width}`);
        await context.close();

        // axe runs its script in the page: with scripts on, the same page passes it.
        const scripted = await newPage(site.browser, site.server, { viewport });
        for (const url of ["/blog?page=2", "/am/blog?page=2"]) {
          await scripted.page.goto(url);
          expect(await axeViolations(scripted.page, "main"), `${url} at ${viewport.width}`).toEqual([]);
        }
        await scripted.context.close();
      }
      // A page past the last does not exist.
      expect((await fetch(`${site.server.baseUrl}/blog?page=${pageCount + 1}`)).status).toBe(404);
    } finally {
      db.prepare(`delete from blog_posts where id in (${ids.map(() => "?").join(", ")})`).run(...ids);
      db.close();
    }
  });
});
