import { describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { createGalleryItem, photo } from "./support/gallery-fixtures.ts";
import { journeySite } from "./support/journey-site.ts";
import { adminParts, expectLaidOut } from "./support/layout.ts";

const jpeg = async (name: string, colour: string) => ({ name, mimeType: "image/jpeg", buffer: await photo(colour) });

describe.runIf(browserAvailable)("gallery admin", () => {
  const site = journeySite({ PAGE_CACHE_SECONDS: "0" });

  it("shows the empty state, then creates, edits (replacing images) and deletes an item", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/gallery");
    await page.getByRole("heading", { name: "No gallery items found" }).waitFor();
    expect(await page.getByText("Get started by creating your first item.").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Create an item" }).click();
    await page.waitForURL(/\/admin\/gallery\/new$/);

    await page.getByRole("button", { name: "Create Item" }).click();
    for (const message of [
      "Title is required",
      "Description is required",
      "Category is required",
      "Date is required",
      "Please choose at least one image.",
    ]) {
      expect(await page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    }
    expect(await page.getByLabel("Title").evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByLabel("Title").fill("Tailoring graduation");
    await page.getByLabel("Description").fill("Twelve mothers received their certificates at Kality.");
    await page.getByLabel("Category").selectOption("Skills Training");
    await page.getByLabel("Date of event").fill("2026-03-14");
    await page
      .getByLabel("Images", { exact: true })
      .setInputFiles([await jpeg("one.jpg", "#0b5563"), await jpeg("two.jpg", "#b4430e")]);
    await expect.poll(() => page.getByRole("list", { name: "Selected images" }).getByRole("img").count()).toBe(2);
    // Publishing needs every picture described (docs/decisions/0770-every-picture-described.md).
    await page.getByLabel("What image 1 shows").fill("Mothers in gowns holding certificates");
    await page.getByLabel("What image 2 shows").fill("A sewing machine with a half-made dress");
    // A new item starts as a draft; "Publish" makes it public at once.
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText(/Uploading\.\.\.|Processing images\.\.\./).waitFor();
    await page.getByText("Gallery item created!").waitFor();
    await page.waitForURL(/\/admin\/gallery$/);
    await page.getByRole("heading", { name: "Tailoring graduation" }).waitFor();
    expect(await page.getByText("Skills Training").isVisible()).toBe(true);
    expect(await page.getByText(/^Created [A-Z][a-z]{2} \d{1,2}, \d{4}$/).isVisible()).toBe(true);

    const visitor = await context.newPage();
    await visitor.goto("/impact/gallery?category=Skills%20Training");
    await visitor.getByRole("heading", { name: "Tailoring graduation" }).waitFor();
    expect(await visitor.locator("article img").first().getAttribute("alt")).toBe(
      "Mothers in gowns holding certificates",
    );
    expect(await visitor.getByText("March 14, 2026").isVisible()).toBe(true);
    expect(await visitor.getByText("2 photos", { exact: true }).isVisible()).toBe(true);

    await page.getByRole("link", { name: "Edit Tailoring graduation" }).click();
    await page.waitForURL(/\/admin\/gallery\/edit\//);
    await expect.poll(() => page.getByLabel("Title").inputValue()).toBe("Tailoring graduation");
    expect(await page.getByLabel("Date of event").inputValue()).toBe("2026-03-14");
    expect(await page.getByLabel("Category").inputValue()).toBe("Skills Training");
    expect(await page.getByText("New images will replace all existing images of this item.").isVisible()).toBe(true);
    expect(await page.getByRole("list", { name: "Current images" }).getByRole("img").count()).toBe(2);
    const before = await (await fetch(`${site.server.baseUrl}/api/gallery?search=tailoring`)).json();
    const oldCover: string = before.images[0].imageUrls[0];

    await page.getByLabel("Title").fill("Tailoring graduation day");
    await page.getByLabel("Images", { exact: true }).setInputFiles([await jpeg("three.jpg", "#222222")]);
    await page.getByLabel("What the picture shows").fill("Graduates outside the prison school");
    await page.getByRole("button", { name: "Update Item" }).click();
    await page.getByText("Gallery item updated!").waitFor();
    await page.getByRole("heading", { name: "Tailoring graduation day" }).waitFor();
    expect((await fetch(oldCover)).status).toBe(404);
    await visitor.reload();
    await visitor.getByRole("heading", { name: "Tailoring graduation day" }).waitFor();
    expect(await visitor.getByText("2 photos").count()).toBe(0);

    await page.getByRole("button", { name: "Delete Tailoring graduation day" }).click();
    await page.getByText('Delete "Tailoring graduation day"? This action cannot be undone.').waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("Item deleted successfully!").waitFor();
    await page.getByRole("heading", { name: "No gallery items found" }).waitFor();
    await visitor.reload();
    await visitor.getByRole("heading", { name: "No Results Found" }).waitFor();
    await context.close();
  });

  it("reports failures with the spec's texts", async () => {
    const api = await adminApi(site.server);
    await createGalleryItem(api, { title: "Sturdy item" });
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [
      /^500 GET \/api\/admin\/lists\/gallery$/,
      /^500 DELETE \/api\/gallery\/[\w-]+$/,
      /^404 GET \/api\/admin\/gallery\/no-such-item$/,
      /^400 POST \/api\/gallery$/,
      /^502 POST \/api\/gallery$/,
    ]);

    await page.route("**/api/admin/lists/gallery", (route) => route.fulfill({ status: 500, body: "" }));
    await openAdminPage(page, site.server, "/admin/gallery");
    await page.getByText("Failed to fetch gallery items.").waitFor();
    await page.getByRole("heading", { name: "No gallery items found" }).waitFor();

    await page.unroute("**/api/admin/lists/gallery");
    await page.route("**/api/admin/lists/gallery", (route) => route.fulfill({ json: { items: "nope" } }));
    await page.reload();
    await page.getByText("Received unexpected data from the server.").waitFor();
    await page.getByRole("heading", { name: "No gallery items found" }).waitFor();

    await page.unroute("**/api/admin/lists/gallery");
    await page.route("**/api/admin/lists/gallery", (route) =>
      route.fulfill({ json: { items: [], total: 0, page: 1, pageSize: 25 } }),
    );
    await page.reload();
    await page.getByRole("heading", { name: "No gallery items found" }).waitFor();
    await page.unroute("**/api/admin/lists/gallery");

    await page.reload();
    await page.getByRole("heading", { name: "Sturdy item" }).waitFor();
    await page.route("**/api/gallery/*", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Delete Sturdy item" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("Failed to delete item.").waitFor();
    expect(await page.getByRole("heading", { name: "Sturdy item" }).isVisible()).toBe(true);

    await page.goto("/admin/gallery/edit/no-such-item");
    await page.getByText("Failed to load gallery item.").waitFor();
    await page.waitForURL(/\/admin\/gallery$/);

    // The server's own message when it refuses a file; the fallback when it says nothing.
    await page.goto("/admin/gallery/new");
    await page.getByLabel("Title").fill("Not a photo");
    await page.getByLabel("Description").fill("A text file pretending.");
    await page.getByLabel("Category").selectOption("Support");
    await page.getByLabel("Date of event").fill("2026-01-02");
    await page.getByLabel("Images", { exact: true }).setInputFiles({
      name: "notes.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("just some text, not an image at all\n".repeat(10)),
    });
    await page.getByRole("button", { name: "Create Item" }).click();
    await page.getByRole("status").getByText("Please choose a JPEG, PNG, WebP or AVIF image.").waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Not a photo");

    await page.route("**/api/gallery", (route) => route.fulfill({ status: 502, body: "" }));
    await page.getByLabel("Images", { exact: true }).setInputFiles([await jpeg("ok.jpg", "#0b5563")]);
    await page.getByRole("button", { name: "Create Item" }).click();
    await page.getByText("Operation failed. Please try again.").waitFor();
    await context.close();
  });

  it("lays out the grid, its revealed actions, the add button and the form with errors at phone and desktop widths", async () => {
    const api = await adminApi(site.server);
    for (const [i, colour] of ["#0b5563", "#b4430e", "#6b8f71", "#e0b04a", "#1c2530"].entries()) {
      await createGalleryItem(api, { title: `Programme moment ${i + 1}`, category: "Education" }, [colour]);
    }
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { page, context } = await newPage(site.browser, site.server, { viewport });
      await openAdminPage(page, site.server, "/admin/gallery");
      await page.getByRole("heading", { name: "Programme moment 5" }).waitFor();
      if (name === "mobile") {
        // Only the floating button, bottom right.
        const add = page.getByRole("link", { name: "Add New Item" });
        expect(await add.count()).toBe(1);
        const box = await add.boundingBox();
        expect(box && box.x + box.width > viewport.width - 40 && box.y + box.height > viewport.height - 40).toBe(true);
      } else {
        expect(await page.getByRole("link", { name: "Add New Item" }).isVisible()).toBe(true);
        await page.getByRole("heading", { name: "Programme moment 5" }).hover();
      }
      // Keyboard users reach the revealed actions.
      await page.getByRole("link", { name: "Edit Programme moment 5" }).focus();
      await expect
        .poll(() =>
          page
            .getByRole("link", { name: "Edit Programme moment 5" })
            .evaluate((el) => getComputedStyle(el.parentElement as HTMLElement).opacity),
        )
        .toBe("1");
      await screenshot(page, `admin-gallery-${name}`);
      const cards = page.getByRole("main").getByRole("listitem");
      await expectLaidOut(
        page,
        {
          ...adminParts(page, cards),
          "third item": cards.nth(2),
          // Beside the title on a desktop; floating over the grid on a phone, so not compared there.
          ...(name === "desktop" && { "add button": page.getByRole("link", { name: "Add New Item" }) }),
        },
        `/admin/gallery on ${name}`,
      );

      await page.goto("/admin/gallery/new");
      await page.getByRole("button", { name: "Create Item" }).click();
      await page.getByText("Please choose at least one image.").waitFor();
      await screenshot(page, `admin-gallery-form-${name}`);
      await expectLaidOut(
        page,
        {
          heading: page.getByRole("heading", { level: 1 }),
          title: page.getByLabel("Title"),
          "title error": page.getByText("Title is required", { exact: true }),
          description: page.getByLabel("Description"),
          category: page.getByLabel("Category"),
          date: page.getByLabel("Date of event"),
          images: page.getByLabel("Images", { exact: true }),
          "images error": page.getByText("Please choose at least one image.", { exact: true }),
          create: page.getByRole("button", { name: "Create Item" }),
        },
        `the form with errors on ${name}`,
      );

      // A picture's Amharic description, beside the English one, is what the Amharic page reads
      // (docs/decisions/0883-amharic-picture-descriptions.md).
      const title = name === "mobile" ? "Programme moment 1" : "Programme moment 2";
      await page.goto("/admin/gallery");
      await page.getByRole("link", { name: `Edit ${title}` }).click();
      await expect.poll(() => page.getByLabel("Title").inputValue()).toBe(title);
      await page.getByLabel("What the picture shows").fill("Children drawing at a long table");
      await page.getByLabel("The picture in Amharic").fill("ልጆች በረጅም ጠረጴዛ ላይ ሲስሉ");
      await page.getByLabel("The picture in Amharic").scrollIntoViewIfNeeded();
      await screenshot(page, `admin-gallery-amharic-description-${name}`);
      await expectLaidOut(
        page,
        {
          english: page.getByLabel("What the picture shows"),
          amharic: page.getByLabel("The picture in Amharic"),
        },
        `the two descriptions on ${name}`,
      );
      await page.getByRole("button", { name: "Update Item" }).click();
      await page.getByText("Gallery item updated!").waitFor();
      const cover = () => page.getByRole("article").filter({ hasText: title }).locator("img").first();
      await page.goto("/am/impact/gallery");
      expect(await cover().getAttribute("alt")).toBe("ልጆች በረጅም ጠረጴዛ ላይ ሲስሉ");
      await page.goto("/impact/gallery");
      expect(await cover().getAttribute("alt")).toBe("Children drawing at a long table");
      await context.close();
    }
  });
});
