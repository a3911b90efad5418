import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { RETENTION_JOB } from "../../core/personal-data/retention.service.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySiteWithInbox } from "./support/journey-site.ts";

/** Admin → Privacy (retention preview and periods, records of processing) and the public /privacy page. */
describe.runIf(browserAvailable)("privacy: retention, records of processing and the privacy page", () => {
  // The breach's letter goes through the site's e-mail outbox to this test's SMTP server.
  const site = journeySiteWithInbox({}, "Hope Behind Bars <privacy@hopebehindbars.test>");
  beforeAll(async () => {
    // Two messages older than a year and one from today: the preview counts the two.
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"));
    // The retention run due at every start would remove the old two: they go in once it is done
    // (its next run is then a day away).
    const nextRun = db.prepare("select run_at from jobs where type = ? and status = 'queued'");
    await vi.waitFor(
      () => {
        const row = nextRun.get(RETENTION_JOB) as { run_at: string } | undefined;
        if (!row || Date.parse(row.run_at) < Date.now() + 60 * 60_000)
          throw new Error("the start's retention run has not finished");
      },
      { timeout: 60_000, interval: 100 },
    );
    const insert = db.prepare(
      "insert into contact_messages (id, name, email, message, is_read, created_at) values (?, 'Hana', ?, 'Hello', 1, ?)",
    );
    insert.run("old-1", "old1@example.org", "2020-01-01T00:00:00.000Z");
    insert.run("old-2", "old2@example.org", "2021-06-01T00:00:00.000Z");
    insert.run("new-1", "new1@example.org", new Date().toISOString());
    db.close();
  });

  const dueFor = (page: Page, id: string) => page.getByTestId(`due-${id}`).textContent();

  it("shows what the next run removes, and saves a period from the keyboard; the records list every kind", async () => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    expectErrors(page, [/^400 PUT \/api\/admin\/retention$/]);
    await openAdminPage(page, site.server, "/admin/privacy");
    await page.getByRole("heading", { name: "Data retention" }).waitFor();
    expect(await dueFor(page, "contactMessages")).toBe("Next run removes 2");
    expect(await page.getByText("12 months after it was sent, then deleted.").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "privacy-retention-1280");

    const period = page.getByLabel("Contact messages");
    await period.fill("0");
    await period.press("Enter");
    await page.getByText("Some periods are outside what is allowed: see the messages below.").waitFor();
    await page.getByRole("list").getByText("Contact messages: a whole number of months from 1 to 120").waitFor();
    expect(await period.getAttribute("aria-invalid")).toBe("true");
    await period.fill("120");
    await period.press("Enter");
    await page.getByText("Retention periods saved.", { exact: true }).waitFor();
    await page.getByText("120 months after it was sent, then deleted.").waitFor();
    expect(await dueFor(page, "contactMessages")).toBe("Next run removes 0");
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, "privacy-retention-375");

    await page.getByRole("link", { name: "Records of processing" }).click();
    await page.getByRole("heading", { name: "Records of processing" }).waitFor();
    for (const label of [
      "Card gifts and their receipts",
      "Offline gifts and their receipts",
      "Newsletter subscribers",
      "Volunteer applications",
      "Contact messages",
      "Single-use links and My giving sessions",
      "Sign-in throttling counters",
      "Staff accounts",
      "Activity log entries",
      "Photos of people and their consent records",
    ]) {
      await page.getByRole("heading", { name: label, exact: true }).waitFor();
    }
    const messages = page.getByRole("region", { name: "Contact messages" });
    expect(await messages.textContent()).toContain("120 months after it was sent, then deleted");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "privacy-records-375");
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, "privacy-records-1280");

    await page.getByRole("link", { name: "Breach register" }).click();
    await page.getByText("No breaches recorded.").waitFor();
    await page.getByLabel("What happened").fill("A laptop with a messages export was stolen");
    await page.getByLabel("When it was found (Addis Ababa time)").fill("2026-11-28T09:30");
    await page.getByLabel("Who is affected").fill("People who wrote to us");
    await page.getByRole("checkbox", { name: "Contact messages" }).check();
    await page.getByRole("button", { name: "Record breach" }).press("Enter");
    await page.getByText("Breach recorded.", { exact: true }).waitFor();
    const authority = page.getByTestId("breach-authority");
    expect(await authority.textContent()).toMatch(/^Tell the Ethiopian Communications Authority by Dec 1, 2026/);
    await page.getByText("People to inform: 3.").waitFor();
    await page.getByRole("button", { name: "Show the people to inform" }).click();
    expect(await page.getByLabel("Their addresses (3)").inputValue()).toBe(
      "new1@example.org, old1@example.org, old2@example.org",
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, "privacy-breaches-375");
    await page.getByRole("button", { name: "Mark authority told" }).click();
    await authority.getByText(/^Authority told /).waitFor();

    // The letter to them is written in the newsletter editor, then sent from here (docs/decisions/0861).
    await page.getByRole("button", { name: "Write to the people affected" }).click();
    await page.waitForURL(/\/admin\/newsletters\/[0-9a-f-]{36}$/);
    await page.getByLabel("Subject").waitFor();
    // The field is drawn before the draft it shows has loaded.
    await expect.poll(() => page.getByLabel("Subject").inputValue()).toBe("About your information at Hope Behind Bars");
    // Marked as a breach letter, with no way to send it to the subscribers (docs/decisions/0886).
    await page.getByText("This is a breach letter").waitFor();
    expect(await page.getByRole("button", { name: "Send now" }).count()).toBe(0);
    await screenshot(page, "privacy-breach-letter-editor-375");
    await page.goto("/admin/newsletters");
    await page.getByText("Breach letter · not sent to subscribers").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "newsletters-breach-letter-375");
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, "newsletters-breach-letter-1280");
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto("/admin/privacy/breaches");
    await page.getByRole("link", { name: "Edit the e-mail" }).waitFor();
    await page.getByRole("button", { name: "Send the e-mail to the people affected" }).click();
    const dialog = page.getByRole("dialog", { name: "Send the e-mail to the people affected?" });
    await dialog.waitFor();
    expect(await axeViolations(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "privacy-breach-letter-375");
    await dialog.getByRole("button", { name: "Send to 3 people" }).click();
    await page.getByText(/^People informed /).waitFor();
    const letters = () =>
      site.inbox.messages.filter((raw) => raw.includes("About your information at Hope Behind Bars"));
    await expect.poll(() => letters().length, { timeout: 15_000 }).toBe(3);
    await context.close();
  });

  it("publishes /privacy and /am/privacy from the same list, linked from the forms and the footer", async () => {
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const { page, context } = await newPage(site.browser, site.server, { viewport });
      await page.goto("/privacy");
      await page.getByRole("heading", { level: 1, name: "How we handle your data" }).waitFor();
      await page.getByRole("heading", { name: "Volunteer applications", exact: true }).waitFor();
      // The period an Administrator saved above: the cached page was purged.
      expect(await page.getByText("120 months after it was sent, then deleted").count()).toBe(1);
      expect(await page.getByText("24 months after its last status change, then deleted").count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `privacy-page-${viewport.width}`);

      await page.goto("/am/privacy");
      await page.getByRole("heading", { level: 1, name: "መረጃዎን እንዴት እንደምንይዝ" }).waitFor();
      await page.getByRole("heading", { name: "የበጎ ፈቃደኝነት ማመልከቻዎች", exact: true }).waitFor();
      expect(await page.getByText("ከተላከ ከ120 ወራት በኋላ ይሰረዛል").count()).toBe(1);
      expect(await page.locator('span[lang="en"]', { hasText: "PostgreSQL" }).count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `privacy-page-am-${viewport.width}`);
      await context.close();
    }

    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    for (const pathname of ["/contact", "/join-team", "/donate"]) {
      await page.goto(pathname);
      const link = page.getByRole("main").getByRole("link", { name: "How we handle your data" });
      expect(await link.first().getAttribute("href"), pathname).toBe("/privacy");
    }
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "How we handle your data" }).getAttribute("href")).toBe("/privacy");
    expect(await footer.getByRole("link", { name: "Privacy", exact: true }).getAttribute("href")).toBe("/privacy");
    await page.goto("/am/contact");
    expect(await page.getByRole("contentinfo").getByRole("link", { name: "ግላዊነት" }).getAttribute("href")).toBe(
      "/am/privacy",
    );
    await context.close();
  });
});
