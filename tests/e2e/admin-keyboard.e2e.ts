import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, newPage, openAdminPage, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

/**
 * The back office with the keyboard only (docs/decisions/0380-dialogs-and-questions-for-keyboard-users.md): after each key the journey reads
 * where focus is, as a screen reader would announce it.
 */
const APPLICANTS = ["Abeba Girma", "Bontu Lemma", "Chaltu Daba"];

/** What has focus: its accessible label, else its text, plus whether it sits in a dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: "(body)", inDialog: false };
    return {
      name: (element.getAttribute("aria-label") ?? element.textContent ?? element.tagName).trim(),
      inDialog: Boolean(element.closest('[role="dialog"], [role="alertdialog"]')),
    };
  });
const focusedName = async (page: Page) => (await focused(page)).name;

async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

describe.runIf(browserAvailable)("the back office by keyboard", () => {
  const site = journeySite();
  beforeAll(async () => {
    for (const [index, fullName] of APPLICANTS.entries()) {
      const response = await fetch(`${site.server.baseUrl}/api/volunteer`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          fullName,
          email: `applicant-${index}@example.org`,
          phone: "0911000000",
          age: 30,
          interest: "General Support",
          motivation: "To help mothers and children.",
          availability: "Weekends",
        }),
      });
      expect(response.status).toBeLessThan(300);
    }
    for (const [path, body] of [
      ["/api/messages", { name: "Hanna", email: "hanna@example.org", message: "When can I visit?" }],
      ["/api/subscribe", { email: "reader@example.org" }],
    ] as const) {
      const response = await fetch(`${site.server.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBeLessThan(300);
    }
  });

  it("leads the dashboard with the numbers staff act on, each tile a link to its screen", async () => {
    const { page } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin");
    const tiles = page.getByRole("list", { name: "What needs attention" });
    const tile = (name: RegExp) => tiles.getByRole("link", { name });
    await expect.poll(() => tile(/^Messages/).textContent()).toBe("Messages1unread message");
    await expect.poll(() => tile(/^Volunteers/).textContent()).toBe("Volunteers3pending applications");
    await expect.poll(() => tile(/^Subscribers/).textContent()).toBe("Subscribers1subscriber");
    await expect.poll(() => tile(/^Donations/).textContent()).toBe("Donations$0received this month (no gifts yet)");
    await tile(/^Volunteers/).click();
    await page.waitForURL(/\/admin\/volunteers$/);
  });

  it("keeps Tab inside the details dialog, closes it with Escape and returns focus; the status saves only on Save", async () => {
    const { page } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/volunteers");
    const details = page.getByRole("button", { name: `Details for ${APPLICANTS[0]}` });
    await details.focus();
    await press(page, "Enter");
    const dialog = page.getByRole("dialog", { name: APPLICANTS[0] });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect((await focused(page)).inDialog).toBe(true);
    // Far more Tabs (and Shift+Tabs) than the dialog has stops: focus never reaches the rows behind.
    for (let i = 0; i < 15; i++) {
      await press(page, "Tab");
      expect((await focused(page)).inDialog, `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 15; i++) {
      await press(page, "Shift+Tab");
      expect((await focused(page)).inDialog, `Shift+Tab ${i + 1}`).toBe(true);
    }
    // The rows behind are inert: not reachable by a pointer or a screen reader either.
    expect(await page.locator("main").evaluate((main) => main.closest("[inert]") !== null)).toBe(true);

    // Arrow keys change the choice, nothing is sent and focus stays on the select.
    const puts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") puts.push(request.url());
    });
    await dialog.getByLabel("Status").focus();
    await press(page, "ArrowDown", 2);
    expect(await dialog.getByLabel("Status").inputValue()).toBe("Accepted");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("application-status");
    expect(puts).toEqual([]);
    await press(page, "Tab");
    expect(await focusedName(page)).toBe("Save status");
    await press(page, "Enter");
    await expect.poll(() => page.getByText("Status updated!").isVisible()).toBe(true);
    expect(puts).toHaveLength(1);
    expect(await focusedName(page)).toBe("Save status");

    await press(page, "Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focusedName(page)).toBe(`Details for ${APPLICANTS[0]}`);
    expect(await page.locator("main").evaluate((main) => main.closest("[inert]") === null)).toBe(true);
  });

  it("asks a delete question that takes focus, keeps it, answers to Escape and gives focus back", async () => {
    const { page } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/volunteers");
    const remove = page.getByRole("button", { name: `Delete application from ${APPLICANTS[2]}` });
    await remove.focus();
    await press(page, "Enter");
    const question = page.getByRole("alertdialog");
    await expect.poll(() => question.isVisible()).toBe(true);
    expect(await question.textContent()).toContain(
      `Delete application from "${APPLICANTS[2]}"? This action is permanent and cannot be undone.`,
    );
    // Cancel first: the harmless answer. Tab goes round the two answers.
    expect(await focusedName(page)).toBe("Cancel");
    await press(page, "Tab");
    expect(await focusedName(page)).toBe("Confirm Delete");
    await press(page, "Tab");
    expect(await focusedName(page)).toBe("Cancel");
    // Escape cancels: the row stays and focus is back on its Delete button.
    await press(page, "Escape");
    await expect.poll(() => question.count()).toBe(0);
    expect(await focusedName(page)).toBe(`Delete application from ${APPLICANTS[2]}`);

    await press(page, "Enter");
    await expect.poll(() => question.isVisible()).toBe(true);
    await press(page, "Tab");
    await press(page, "Enter");
    await expect.poll(() => remove.count()).toBe(0);
    // The row has gone with its button: focus is in the page's main region, not lost.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("admin-main");
  });

  it("puts the bulk bar next to the checkboxes, announces the count, confirms a bulk delete and keeps focus", async () => {
    const { page } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin/volunteers");
    const selectAll = page.getByRole("checkbox", { name: "Select all applications on this page" });
    await page.getByRole("checkbox", { name: `Select ${APPLICANTS[0]}` }).focus();
    await press(page, "Space");
    await expect.poll(() => page.getByRole("status").filter({ hasText: "selected" }).textContent()).toBe("1 selected");

    // One Shift+Tab from the select-all box reaches the bar's last button.
    await selectAll.focus();
    await press(page, "Shift+Tab");
    expect(await focusedName(page)).toBe("Clear");
    await press(page, "Enter");
    await expect.poll(() => page.getByRole("region", { name: "Bulk actions" }).count()).toBe(0);
    expect(await focusedName(page)).toBe("Select all applications on this page");

    await press(page, "Space");
    await expect.poll(() => page.getByRole("status").filter({ hasText: "selected" }).textContent()).toBe("2 selected");
    await press(page, "Shift+Tab", 2);
    expect(await focusedName(page)).toBe("Delete");
    await press(page, "Enter");
    const question = page.getByRole("alertdialog");
    await expect.poll(() => question.isVisible()).toBe(true);
    expect(await question.textContent()).toContain("Delete 2 selected applications?");
    expect(await focusedName(page)).toBe("Cancel");
    await press(page, "Enter");
    await expect.poll(() => question.count()).toBe(0);
    // Nothing was deleted; focus is back on the bar's Delete.
    expect(await page.getByRole("checkbox", { name: /^Select (?!all)/ }).count()).toBe(2);
    expect(await focusedName(page)).toBe("Delete");

    await press(page, "Shift+Tab");
    expect(await focusedName(page)).toBe("Mark as Canceled");
    await press(page, "Enter");
    await expect.poll(() => page.getByText("Selected applications have been canceled.").isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toBe("Select all applications on this page");
  });

  it("opens the mobile menu as a dialog: focus inside, Tab kept there, Escape closes it back to Menu", async () => {
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(page, site.server, "/admin");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.focus();
    await press(page, "Enter");
    const dialog = page.getByRole("dialog", { name: "Admin menu" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect((await focused(page)).inDialog).toBe(true);
    for (let i = 0; i < 20; i++) {
      await press(page, "Tab");
      expect((await focused(page)).inDialog, `Tab ${i + 1}`).toBe(true);
    }
    await press(page, "Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focusedName(page)).toBe("Menu");
  });

  it("has a skip link to the content and announces each new screen", async () => {
    const { page } = await newPage(site.browser, site.server);
    await openAdminPage(page, site.server, "/admin");
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await press(page, "Tab");
    expect(await focusedName(page)).toBe("Skip to content");
    await press(page, "Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("admin-main");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Volunteers" }).click();
    await expect.poll(() => page.locator("[data-route-announcer]").textContent()).toBe("Volunteer Applications");
  });
});
