import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

/** The list kit (docs/decisions/0610-admin-lists.md) on Admin → Subscribers: 60 addresses, pages of 25. */
const TOTAL = 60;
const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

describe.runIf(browserAvailable)("a back-office list a page at a time", () => {
  const site = journeySite();
  beforeAll(() => {
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"));
    const insert = db.prepare("insert into subscribers (id, email, created_at, status) values (?, ?, ?, 'confirmed')");
    db.transaction(() => {
      for (let i = 0; i < TOTAL; i++) {
        const email = i === 7 ? "per%cent_reader@example.org" : `reader${String(i).padStart(2, "0")}@example.org`;
        insert.run(`sub-${i}`, email, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
      }
    })();
    db.close();
  });

  it("pages with the keyboard, keeps the page in the URL through a reload and Back, and searches literally", async () => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    await openAdminPage(page, site.server, "/admin/subscribe");
    const showing = (text: string) => page.getByText(text, { exact: true }).waitFor();
    await showing(`Showing 1–25 of ${TOTAL} subscribers`);
    expect(await page.locator("tbody tr").count()).toBe(25);
    // Newest first.
    expect(await page.locator("tbody tr").first().textContent()).toContain("reader59@example.org");

    await page.getByRole("button", { name: "Next" }).focus();
    await page.keyboard.press("Enter");
    await showing(`Showing 26–50 of ${TOTAL} subscribers`);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(await activeText(page)).toBe("Next");
    await page.keyboard.press("Enter");
    await showing(`Showing 51–60 of ${TOTAL} subscribers`);
    expect(await page.locator("tbody tr").count()).toBe(10);
    // Next is now disabled: focus moved to Previous instead of falling to the page's top.
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    expect(await activeText(page)).toBe("Previous");
    await screenshot(page, "admin-list-subscribers-1280");
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, "admin-list-subscribers-375");
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.reload();
    await showing(`Showing 51–60 of ${TOTAL} subscribers`);
    await page.goBack();
    await showing(`Showing 26–50 of ${TOTAL} subscribers`);

    await page.getByLabel("Search e-mails").fill("%cent_");
    await page.keyboard.press("Enter");
    await showing("Showing 1–1 of 1 subscribers");
    expect(await page.locator("tbody tr").first().textContent()).toContain("per%cent_reader@example.org");
    expect(new URL(page.url()).searchParams.get("page")).toBe(null);
    await page.getByLabel("Search e-mails").fill("PER%CENT");
    await page.keyboard.press("Enter");
    await showing("Showing 1–1 of 1 subscribers");
    await page.getByLabel("Search e-mails").fill("nobody");
    await page.keyboard.press("Enter");
    await page.getByText("No e-mails match your search.").waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("nobody");
    expect(await page.getByLabel("Search e-mails").inputValue()).toBe("nobody");

    // A search, a filter and a page asked one after the other, none waited for: all three hold.
    await page.getByLabel("Search e-mails").fill("reader");
    await page.keyboard.press("Enter");
    await page.getByLabel("Status").selectOption("confirmed");
    await page.getByRole("button", { name: "Next" }).click();
    await showing(`Showing 26–50 of ${TOTAL} subscribers`);
    await expect.poll(() => new URL(page.url()).search).toBe("?q=reader&status=confirmed&page=2");
    expect(await page.getByLabel("Status").inputValue()).toBe("confirmed");
    expect(await page.getByLabel("Search e-mails").inputValue()).toBe("reader");
    // Back is a navigation the list did not ask for: the controls show its query again. Which entry
    // it reaches depends on how many of the quick asks the router landed apart (an ask that
    // overtakes one on its way makes one history entry of both), so compare with the URL reached.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe(null);
    const controlsMatchUrl = async () => {
      const url = new URL(page.url()).searchParams;
      const shown = [
        await page.getByLabel("Search e-mails").inputValue(),
        await page.getByLabel("Status").inputValue(),
      ];
      return shown.join(" | ") === [url.get("q") ?? "", url.get("status") ?? "all"].join(" | ");
    };
    await expect.poll(controlsMatchUrl).toBe(true);
    await context.close();
  });

  it("shows every Volunteers column at 1280 px with each row's Delete inside the table's box, and reaches Delete at 375 px", async () => {
    // The longest a row gets in practice: long names, long addresses, the longest interest and status.
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"));
    const insert = db.prepare(
      `insert into volunteer_applications (id, full_name, email, phone, age, interest, motivation, availability, status, created_at)
       values (?, ?, ?, '0911000000', 30, ?, 'To help', 'Flexible', ?, ?)`,
    );
    const applicants = [
      [
        "wide-1",
        "Tsion Wolde-Michael Gebreyohannes",
        "tsion.woldemichael.gebreyohannes@example.org",
        "Fundraising & Partnerships",
        "Contacted",
      ],
      [
        "wide-2",
        "Kebede Tadesse Alemayehu",
        "kebede.tadesse.alemayehu.volunteer@example.org",
        "Skills-Based Volunteering",
        "Pending",
      ],
      ["wide-3", "Hirut Bekele", "hirut@example.org", "General Support", "Canceled"],
    ] as const;
    db.transaction(() => {
      for (const [i, [id, name, email, interest, status]] of applicants.entries())
        insert.run(id, name, email, interest, status, new Date(Date.UTC(2026, 10, 28, 12, i)).toISOString());
    })();
    db.close();

    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    await openAdminPage(page, site.server, "/admin/volunteers");
    const box = page.locator("table").locator("..");
    const deleteFor = (name: string) => page.getByRole("button", { name: `Delete application from ${name}` });
    await deleteFor(applicants[0][1]).waitFor();
    await screenshot(page, "admin-volunteers-wide-1280");
    const headers = await page
      .locator("thead th")
      .evaluateAll((cells) =>
        cells.filter((cell) => getComputedStyle(cell).display !== "none").map((cell) => cell.textContent?.trim()),
      );
    expect(headers).toEqual(["", "Applicant", "Contact", "Interest", "Status", "Submitted", "Actions"]);
    // The box scrolls nothing sideways: all of the table shows.
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const inside = (name: string) =>
      deleteFor(name).evaluate((button) => {
        const b = button.getBoundingClientRect();
        const scroller = button.closest("table")?.parentElement;
        if (!scroller) throw new Error("Delete is not in a table's box");
        const t = scroller.getBoundingClientRect();
        return {
          inViewport:
            b.width > 0 && b.left >= 0 && b.top >= 0 && b.right <= window.innerWidth && b.bottom <= window.innerHeight,
          inBox: b.left >= t.left && b.right <= t.right && b.top >= t.top && b.bottom <= t.bottom,
        };
      });
    // As the page opens, nothing scrolled: the rows fit in 900 px of height.
    for (const [, name] of applicants)
      expect(await inside(name), `Delete for ${name} at 1280 px`).toEqual({ inViewport: true, inBox: true });

    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, "admin-volunteers-wide-375");
    for (const [, name] of applicants) {
      // Reached by the keyboard: focus scrolls it into view, inside the box, and Enter asks the question.
      await deleteFor(name).focus();
      expect(await inside(name), `Delete for ${name} at 375 px`).toEqual({ inViewport: true, inBox: true });
    }
    await deleteFor(applicants[1][1]).press("Enter");
    await page.getByText(`Delete application from "${applicants[1][1]}"?`).waitFor();
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`Delete application from ${applicants[1][1]}`);
    expect(await page.locator("tbody tr").count()).toBe(applicants.length);
    await context.close();
  });
});
