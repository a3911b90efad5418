import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpInbox, linkIn, type SmtpInbox } from "../support/smtp-inbox.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, expectErrors, launchBrowser, newPage, screenshot } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/server.ts";

const NEW_PASSWORD = "a brand new passphrase for staff";
const CHANGED_PASSWORD = "and another passphrase after that";
const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const PHONE = { width: 390, height: 844 };

describe.runIf(browserAvailable)("own account: forgotten password and sessions", () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    // The site's job worker sends the reset e-mail to this test's SMTP server.
    server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      SMTP_FROM: "Hope Behind Bars <website@hopebehindbars.test>",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.stop();
  });

  const apiLogin = async (password: string, userAgent?: string) => {
    const response = await fetch(`${server.baseUrl}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(userAgent ? { "user-agent": userAgent } : {}) },
      body: JSON.stringify({ email: server.admin.email, password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  };
  const signedIn = async (token: string) =>
    (await fetch(`${server.baseUrl}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } })).status === 200;

  it("resets a forgotten password through the e-mailed link, then signs in", async () => {
    const before = await apiLogin(server.admin.password);
    const { page, context } = await newPage(browser, server);
    // The used link is checked once more and answered 410 Gone.
    expectErrors(page, [/^410 POST \/api\/admin\/password-reset\/check$/]);

    await page.goto("/admin/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/admin/forgot-password");
    await page.getByLabel("Email").fill(server.admin.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe(
        "If that address belongs to a staff account, we have sent it a link to choose a new password. The link works once, within one hour.",
      );
    expect(await axeViolations(page, "main")).toEqual([]);

    await expect.poll(() => inbox.messages.length, { timeout: 15_000 }).toBe(1);
    const link = linkIn(inbox.messages[0] as string, `${server.baseUrl}/admin/reset-password#`);
    await page.goto(link);
    await expect.poll(() => page.getByText(`For ${server.admin.email}.`).isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.baseUrl}/admin/reset-password`); // the token left the address bar
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("New password again").fill("not the same passphrase");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect.poll(() => page.getByText("The two passwords are not the same.").isVisible()).toBe(true);
    await page.getByLabel("New password again").fill(NEW_PASSWORD);
    await screenshot(page, "account-reset-desktop");
    await page.getByRole("button", { name: "Set new password" }).click();

    await page.waitForURL("**/admin/login?password=changed");
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe("Your password has been changed. Log in with your new password.");
    expect(await signedIn(before)).toBe(false);
    await page.getByLabel("Email").fill(server.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL("**/admin");
    // At once: signing out cancels the dashboard's requests still on their way.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/admin/login");

    // The link worked once.
    await page.goto(link);
    await expect
      .poll(() => page.getByText("This link has expired or has already been used. Ask for a new one.").isVisible())
      .toBe(true);
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await page.waitForURL("**/admin/forgot-password");
    await context.close();
  });

  it("lists two sessions on the account screen, ends the other one, and changes the password", async () => {
    const other = await apiLogin(NEW_PASSWORD, FIREFOX_ON_WINDOWS);
    const { page, context } = await newPage(browser, server);
    // The wrong current password is answered 400.
    expectErrors(page, [/^400 PUT \/api\/admin\/account\/password$/]);
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(server.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL("**/admin");
    await page
      .getByRole("link", { name: /Your account/ })
      .first()
      .click();
    await page.waitForURL("**/admin/account");

    const sessions = page.getByRole("region", { name: "Where you are signed in" }).getByRole("listitem");
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await sessions.filter({ hasText: "This device" }).textContent()).toContain("Chrome on Linux");
    expect(await sessions.filter({ hasText: "Firefox on Windows" }).textContent()).toContain("127.0.0.1");
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "account-desktop");

    await page.getByRole("button", { name: "End session: Firefox on Windows" }).click();
    await expect.poll(() => sessions.count()).toBe(1);
    expect(await signedIn(other)).toBe(false);
    expect(await sessions.filter({ hasText: "Firefox on Windows" }).count()).toBe(0);

    // Changing the password needs the current one, and signs out every other session.
    // The new session exists once apiLogin returns: one reload shows it, when the list has loaded.
    const third = await apiLogin(NEW_PASSWORD, FIREFOX_ON_WINDOWS);
    await page.reload();
    await expect.poll(() => sessions.count(), { timeout: 10_000 }).toBe(2);
    const passwordForm = page.getByRole("region", { name: "Password" });
    await passwordForm.getByLabel("Current password").fill("not my password at all");
    await passwordForm.getByLabel("New password", { exact: true }).fill(CHANGED_PASSWORD);
    await passwordForm.getByLabel("New password again").fill(CHANGED_PASSWORD);
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => passwordForm.getByText("Your current password is not correct.").isVisible()).toBe(true);
    await passwordForm.getByLabel("Current password").fill(NEW_PASSWORD);
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => sessions.count()).toBe(1);
    expect(await signedIn(third)).toBe(false);
    expect(await page.getByText("Password changed. Your other sessions have been signed out.").isVisible()).toBe(true);

    const token = await page.evaluate(() => window.localStorage.getItem("adminToken"));
    const { page: phone, context: phoneContext } = await newPage(browser, server, { viewport: PHONE });
    await phone.goto("/admin/login");
    await phone.evaluate((value) => window.localStorage.setItem("adminToken", value as string), token);
    await phone.goto("/admin/account");
    await expect.poll(() => phone.getByRole("heading", { name: "Your account" }).isVisible()).toBe(true);
    await expect.poll(() => phone.getByText("This device").isVisible()).toBe(true);
    await screenshot(phone, "account-390");
    await phone.goto("/admin/forgot-password");
    await screenshot(phone, "account-forgot-390");
    await phoneContext.close();
    await context.close();
  });
});
