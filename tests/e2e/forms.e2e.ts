import { randomUUID } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createSmtpInbox } from "../support/smtp-inbox.ts";
import { adminApi, breakTable, refuseWrites } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import {
  browserAvailable,
  expectErrors,
  newPage,
  openAdminPage,
  type PageOptions,
  screenshot,
  VIEWPORTS,
} from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import { expectLaidOut } from "./support/layout.ts";
import { type RunningServer, startServer } from "./support/server.ts";

/** Waits for a condition; generous because CI shares two cores with other suites. */
const poll = <T>(condition: () => T | Promise<T>, message?: string) =>
  expect.poll(condition, { timeout: 15_000, interval: 100, message });

/** Rows arranged straight in the database get real record ids: the API answers 404 for anything else. */
const FAIL_MESSAGE_ID = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0";
const AXE_MESSAGE_ID = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const CLIPBOARD: PageOptions["context"] = { permissions: ["clipboard-read", "clipboard-write"] };
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const visible = async (page: Page, text: string) =>
  poll(() => toast(page, text).count(), `toast "${text}"`).toBeGreaterThan(0);

/** Rows straight into the server's SQLite file: bulk data without tripping the public rate limit. */
function insertApplications(server: RunningServer, rows: Array<{ id: string; name: string; minutesAgo: number }>) {
  const db = new SQLite(path.join(server.dataDir, "hope.sqlite"));
  const insert = db.prepare(
    `insert into volunteer_applications (id, full_name, email, phone, age, interest, motivation, availability, status, created_at)
     values (?, ?, ?, '0911000000', 30, 'General Support', 'To help', 'Flexible', 'Pending', ?)`,
  );
  db.transaction(() => {
    for (const row of rows) {
      const email = `${row.id}@example.org`;
      insert.run(row.id, row.name, email, new Date(Date.now() - row.minutesAgo * 60_000).toISOString());
    }
  })();
  db.close();
}

describe.runIf(browserAvailable)("visitor forms and the staff inbox", () => {
  const site = journeySite({ PAGE_CACHE_SECONDS: "0" });

  it("server-renders /join-team and /contact with their forms, details and a lazy, named map", async () => {
    const join = await (await fetch(`${site.server.baseUrl}/join-team`)).text();
    expect(join).toContain("<title>Join Our Team | Hope Behind Bars</title>");
    expect(join).toContain('<link rel="canonical" href="http://127.0.0.1:');
    expect(join).toContain("Area of Interest");
    expect(join).toContain("Newsletter sign-up");
    const contact = await (await fetch(`${site.server.baseUrl}/contact`)).text();
    // Required fields are marked for screen readers (and by eye with an asterisk).
    for (const id of ["contact-name", "contact-email", "contact-message", "newsletter-email"]) {
      expect(contact, id).toMatch(new RegExp(`id="${id}"[^>]*required=""|required=""[^>]*id="${id}"`));
    }
    expect(contact).toContain("<title>Contact Us | Hope Behind Bars</title>");
    expect(contact).toContain("Addis Ababa, Ethiopia");
    expect(contact).toContain('href="mailto:info@hopebehindbars.org"');
    // The map is named "Map: {place}" by a text (the place keeps its own lang on an Amharic page).
    expect(contact).toMatch(/<span id="contact-map-name" hidden="">Map: <span>[^<]+<\/span><\/span>/);
    expect(contact).toMatch(
      /<iframe aria-labelledby="contact-map-name" src="https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[^"]+" loading="lazy"/,
    );
  });

  it("a visitor applies with the conditional fields; staff review, copy, change status, cancel in bulk and delete", async () => {
    const { page, context } = await newPage(site.browser, site.server, { context: CLIPBOARD });
    await page.goto("/join-team");
    const form = page.getByRole("form", { name: "Volunteer application" });
    const field = (label: string) => form.getByLabel(label, { exact: true });
    await page.getByRole("button", { name: "Submit Application" }).click();
    for (const message of [
      "Full name is required",
      "Email is required",
      "Phone number is required",
      "Age is required",
      "Please select an area of interest",
      "Please select your availability",
      "This field is required",
    ]) {
      await poll(() => page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    }
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("volunteer-fullName");
    expect(await field("Full Name").getAttribute("aria-invalid")).toBe("true");
    expect(await field("Full Name").getAttribute("aria-describedby")).toBe("volunteer-fullName-error");
    await screenshot(page, "join-team-errors-1280");

    await field("Full Name").fill("Meron Tesfaye");
    await field("Email Address").fill("meron");
    await field("Phone Number").fill("+251 911 234 567");
    await field("Age").fill("17");
    await poll(() => page.getByText("Invalid email address").isVisible()).toBe(true);
    await poll(() => page.getByText("You must be at least 18").isVisible()).toBe(true);
    await field("Email Address").fill("meron@example.org");
    await field("Age").fill("18");
    await poll(() => form.getByLabel("Your Skills").count()).toBe(0);
    await field("Area of Interest").selectOption("Skills-Based Volunteering");
    await poll(() => page.getByText("Please specify your skills").isVisible()).toBe(true);
    await field("Area of Interest").selectOption("Other");
    await poll(() => form.getByLabel("Your Skills").count()).toBe(0);
    await poll(() => page.getByText("Please specify your other interest").isVisible()).toBe(true);
    await field("Area of Interest").selectOption("Skills-Based Volunteering");
    await field("Your Skills").fill("Midwifery and first aid");
    await field("Availability").selectOption("Weekends");
    await field("Why do you want to volunteer with us?").fill("Mothers and children deserve care.");
    await field("LinkedIn Profile (optional)").fill("https://www.linkedin.com/in/meron");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await visible(page, "Application submitted successfully! We will be in touch soon.");
    await poll(() => page.getByRole("heading", { name: "Thank You!" }).isVisible()).toBe(true);
    expect(await form.count()).toBe(0);
    await context.close();

    insertApplications(site.server, [
      { id: "second-applicant", name: "Second Applicant", minutesAgo: 60 },
      { id: "third-applicant", name: "Third Applicant", minutesAgo: 120 },
    ]);
    const admin = await newPage(site.browser, site.server, { context: CLIPBOARD });
    const staff = admin.page;
    await openAdminPage(staff, site.server, "/admin/volunteers");
    const row = staff.getByRole("row").filter({ hasText: "Meron Tesfaye" });
    await poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain("Age 18");
    expect(await row.textContent()).toContain("Skills-Based Volunteering");
    await row.getByRole("button", { name: "meron@example.org" }).click();
    await visible(staff, "Email copied to clipboard!");
    expect(await clipboard(staff)).toBe("meron@example.org");

    await row.getByRole("button", { name: "Details for Meron Tesfaye" }).click();
    const dialog = staff.getByRole("dialog", { name: "Meron Tesfaye" });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("Skills: Midwifery and first aid");
    expect(await dialog.textContent()).toContain("Mothers and children deserve care.");
    await dialog.getByRole("button", { name: /Copy LinkedIn/ }).click();
    await visible(staff, "LinkedIn copied!");
    expect(await clipboard(staff)).toBe("https://www.linkedin.com/in/meron");
    await dialog.getByLabel("Status").selectOption("Accepted");
    await dialog.getByRole("button", { name: "Save status" }).click();
    await visible(staff, "Status updated!");
    await expect
      .poll(() => row.getByText("Accepted").filter({ visible: true }).getAttribute("data-status-colour"))
      .toBe("green");
    await dialog.getByRole("button", { name: "Close" }).click();
    expect(await dialog.count()).toBe(0);
    await screenshot(staff, "admin-volunteers-1280");

    await staff.getByRole("checkbox", { name: "Select Second Applicant" }).check();
    await staff.getByRole("checkbox", { name: "Select Third Applicant" }).check();
    const bar = staff.getByRole("region", { name: "Bulk actions" });
    expect(await bar.textContent()).toContain("2 selected");
    await bar.getByRole("button", { name: "Mark as Canceled" }).click();
    await visible(staff, "Selected applications have been canceled.");
    const second = staff.getByRole("row").filter({ hasText: "Second Applicant" });
    await poll(() => second.getAttribute("data-canceled")).toBe("true");
    expect(await second.getByText("Second Applicant").evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe(
      "line-through",
    );
    expect(await second.getByRole("button", { name: "Details for Second Applicant" }).isDisabled()).toBe(true);
    expect(await second.getByText("Canceled").filter({ visible: true }).getAttribute("data-status-colour")).toBe("red");
    expect(await bar.count()).toBe(0);

    await staff.getByRole("checkbox", { name: "Select all applications on this page" }).check();
    expect(await bar.textContent()).toContain("3 selected");
    await bar.getByRole("button", { name: "Clear" }).click();
    expect(await bar.count()).toBe(0);

    await second.getByRole("button", { name: "Delete application from Second Applicant" }).click();
    await visible(staff, 'Delete application from "Second Applicant"? This action is permanent and cannot be undone.');
    await staff.getByRole("button", { name: "Confirm Delete" }).click();
    await poll(() => second.count()).toBe(0);

    await staff.getByRole("checkbox", { name: "Select all applications on this page" }).check();
    await bar.getByRole("button", { name: "Delete" }).click();
    await staff.getByRole("alertdialog").getByRole("button", { name: "Confirm Delete" }).click();
    await visible(staff, "Selected applications have been deleted.");
    await poll(() => staff.getByText("No applications found.").isVisible()).toBe(true);
    expect((await adminApi(site.server).then((api) => api.json("GET", "/api/volunteer"))).length).toBe(0);
    await admin.context.close();
  });

  it("a visitor sends a message; staff see it unread with a sidebar count, open it (read), and delete it", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await page.goto("/contact");
    const contactForm = page.getByRole("form", { name: "Send us a message" });
    const field = (label: string) => contactForm.getByLabel(label, { exact: true });
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of ["Your name is required", "A valid email is required", "Please enter your message"]) {
      await poll(() => page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    }
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("contact-name");
    await field("Your Name").fill("Hanna Bekele");
    await field("Your Email").fill("hanna@example.org");
    await field("Message").fill("Our church group would like to visit.\nWho should we call?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await visible(page, "Message sent successfully! We will get back to you soon.");
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-result"))).toBe("success");
    expect(await page.evaluate(() => document.activeElement?.closest("form")?.getAttribute("aria-label"))).toBe(
      "Send us a message",
    );
    await poll(() => field("Your Name").inputValue()).toBe("");
    expect(await field("Message").inputValue()).toBe("");
    const map = page.locator("iframe[aria-labelledby=contact-map-name]");
    expect(await map.getAttribute("loading")).toBe("lazy");
    await context.close();

    const admin = await newPage(site.browser, site.server);
    const staff = admin.page;
    await openAdminPage(staff, site.server, "/admin/messages");
    const badge = staff.locator("aside").getByTestId("unread-messages");
    await poll(() => badge.textContent()).toBe("1 unread");
    const item = staff.getByRole("listitem").filter({ hasText: "Hanna Bekele" });
    await poll(() => item.getAttribute("data-unread")).toBe("true");
    expect(await item.textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d\d [AP]M/);
    await screenshot(staff, "admin-messages-1280");
    await item.getByRole("button", { name: "View details of the message from Hanna Bekele" }).click();
    const dialog = staff.getByRole("dialog", { name: "Message from Hanna Bekele" });
    await expect
      .poll(() => dialog.textContent())
      .toContain("Our church group would like to visit.\nWho should we call?");
    await poll(() => badge.count()).toBe(0);
    expect(await item.getAttribute("data-unread")).toBeNull();
    expect((await adminApi(site.server).then((api) => api.json("GET", "/api/messages/admin")))[0].isRead).toBe(true);
    await dialog.getByRole("button", { name: "Delete Message" }).click();
    await visible(staff, "Delete message from Hanna Bekele?");
    await staff.getByRole("button", { name: "Confirm Delete" }).click();
    await visible(staff, "Message deleted!");
    await poll(() => staff.getByText("No messages yet.").isVisible()).toBe(true);
    await admin.context.close();
  });

  it("a visitor subscribes in the footer; staff copy all addresses and delete one", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    // An address already on the list is refused (409, with the message the form shows).
    expectErrors(page, [/^409 POST \/api\/subscribe$/]);
    await page.goto("/");
    const footer = page.getByRole("form", { name: "Newsletter sign-up" });
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await poll(() => footer.getByRole("alert").textContent()).toBe("Email is required");
    await footer.getByLabel("Email address").fill("not-an-email");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await poll(() => footer.getByRole("alert").textContent()).toBe("Invalid email address");
    await footer.getByLabel("Email address").fill("  Selam@Example.org ");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await visible(page, "Thank you for subscribing!");
    await poll(() => footer.getByLabel("Email address").inputValue()).toBe("");
    await footer.getByLabel("Email address").fill("selam@example.org");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await visible(page, "This email is already subscribed. Thank you for your support!");
    await page.goto("/contact");
    await page.getByRole("form", { name: "Newsletter sign-up" }).getByLabel("Email address").fill("dawit@example.org");
    await page.getByRole("form", { name: "Newsletter sign-up" }).getByRole("button", { name: "Subscribe" }).click();
    await visible(page, "Thank you for subscribing!");
    await context.close();

    const admin = await newPage(site.browser, site.server, { context: CLIPBOARD });
    const staff = admin.page;
    await openAdminPage(staff, site.server, "/admin/subscribe");
    const copyAll = staff.getByRole("button", { name: "Copy All Emails (2)" });
    await poll(() => copyAll.isVisible()).toBe(true);
    expect(await staff.getByRole("row").filter({ hasText: "selam@example.org" }).textContent()).toMatch(
      /[A-Z][a-z]+ \d{1,2}, \d{4}/,
    );
    await copyAll.click();
    await visible(staff, "All emails copied to clipboard!");
    expect(await clipboard(staff)).toBe("dawit@example.org, selam@example.org");
    await screenshot(staff, "admin-subscribers-1280");
    await staff.getByRole("button", { name: "Copy selam@example.org" }).click();
    await visible(staff, "Email copied to clipboard!");
    expect(await clipboard(staff)).toBe("selam@example.org");
    await staff.getByRole("button", { name: "Delete selam@example.org" }).click();
    await visible(staff, "Delete subscriber?");
    expect(await toast(staff, "Delete subscriber?").textContent()).toContain("selam@example.org");
    await staff.getByRole("button", { name: "Confirm Delete" }).click();
    await visible(staff, "Subscriber(s) deleted.");
    await poll(() => staff.getByRole("button", { name: "Copy All Emails (1)" }).isVisible()).toBe(true);
    const download = staff.waitForEvent("download");
    await staff.getByRole("button", { name: "Export CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^subscribers-\d{4}-\d\d-\d\d\.csv$/);
    await admin.context.close();
  });

  it("shows the spec's failure texts when the server cannot store or list", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [/^500 POST \/api\/volunteer$/, /^500 POST \/api\/messages$/, /^500 POST \/api\/subscribe$/]);
    const restore = breakTable(site.server, "volunteer_applications");
    const restoreMessages = breakTable(site.server, "contact_messages");
    const restoreSubscribers = breakTable(site.server, "subscribers");
    try {
      await page.goto("/join-team");
      const form = page.getByRole("form", { name: "Volunteer application" });
      const field = (label: string) => form.getByLabel(label, { exact: true });
      await field("Full Name").fill("Abebe Kebede");
      await field("Email Address").fill("abebe@example.org");
      await field("Phone Number").fill("0911");
      await field("Age").fill("40");
      await field("Area of Interest").selectOption("General Support");
      await field("Availability").selectOption("Flexible");
      await field("Why do you want to volunteer with us?").fill("To help");
      await page.getByRole("button", { name: "Submit Application" }).click();
      await visible(page, "Submission failed. Please try again.");
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-result"))).toBe("failure");
      expect(await page.getByRole("form", { name: "Volunteer application" }).isVisible()).toBe(true);

      await page.goto("/contact");
      const contactForm = page.getByRole("form", { name: "Send us a message" });
      const contactField = (label: string) => contactForm.getByLabel(label, { exact: true });
      await contactField("Your Name").fill("Abebe");
      await contactField("Your Email").fill("abebe@example.org");
      await contactField("Message").fill("Hello");
      await page.getByRole("button", { name: "Send Message" }).click();
      await visible(page, "Failed to send message. Please try again.");
      await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(
        "Failed to send message. Please try again.",
      );
      expect(await contactField("Message").inputValue()).toBe("Hello");

      const footer = page.getByRole("form", { name: "Newsletter sign-up" });
      await footer.getByLabel("Email address").fill("abebe@example.org");
      await footer.getByRole("button", { name: "Subscribe" }).click();
      // A 500 carries a generic server message; the form shows what the server said.
      await visible(page, "Something went wrong on our side. Please try again.");

      const admin = await newPage(site.browser, site.server);
      expectErrors(admin.page, [
        // The screens read their lists a page at a time (docs/decisions/0610-admin-lists.md).
        /^500 GET \/api\/admin\/lists\/volunteers$/,
        /^500 GET \/api\/admin\/lists\/messages$/,
        /^500 GET \/api\/admin\/lists\/subscribers$/,
        /^500 GET \/api\/subscribe\/counts$/,
        // The sidebar's unread count, on every screen.
        /^500 GET \/api\/messages\/admin\/unread-count$/,
      ]);
      await openAdminPage(admin.page, site.server, "/admin/volunteers");
      await visible(admin.page, "Failed to fetch applications.");
      await poll(() => admin.page.getByText("No applications found.").isVisible()).toBe(true);
      await admin.page.goto("/admin/messages");
      await visible(admin.page, "Failed to fetch messages.");
      await admin.page.goto("/admin/subscribe");
      await visible(admin.page, "Failed to fetch subscribers.");
      // The screen's count of subscribers is asked beside the list: its answer may come after the
      // list's message shows, and must have come before the page closes.
      await poll(() => admin.errors.includes("500 GET /api/subscribe/counts")).toBe(true);
      await admin.context.close();
    } finally {
      restore();
      restoreMessages();
      restoreSubscribers();
    }
    await context.close();
  });

  it("shows progress while a form is sending: '...', and the loading toasts", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [/^409 POST \/api\/subscribe$/]);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/subscribe", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    const footer = page.getByRole("form", { name: "Newsletter sign-up" });
    await footer.getByLabel("Email address").fill("slow.network@example.org");
    await footer.getByRole("button", { name: "Subscribe" }).focus();
    await page.keyboard.press("Enter");
    // Unavailable while it runs, yet it keeps the keyboard focus through to the result.
    await poll(() => footer.getByRole("button", { name: "..." }).getAttribute("aria-disabled")).toBe("true");
    await visible(page, "Subscribing...");
    release();
    await visible(page, "Thank you for subscribing!");
    await poll(() => footer.getByRole("button", { name: "Subscribe" }).getAttribute("aria-disabled")).toBe(null);
    // The result takes the keyboard focus inside the form, so it is read where the visitor is
    // and the next Tab goes on from the form; it stays after the toast has gone, until the visitor types again.
    const focused = () =>
      page.evaluate(() => document.activeElement?.closest("form") && document.activeElement.textContent);
    await poll(focused).toBe("Thank you for subscribing!");
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Subscribe");
    await footer.getByLabel("Email address").fill("slow.network@example.org");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await poll(focused).toBe("This email is already subscribed. Thank you for your support!");
    await footer.getByLabel("Email address").pressSequentially("x");
    await poll(() => footer.locator("[data-result]").count()).toBe(0);
    await context.close();
  });

  it("shows the spec's failure toasts when a staff action cannot be saved", async () => {
    insertApplications(site.server, [{ id: "fail-1", name: "Fana Desta", minutesAgo: 0 }]);
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"));
    const now = new Date().toISOString();
    db.prepare(
      "insert into contact_messages (id, name, email, message, is_read, created_at) values (?, ?, ?, ?, 1, ?)",
    ).run(FAIL_MESSAGE_ID, "Fana Desta", "fana@example.org", "Hello", now);
    db.prepare("insert into subscribers (id, email, created_at) values (?, ?, ?)").run(
      "fail-sub",
      "fana@example.org",
      now,
    );
    db.close();
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [
      /^500 PUT \/api\/volunteer\/status$/,
      /^500 DELETE \/api\/volunteer$/,
      new RegExp(`^500 DELETE /api/messages/admin/${FAIL_MESSAGE_ID}$`),
      /^500 DELETE \/api\/subscribe$/,
    ]);

    await openAdminPage(page, site.server, "/admin/volunteers");
    const row = page.getByRole("row").filter({ hasText: "Fana Desta" });
    await poll(() => row.isVisible());
    // Only writes fail: the screen and its reloads still read (it was seen mounted again, on a
    // busy machine, after the whole table had been taken away, and then showed nothing to select).
    await page.waitForLoadState("networkidle");
    let restore = refuseWrites(site.server, "volunteer_applications");
    try {
      await page.getByRole("checkbox", { name: "Select Fana Desta" }).check();
      const bar = page.getByRole("region", { name: "Bulk actions" });
      await bar.getByRole("button", { name: "Mark as Canceled" }).click();
      await visible(page, "Failed to cancel applications.");
      await bar.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Confirm Delete" }).click();
      await visible(page, "Failed to delete applications.");
      await bar.getByRole("button", { name: "Clear" }).click();
      await row.getByRole("button", { name: "Details for Fana Desta" }).click();
      await page.getByRole("dialog").getByLabel("Status").selectOption("Contacted");
      await page.getByRole("dialog").getByRole("button", { name: "Save status" }).click();
      await visible(page, "Failed to update status.");
    } finally {
      restore();
    }
    // The failed change reloads the list, which shows the stored status again.
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await poll(() => row.getByText("Pending").filter({ visible: true }).isVisible());

    await page.goto("/admin/messages");
    const message = page.getByRole("listitem").filter({ hasText: "Fana Desta" });
    await poll(() => message.isVisible());
    await page.waitForLoadState("networkidle");
    restore = refuseWrites(site.server, "contact_messages");
    try {
      await message.getByRole("button", { name: "Delete message from Fana Desta" }).click();
      await page.getByRole("button", { name: "Confirm Delete" }).click();
      await visible(page, "Failed to delete message.");
    } finally {
      restore();
    }

    await page.goto("/admin/subscribe");
    await poll(() => page.getByRole("button", { name: "Delete fana@example.org" }).isVisible());
    await page.waitForLoadState("networkidle");
    restore = refuseWrites(site.server, "subscribers");
    try {
      await page.getByRole("button", { name: "Delete fana@example.org" }).click();
      await page.getByRole("button", { name: "Confirm Delete" }).click();
      await visible(page, "Failed to delete subscriber(s).");
    } finally {
      restore();
    }
    await context.close();
    const api = await adminApi(site.server);
    await api.json("DELETE", "/api/volunteer", { ids: ["fail-1"] });
    await api.json("DELETE", `/api/messages/admin/${FAIL_MESSAGE_ID}`);
    await api.json("DELETE", "/api/subscribe", { ids: ["fail-sub"] });
  });

  it("keeps the applications screen usable with 5000 rows: pages of 25 and a search box", async () => {
    insertApplications(
      site.server,
      Array.from({ length: 5000 }, (_, i) => ({ id: `bulk-${i}`, name: `Bulk Applicant ${i}`, minutesAgo: i + 1 })),
    );
    const total = (await adminApi(site.server).then((api) => api.json("GET", "/api/volunteer"))).length;
    expect(total).toBeGreaterThanOrEqual(5000);
    const { page, context } = await newPage(site.browser, site.server);
    const started = Date.now();
    await openAdminPage(page, site.server, "/admin/volunteers");
    await poll(() => page.getByText(`Showing 1–25 of ${total} applications`).isVisible()).toBe(true);
    const rendered = Date.now() - started;
    expect(await page.locator("tbody tr").count()).toBe(25);
    expect(await page.locator("tbody tr").first().textContent()).toContain("Bulk Applicant 0");
    await page.getByRole("button", { name: "Next" }).click();
    await poll(() => page.getByText(`Showing 26–50 of ${total} applications`).isVisible()).toBe(true);
    await page.getByLabel("Search applications").fill("Bulk Applicant 4321");
    await poll(() => page.locator("tbody tr").count()).toBe(1);
    expect(await page.getByText("Showing 1–1 of 1 applications").isVisible()).toBe(true);
    console.info(`5000 applications: first page shown ${rendered} ms after navigation`);
    await context.close();
  });

  it("has no axe (WCAG 2.1 AA) findings on the forms, with errors shown, and on the staff screens", async () => {
    insertApplications(site.server, [{ id: "axe-1", name: "Axe Applicant", minutesAgo: 0 }]);
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"));
    const now = new Date().toISOString();
    db.prepare(
      "insert into contact_messages (id, name, email, message, is_read, created_at) values (?, ?, ?, ?, 0, ?)",
    ).run(AXE_MESSAGE_ID, "Axe Visitor", "axe@example.org", "Hello", now);
    db.prepare("insert into subscribers (id, email, created_at) values (?, ?, ?)").run(
      "axe-sub",
      "axe@example.org",
      now,
    );
    db.close();
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const { page, context } = await newPage(site.browser, site.server, { viewport });
      await page.goto("/join-team");
      await page.getByRole("button", { name: "Submit Application" }).click();
      await poll(() => page.getByText("Full name is required").isVisible()).toBe(true);
      expect(await axeViolations(page), `/join-team with errors at ${viewport.width}`).toEqual([]);
      await page.goto("/contact");
      await page.getByRole("button", { name: "Send Message" }).click();
      await poll(() => page.getByText("Your name is required").isVisible()).toBe(true);
      const footer = page.getByRole("form", { name: "Newsletter sign-up" });
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await poll(() => footer.getByRole("alert").isVisible()).toBe(true);
      expect(await axeViolations(page), `/contact with errors at ${viewport.width}`).toEqual([]);

      await openAdminPage(page, site.server, "/admin/volunteers");
      await page.getByRole("button", { name: "Details for Axe Applicant" }).click();
      await poll(() => page.getByRole("dialog").isVisible()).toBe(true);
      expect(await axeViolations(page), `volunteer details at ${viewport.width}`).toEqual([]);
      await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
      await page.getByRole("checkbox", { name: "Select Axe Applicant" }).check();
      expect(await axeViolations(page), `volunteers at ${viewport.width}`).toEqual([]);
      await page.goto("/admin/messages");
      await poll(() => page.getByText("Axe Visitor").isVisible()).toBe(true);
      expect(await axeViolations(page), `messages at ${viewport.width}`).toEqual([]);
      await page.goto("/admin/subscribe");
      await poll(() => page.getByText("axe@example.org").isVisible()).toBe(true);
      expect(await axeViolations(page), `subscribers at ${viewport.width}`).toEqual([]);
      await context.close();
    }
    const api = await adminApi(site.server);
    await api.json("DELETE", "/api/volunteer", { ids: ["axe-1"] });
    await api.json("DELETE", `/api/messages/admin/${AXE_MESSAGE_ID}`);
    await api.json("DELETE", "/api/subscribe", { ids: ["axe-sub"] });
  });

  it("lays out join team with errors and contact at 375 and 1280 px, and the three staff screens at 375 px", async () => {
    for (const viewport of Object.values(VIEWPORTS)) {
      const where = (pathname: string) => `${pathname} at ${viewport.width} px`;
      const { page, context } = await newPage(site.browser, site.server, { viewport });
      await page.goto("/join-team");
      await page.getByRole("button", { name: "Submit Application" }).click();
      await poll(() => page.getByText("Full name is required").isVisible()).toBe(true);
      await screenshot(page, `join-team-errors-${viewport.width}`);
      const join = page.getByRole("form", { name: "Volunteer application" });
      await expectLaidOut(
        page,
        {
          header: page.getByRole("banner"),
          heading: page.getByRole("heading", { level: 1 }),
          "full name": join.getByLabel("Full Name", { exact: true }),
          "its error": page.getByText("Full name is required"),
          email: join.getByLabel("Email Address", { exact: true }),
          "area of interest": join.getByLabel("Area of Interest", { exact: true }),
          submit: page.getByRole("button", { name: "Submit Application" }),
          footer: page.getByRole("contentinfo"),
        },
        where("/join-team with errors"),
      );

      await page.goto("/contact");
      await screenshot(page, `contact-${viewport.width}`);
      const contact = page.getByRole("form", { name: "Send us a message" });
      await expectLaidOut(
        page,
        {
          header: page.getByRole("banner"),
          heading: page.getByRole("heading", { level: 1 }),
          "e-mail": page.getByRole("link", { name: "info@hopebehindbars.org" }).first(),
          name: contact.getByLabel("Your Name", { exact: true }),
          message: contact.getByLabel("Message", { exact: true }),
          send: page.getByRole("button", { name: "Send Message" }),
          map: page.locator("iframe[aria-labelledby=contact-map-name]"),
          footer: page.getByRole("contentinfo"),
        },
        where("/contact"),
      );
      await context.close();
    }

    insertApplications(site.server, [
      { id: "mobile-1", name: "Tigist Alemayehu", minutesAgo: 0 },
      { id: "mobile-2", name: "Kebede Tadesse", minutesAgo: 0 },
    ]);
    const api = await adminApi(site.server);
    await api.json("PUT", "/api/volunteer/status", { ids: ["mobile-1"], status: "Canceled" });
    await api.json("PUT", "/api/volunteer/status", { ids: ["mobile-2"], status: "Accepted" });
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"));
    const now = new Date().toISOString();
    const insertMessage = db.prepare(
      "insert into contact_messages (id, name, email, message, is_read, created_at) values (?, ?, ?, ?, 0, ?)",
    );
    insertMessage.run(randomUUID(), "Martha Girma", "martha@example.org", "Can we donate sewing machines?", now);
    insertMessage.run(randomUUID(), "Yonas Haile", "yonas@example.org", "When is the next visit day?", now);
    const insertSubscriber = db.prepare("insert into subscribers (id, email, created_at) values (?, ?, ?)");
    insertSubscriber.run("mobile-sub", "hirut@example.org", now);
    insertSubscriber.run("mobile-sub-2", "lulit@example.org", now);
    db.close();
    const admin = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    const staff = admin.page;
    for (const [pathname, name, items] of [
      [
        "/admin/volunteers",
        "admin-volunteers-375",
        [staff.getByRole("row", { name: /Tigist Alemayehu/ }), staff.getByRole("row", { name: /Kebede Tadesse/ })],
      ],
      [
        "/admin/messages",
        "admin-messages-375",
        [
          staff.getByRole("listitem").filter({ hasText: "Martha Girma" }),
          staff.getByRole("listitem").filter({ hasText: "Yonas Haile" }),
        ],
      ],
      [
        "/admin/subscribe",
        "admin-subscribers-375",
        [
          staff.getByRole("row", { name: /hirut@example\.org/ }),
          staff.getByRole("row", { name: /lulit@example\.org/ }),
        ],
      ],
    ] as const) {
      await openAdminPage(staff, site.server, pathname);
      await poll(() => items[1].isVisible()).toBe(true);
      await screenshot(staff, name);
      await expectLaidOut(
        staff,
        {
          "top bar": staff.getByRole("banner"),
          heading: staff.getByRole("heading", { level: 1 }),
          "first item": items[0],
          "second item": items[1],
        },
        `${pathname} at 375 px`,
      );
    }
    await admin.context.close();
  });
});

describe.runIf(browserAvailable)("staff e-mail from the running server", () => {
  it("e-mails staff about a new application when SMTP is configured", async () => {
    const inbox = await createSmtpInbox();
    await inbox.start();
    const server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      STAFF_EMAIL: "staff@hopebehindbars.test",
    });
    try {
      const response = await fetch(`${server.baseUrl}/api/volunteer`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          fullName: "Selam Worku",
          email: "selam@example.org",
          phone: "0911",
          age: 25,
          interest: "Event Support",
          motivation: "To help",
          availability: "Weekends",
        }),
      });
      expect(response.status).toBe(201);
      await poll(() => inbox.messages.length).toBe(1);
      expect(inbox.messages[0]).toContain("Subject: New volunteer application: Selam Worku");
    } finally {
      await server.stop();
      await inbox.stop();
    }
  });
});
