import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import {
  browserAvailable,
  expectErrors,
  newPage,
  openAdminPage,
  type PageOptions,
  screenshot,
} from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

const PHONE = { width: 390, height: 844 };
const CLIPBOARD: PageOptions["context"] = { permissions: ["clipboard-read", "clipboard-write"] };
const INVITEE = { email: "hanna@example.org", name: "Hanna Bekele", password: "a long and private passphrase" };

/** The sidebar's screens (its list; the account link below it is everyone's). */
/** The link's path and fragment (the fragment holds the token), to open on the test server. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
};

const sidebarLinks = (page: Page) =>
  page.getByRole("navigation", { name: "Admin" }).getByRole("list").first().getByRole("link").allTextContents();

/**
 * Signs in through the login form, as a person does; the one place this journey logs in, so a later
 * login step (a second factor) is added here only.
 */
async function signIn(page: Page, credentials: { email: string; password: string }) {
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

describe.runIf(browserAvailable)("staff invitations and roles", () => {
  // No SMTP settings: the Administrator passes the link on by hand.
  const site = journeySite();

  it("an Administrator invites an Editor, who joins, signs in and sees only Editor screens", async () => {
    const admin = await newPage(site.browser, site.server, { context: CLIPBOARD });
    await openAdminPage(admin.page, site.server, "/admin/staff");
    await admin.page.getByRole("heading", { name: "Staff", exact: true }).waitFor();
    expect(await sidebarLinks(admin.page)).toContain("Staff");

    await admin.page.getByLabel("E-mail").fill(INVITEE.email);
    await admin.page.getByLabel("Role", { exact: true }).selectOption({ label: "Editor" });
    await expect
      .poll(() =>
        admin.page
          .getByText(
            "Blogs, gallery, videos, publications, site content and newsletters, including sending a newsletter to every subscriber.",
          )
          .count(),
      )
      .toBeGreaterThan(0);
    await admin.page.getByRole("button", { name: "Send invitation" }).click();
    await admin.page.getByText(`Send this link to ${INVITEE.email}`).waitFor();
    const link = await admin.page.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(new RegExp(`^${site.server.baseUrl}/admin/accept-invitation#[A-Za-z0-9_-]{43}$`));
    await admin.page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => admin.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const invitations = admin.page.getByRole("listitem").filter({ hasText: INVITEE.email });
    await expect.poll(() => invitations.getByText(/^Editor · Sent/).count()).toBe(1);
    expect(await axeViolations(admin.page, "main")).toEqual([]);
    await screenshot(admin.page, "admin-staff-invited-1280");

    // The invitee, in a browser of their own.
    const invitee = await newPage(site.browser, site.server);
    // The one refusal: the too-short password, answered 400 with its field messages.
    expectErrors(invitee.page, [/^400 POST \/api\/admin\/invitations\/accept$/]);
    await invitee.page.goto(pathOf(link));
    await invitee.page.getByRole("heading", { name: "Join the back office" }).waitFor();
    expect(await invitee.page.getByText("You are invited as Editor").count()).toBe(1);
    expect(await invitee.page.getByLabel("E-mail").inputValue()).toBe(INVITEE.email);
    expect(await axeViolations(invitee.page)).toEqual([]);
    await screenshot(invitee.page, "accept-invitation-1280");
    await invitee.page.getByLabel("Password").fill("too short");
    await invitee.page.getByRole("button", { name: "Create my account" }).click();
    await invitee.page.getByText("Enter your name.").waitFor();
    expect(await invitee.page.getByText("Password must be at least 12 characters.").count()).toBe(1);
    await invitee.page.getByLabel("Your name").fill(INVITEE.name);
    await invitee.page.getByLabel("Password").fill(INVITEE.password);
    await invitee.page.getByRole("button", { name: "Create my account" }).click();
    await invitee.page.getByRole("heading", { name: "Your account is ready" }).waitFor();
    await invitee.page.getByRole("link", { name: "Log in" }).click();
    await signIn(invitee.page, INVITEE);

    await invitee.page.getByRole("heading", { name: "Dashboard" }).waitFor();
    expect(await sidebarLinks(invitee.page)).toEqual([
      "Dashboard",
      "Blogs",
      "Gallery",
      "Videos",
      "Publications",
      "Newsletters",
      "Site content",
      "Supporters wall",
      "Insight",
      "Campaigns",
    ]);
    const tiles = invitee.page.getByRole("main").getByRole("link");
    expect(await tiles.allTextContents()).toEqual([
      expect.stringMatching(/^Blogs/),
      expect.stringMatching(/^Gallery/),
      expect.stringMatching(/^Videos/),
      expect.stringMatching(/^Publications/),
      expect.stringMatching(/^Newsletters/),
      expect.stringMatching(/^Site content/),
      expect.stringMatching(/^Supporters wall/),
      expect.stringMatching(/^Insight/),
      expect.stringMatching(/^Campaigns/),
    ]);
    expect(await invitee.page.getByText(INVITEE.name).count()).toBeGreaterThan(0);

    // A screen the role does not include, opened by its address: a plain explanation.
    await invitee.page.goto("/admin/staff");
    await invitee.page.getByRole("heading", { name: "You don't have access to this page" }).waitFor();
    expect(await invitee.page.getByText("Your role is Editor").count()).toBe(1);
    expect(await invitee.page.getByText("Send invitation").count()).toBe(0);
    await screenshot(invitee.page, "admin-forbidden-1280");
    await invitee.page.getByRole("link", { name: "Back to the dashboard" }).click();
    await invitee.page.getByRole("heading", { name: "Dashboard" }).waitFor();

    // The link worked once.
    const again = await newPage(site.browser, site.server);
    expectErrors(again.page, [/^404 POST \/api\/admin\/invitations\/check$/]);
    await again.page.goto(pathOf(link));
    await again.page.getByRole("heading", { name: "This invitation link no longer works" }).waitFor();
    await screenshot(again.page, "accept-invitation-used-1280");

    // The Administrator sees the new colleague and no waiting invitation.
    await admin.page.reload();
    const row = admin.page.getByRole("row").filter({ hasText: INVITEE.email });
    await row.waitFor();
    expect(await row.getByText(INVITEE.name, { exact: true }).count()).toBe(1);
    expect(await row.getByLabel(`Role of ${INVITEE.name}`).inputValue()).toBe("editor");
    expect(await admin.page.getByText("No invitations are waiting.").count()).toBe(1);
    for (const opened of [admin, invitee, again]) await opened.context.close();
  });

  it("shows the Staff screen, the invitation page and the forbidden page at phone width", async () => {
    const admin = await newPage(site.browser, site.server, { viewport: PHONE });
    await openAdminPage(admin.page, site.server, "/admin/staff");
    await admin.page.getByRole("heading", { name: "People (2)" }).waitFor();
    const overflow = await admin.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(admin.page, "admin-staff-390");
    await admin.page.getByLabel("E-mail").fill("selam@example.org");
    await admin.page.getByLabel("Role", { exact: true }).selectOption({ label: "Inbox" });
    await admin.page.getByRole("button", { name: "Send invitation" }).click();
    const link = await admin.page.getByLabel("Invitation link").inputValue();
    await screenshot(admin.page, "admin-staff-link-390");

    const invitee = await newPage(site.browser, site.server, { viewport: PHONE });
    await invitee.page.goto(pathOf(link));
    await invitee.page.getByRole("heading", { name: "Join the back office" }).waitFor();
    await screenshot(invitee.page, "accept-invitation-390");

    const editor = await newPage(site.browser, site.server, { viewport: PHONE });
    await editor.page.goto("/admin/login?redirectTo=/admin");
    await signIn(editor.page, INVITEE);
    await editor.page.goto("/admin/staff");
    await editor.page.getByRole("heading", { name: "You don't have access to this page" }).waitFor();
    await screenshot(editor.page, "admin-forbidden-390");
    for (const opened of [admin, invitee, editor]) await opened.context.close();
  });

  it("shows a changed role at the person's next click, and signs a deactivated person out", async () => {
    const editor = await newPage(site.browser, site.server);
    // Signed out when deactivated: the next check of the session is refused.
    expectErrors(editor.page, [/^401 GET \/api\/admin\/me$/]);
    await editor.page.goto("/admin/login?redirectTo=/admin");
    await signIn(editor.page, INVITEE);
    await editor.page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Blogs" }).click();
    await editor.page.waitForURL((url) => url.pathname === "/admin/blogs");
    const admin = await newPage(site.browser, site.server);
    await openAdminPage(admin.page, site.server, "/admin/staff");
    const row = admin.page.getByRole("row").filter({ hasText: INVITEE.email });
    await row.getByLabel(`Role of ${INVITEE.name}`).selectOption({ label: "Inbox" });
    await admin.page.getByText(`${INVITEE.name} is now Inbox.`).waitFor();

    await editor.page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
    await expect
      .poll(() => sidebarLinks(editor.page))
      .toEqual(["Dashboard", "Subscribers", "Volunteers", "Messages", "People"]);

    await row.getByRole("button", { name: `Deactivate ${INVITEE.name}` }).click();
    await admin.page.getByRole("button", { name: "Deactivate", exact: true }).click();
    await admin.page.getByText(`${INVITEE.name} is deactivated.`).waitFor();
    expect(await row.getByRole("button", { name: `Reactivate ${INVITEE.name}` }).count()).toBe(1);

    await editor.page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages" }).click();
    await editor.page.waitForURL((url) => url.pathname === "/admin/login");
    await admin.context.close();
    await editor.context.close();
  });
});
