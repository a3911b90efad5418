import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { blogFields, createPost, uploadedFiles } from "./support/blog-fixtures.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import { addInboxMember, openAsMember } from "./support/staff-members.ts";
import { stubYoutube } from "./support/youtube-stub.ts";

/** Saving runs the image pipeline. */
const WAIT = { timeout: 30_000 };
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

describe.runIf(browserAvailable)("safeguarding: consent on the forms, withdrawal, previews", () => {
  const site = journeySite({ PAGE_CACHE_SECONDS: "60" });

  it("records consent on the blog form: the guard names the image and why, and the post publishes once consent is on file", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/blogs/new");
    expectErrors(page, [/^400 POST \/api\/blogs$/]); // the two refusals
    await page.getByLabel("Title").fill("Mothers' reading circle");
    await page.getByLabel("Excerpt").fill("Reading together at Kality.");
    await page.getByLabel("Author name").fill("Hanna Tesfaye");
    const png = path.join(site.server.dataDir, "reading.png");
    await sharp({ create: { width: 640, height: 400, channels: 3, background: "#7a4b1f" } })
      .png()
      .toFile(png);
    await page.getByLabel("Feature image").setInputFiles(png);
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Eight mothers read to their children every Saturday.");

    const consent = page.getByRole("group", { name: "Consent for this image" });
    await consent.getByRole("radio", { name: "Not yet" }).check();
    await page.getByRole("button", { name: "Publish" }).click();
    const imageError = page.locator("#blog-image-error");
    await imageError
      .getByText("Image 1 has no consent yet: record its consent, or keep the item a draft.")
      .waitFor(WAIT);

    await consent.getByRole("radio", { name: "Consent on file" }).check();
    await consent.getByLabel("Given by", { exact: true }).fill("Selam Bekele");
    await consent.getByLabel("Given on").fill("2026-02-01");
    await consent.getByLabel("Signed form reference (optional)").fill("F-2026-014");
    await consent.getByLabel("A child can be identified").check();
    await screenshot(page, "consent-form-fields-1280");
    expect(await axeViolations(page, "main")).toEqual([]);
    await page.getByRole("button", { name: "Publish" }).click();
    await imageError
      .getByText(
        "Image 1 shows a child without consent from a parent or guardian: record its consent, or keep the item a draft.",
      )
      .waitFor(WAIT);

    await page.getByLabel("What the picture shows").fill("A mother reading to her son");
    // By keyboard: the guardian's checkbox, then Publish.
    await consent.getByLabel("Given by a parent or guardian").focus();
    await page.keyboard.press("Space");
    expect(await consent.getByLabel("Given by a parent or guardian").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Publish" }).focus();
    await page.keyboard.press("Enter");
    await toast(page, "Post created successfully!").waitFor(WAIT);
    await page.waitForURL(`${site.server.baseUrl}/admin/blogs`);

    const api = await adminApi(site.server);
    const [post] = await api.json<Array<{ _id: string; title: string; imageUrl: string; status: string }>>(
      "GET",
      "/api/admin/blogs?status=published",
    );
    // The image's ladder is encoded in the background (docs/decisions/0440); the list is looked at
    // again once it is done, so it shows (and the browser keeps) the finished thumbnail.
    await expect
      .poll(async () => (await api.json("GET", `/api/admin/blogs/${post?._id}`)).image.processing, { timeout: 60_000 })
      .toBe(undefined);
    await page.reload();
    await page.getByRole("link", { name: "Edit Mothers' reading circle" }).waitFor(WAIT);
    expect(post).toMatchObject({ title: "Mothers' reading circle", status: "published" });
    const recorded = await api.json("GET", `/api/admin/consent?imageUrl=${encodeURIComponent(post?.imageUrl ?? "")}`);
    expect(recorded.consent).toMatchObject({
      basis: "on-file",
      minor: true,
      byGuardian: true,
      givenBy: "Selam Bekele",
      formReference: "F-2026-014",
    });
    expect((await fetch(`${site.server.baseUrl}/blog/${post?._id}`)).status).toBe(200);

    // The edit screen shows what is recorded.
    await page.getByRole("link", { name: "Edit Mothers' reading circle" }).click();
    await expect.poll(() => consent.getByLabel("Given by", { exact: true }).inputValue(), WAIT).toBe("Selam Bekele");

    // The mother withdraws her consent: from the same screen, the post leaves the site with its files.
    await consent.getByRole("button", { name: "Withdraw consent" }).click();
    await page.getByRole("button", { name: "Yes, withdraw" }).click();
    await toast(page, "Consent withdrawn; the item is a draft again.").waitFor(WAIT);
    await page.waitForURL(`${site.server.baseUrl}/admin/blogs`);
    expect((await fetch(`${site.server.baseUrl}/blog/${post?._id}`)).status).toBe(404);
    expect((await fetch(post?.imageUrl ?? "")).status).toBe(404);
    // The draft keeps a drawn stand-in in the list, not a link to the deleted file.
    const row = page.getByRole("listitem").filter({ hasText: "Mothers' reading circle" });
    await expect
      .poll(() => row.locator("img").getAttribute("src"), WAIT)
      .toMatch(/\/images\/story-\d+\.(jpg|webp|avif)$/);
    await context.close();

    const mobile = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(mobile.page, site.server, "/admin/blogs/new");
    await mobile.page
      .getByRole("group", { name: "Consent for this image" })
      .getByRole("radio", { name: "Consent on file" })
      .check();
    await screenshot(mobile.page, "consent-form-fields-375");
    expect(await axeViolations(mobile.page, "main")).toEqual([]);
    await mobile.context.close();
  });

  it("withdrawing a video's consent on the dashboard takes it off every page, answer, feed and cache", async () => {
    const api = await adminApi(site.server);
    const youtubeId = "kCBkWnQ1o3Y";
    const video = await api.json<{ _id: string }>("POST", "/api/videos", {
      title: "Family visit day",
      description: "Children visit their mothers.",
      youtubeUrl: `https://www.youtube.com/watch?v=${youtubeId}`,
      category: "Testimonials",
    });
    const publicPaths = ["/", "/impact/videos", "/api/videos", "/api/videos?limit=1", "/sitemap.xml", "/blog/rss.xml"];
    // Seen (and cached) before.
    for (const pathname of ["/", "/impact/videos", "/api/videos"]) {
      expect(await (await fetch(`${site.server.baseUrl}${pathname}`)).text(), pathname).toContain(youtubeId);
    }

    const { page, context } = await newPage(site.browser, site.server);
    await stubYoutube(page);
    await openAdminPage(page, site.server, "/admin");
    const panel = page.getByRole("region", { name: "Images that need consent" });
    const row = panel.getByRole("listitem").filter({ hasText: "Family visit day" });
    await row.getByText("Video · Public, consent not recorded").waitFor(WAIT);
    await screenshot(page, "consent-dashboard-video-1280");
    expect(await axeViolations(page, "main")).toEqual([]);
    await row.getByRole("button", { name: "Withdraw consent" }).click();
    await page.getByRole("button", { name: "Yes, withdraw" }).click();
    await toast(page, "Consent withdrawn; the item is a draft again.").waitFor(WAIT);
    await context.close();

    for (const pathname of publicPaths) {
      expect(await (await fetch(`${site.server.baseUrl}${pathname}`)).text(), pathname).not.toContain(youtubeId);
    }
    expect((await fetch(`${site.server.baseUrl}/api/videos/${video._id}`)).status).toBe(404);
    const staff = await api.json<{ status: string }>("GET", `/api/admin/videos/${video._id}`);
    expect(staff.status).toBe("draft");
  });

  it("a preview has the site's footer; an Inbox member opening one gets a page that says it is not for their role", async () => {
    const api = await adminApi(site.server);
    const post = await createPost(api, { ...blogFields("Draft for the preview"), status: "draft" }, 320);

    const { page, context } = await newPage(site.browser, site.server);
    // Opened as staff open it: from the edit screen (a new tab; the post's islands are the app's here).
    await openAdminPage(page, site.server, `/admin/blogs/edit/${post._id}`);
    const [preview] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: "Preview the saved version" }).click(),
    ]);
    await preview.getByRole("heading", { name: "Draft for the preview", level: 1 }).waitFor(WAIT);
    await preview.getByRole("contentinfo").waitFor(WAIT);
    expect(await preview.getByRole("contentinfo").count()).toBe(1);
    await screenshot(preview, "preview-with-footer-1280");
    await context.close();

    const inbox = addInboxMember(site.server);
    const member = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    expectErrors(member.page, [/^403 GET \/api\/admin\/blogs\//]);
    await openAsMember(member.page, site.server, inbox, `/admin/preview/blogs/${post._id}`);
    await member.page.getByRole("heading", { name: "This preview is not for your role" }).waitFor(WAIT);
    expect(await member.page.getByRole("link", { name: "Back to the dashboard" }).isVisible()).toBe(true);
    await screenshot(member.page, "preview-refused-375");
    expect(await axeViolations(member.page, "main")).toEqual([]);
    await member.context.close();
  });

  it("blurs a region of a post's picture: drawn with the keyboard, previewed, applied; no unblurred file is left", async () => {
    const api = await adminApi(site.server);
    const post = await createPost(api, { ...blogFields("Name tags at the workshop"), status: "draft" }, 640);
    const filesBefore = uploadedFiles(site.server, "blog").length;

    const { page, context } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, `/admin/blogs/edit/${post._id}`);
    await page.getByRole("button", { name: "Blur faces or details" }).press("Enter");
    const editor = page.getByRole("region", { name: "Blur faces or details" });
    // Focus moves into the tool it opened (it used to fall to <body>), and back to its button on Cancel.
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect.poll(focused).toBe("Blur faces or details");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
    expect(await editor.evaluate((region) => region.contains(document.activeElement))).toBe(true);
    await editor.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("BUTTON");
    expect(await focused()).toBe("Blur faces or details");
    // Escape closes it too, and gives focus back to the button that opened it.
    await page.keyboard.press("Enter");
    await expect.poll(() => editor.evaluate((region) => region.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => editor.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("BUTTON");
    expect(await focused()).toBe("Blur faces or details");
    await page.keyboard.press("Enter");
    await editor.getByRole("button", { name: "Add rectangle" }).click();
    // The new rectangle has the focus: the arrow keys move it, Shift + arrows resize it.
    const rectangle = editor.getByRole("button", { name: /^Rectangle 1:/ });
    await expect.poll(() => rectangle.evaluate((element) => element === document.activeElement)).toBe(true);
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Shift+ArrowDown");
    expect(await rectangle.getAttribute("aria-label")).toBe(
      "Rectangle 1: 30 % from the left, 30 % from the top, 30 % wide, 31 % high",
    );
    await editor.getByLabel("Width").fill("40");
    await editor.getByRole("button", { name: "Preview blur" }).click();
    await editor.getByRole("img", { name: "The blurred result, as it will be saved" }).waitFor(WAIT);
    expect(uploadedFiles(site.server, "blog").length).toBe(filesBefore); // a preview saves nothing
    await screenshot(page, "blur-editor-1280");
    expect(await axeViolations(page, "main")).toEqual([]);

    await editor.getByRole("button", { name: "Apply blur" }).click();
    await toast(page, "Blur applied; the unblurred picture is deleted.").waitFor(WAIT);
    const after = await api.json<{ imageUrl: string }>("GET", `/api/admin/blogs/${post._id}`);
    expect(after.imageUrl).not.toBe(post.imageUrl);
    for (const variant of post.image.variants) expect((await fetch(variant.url)).status).toBe(404);
    // The blurred ladder is encoded in the background (docs/decisions/0440): as many files as before, soon.
    await expect.poll(() => uploadedFiles(site.server, "blog").length, { timeout: 60_000 }).toBe(filesBefore);
    await context.close();

    const mobile = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(mobile.page, site.server, `/admin/blogs/edit/${post._id}`);
    const opener = mobile.page.getByRole("button", { name: "Blur faces or details" });
    await opener.click();
    const tool = mobile.page.getByRole("region", { name: "Blur faces or details" });
    await expect.poll(() => tool.evaluate((region) => region.contains(document.activeElement))).toBe(true);
    expect(await mobile.page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
    await tool.getByRole("button", { name: "Add rectangle" }).click();
    const handle = tool.getByRole("button", { name: /^Rectangle 1:/ });
    await expect.poll(() => handle.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(mobile.page, "blur-editor-375");
    expect(await axeViolations(mobile.page, "main")).toEqual([]);
    // Escape from a rectangle deep in the tool closes it all, and focus is back on the opener.
    await mobile.page.keyboard.press("Escape");
    await expect.poll(() => tool.count()).toBe(0);
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await mobile.context.close();
  });
});
