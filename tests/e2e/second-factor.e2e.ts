import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { totpCode } from "../../core/second-factor/totp.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, expectErrors, newPage, screenshot } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

const PHONE = { width: 390, height: 844 };

/**
 * Chromium's own WebAuthn authenticator through the DevTools protocol: a real passkey ceremony in the
 * browser (ctap2, resident keys, user verification that always succeeds), not a mocked API.
 */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

describe.runIf(browserAvailable)("second factor: authenticator app, recovery codes and passkeys", () => {
  const site = journeySite({}, { host: "localhost" });

  const passwordStep = async (page: Page, email: string, password: string) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
  };
  const logOut = async (page: Page) => {
    // At once, while the dashboard's figures may still be on their way: signing out cancels them
    // (the server would answer them 401, which the journey counts as an error in the browser).
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/admin/login");
  };
  /** The Administrator's recovery codes, from the first journey. */
  let recoveryCodes: string[] = [];
  const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

  // One browser page (and its virtual authenticator, which holds the passkey) for the Administrator's steps.
  let page: Page;
  let secret = "";

  it("sets up an authenticator app and a passkey on Your account", async () => {
    ({ page } = await newPage(site.browser, site.server, { keepOpen: true }));
    // A wrong code at set-up is refused with 400.
    expectErrors(page, [/^400 POST \/api\/admin\/account\/second-factor\/totp\/confirm$/]);
    await virtualAuthenticator(page);
    const { email, password } = site.server.admin;

    await passwordStep(page, email, password);
    await page.waitForURL(/\/admin$/);
    await page.goto("/admin/account");
    const section = page.getByRole("region", { name: "Two-step verification" });
    await section.getByRole("button", { name: "Set up an authenticator app" }).click();
    await expect
      .poll(() => section.getByRole("img", { name: "QR code for your authenticator app" }).isVisible())
      .toBe(true);
    secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByLabel("Code from the app").fill("000000");
    await section.getByRole("button", { name: "Turn on" }).click();
    await expect
      .poll(() => section.getByText("That code is not right. Please check it and try again.").isVisible())
      .toBe(true);
    await section.getByLabel("Code from the app").fill(totpCode(secret, new Date()));
    await section.getByRole("button", { name: "Turn on" }).click();
    const codesList = page.getByRole("list", { name: "Recovery codes" });
    await expect.poll(() => codesList.getByRole("listitem").count()).toBe(10);
    recoveryCodes = (await codesList.getByRole("listitem").allTextContents()).map((c) => c.trim());
    await screenshot(page, "second-factor-recovery-codes-desktop");
    await page.getByRole("button", { name: "I have saved them" }).click();

    // A passkey on this "device" (the virtual authenticator).
    await section.getByLabel("Passkey name").fill("Office laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect.poll(() => section.getByRole("button", { name: "Remove Office laptop" }).isVisible()).toBe(true);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "second-factor-account-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "second-factor-account-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await logOut(page);
  });

  it("signs in with a code from the app (the password step alone grants nothing), then with a recovery code", async () => {
    // A wrong code at sign-in is refused with 401.
    expectErrors(page, [/^401 POST \/api\/admin\/login\/second-factor$/]);
    const { email, password } = site.server.admin;
    // The code field takes the cursor.
    await passwordStep(page, email, password);
    await expect.poll(() => page.getByRole("heading", { name: "Two-step verification" }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
    await expect.poll(() => focusedId(page)).toBe("login-code");
    expect(await page.getByLabel("Code from your authenticator app").getAttribute("autocomplete")).toBe(
      "one-time-code",
    );
    await page.getByLabel("Code from your authenticator app").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("That code is not right. Please check it and try again.");
    await expect.poll(() => focusedId(page)).toBe("login-code");
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "second-factor-login-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "second-factor-login-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    // The step after the one spent at set-up: within the accepted window, never a replay.
    await page.getByLabel("Code from your authenticator app").fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/admin$/);
    await logOut(page);

    // A recovery code.
    await passwordStep(page, email, password);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await expect.poll(() => focusedId(page)).toBe("login-recovery-code");
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] as string);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/admin$/);
    await logOut(page);
  });

  it("signs in with the passkey as the second step, and with the passkey alone", async () => {
    const { email, password } = site.server.admin;
    await passwordStep(page, email, password);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.waitForURL(/\/admin$/);
    await logOut(page);

    // Alone: no e-mail, no password.
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(/\/admin$/);
    await page.goto("/admin/account");
    await expect.poll(() => page.getByText(/last used/).isVisible()).toBe(true);
  });

  it("takes a person without a second factor to set one up when an Administrator requires it", async () => {
    // The Administrator (app and passkey set up above) signs in with a recovery code and turns it on.
    const admin = await newPage(site.browser, site.server);
    await passwordStep(admin.page, site.server.admin.email, site.server.admin.password);
    await admin.page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await admin.page.getByLabel("Recovery code").fill(recoveryCodes[1] as string);
    await admin.page.getByRole("button", { name: "Verify" }).click();
    await admin.page.waitForURL(/\/admin$/);
    await admin.page.goto("/admin/staff");
    const requirement = admin.page.getByLabel("Require two-step verification for everyone");
    await expect.poll(() => requirement.isEnabled()).toBe(true);
    await requirement.check();
    await expect
      .poll(() => admin.page.getByText("Two-step verification is now required.", { exact: false }).isVisible())
      .toBe(true);
    await screenshot(admin.page, "second-factor-require-desktop");

    // An invited Inbox person accepts, then signs in for the first time.
    const adminToken = await admin.page.evaluate(() => localStorage.getItem("adminToken"));
    const call = async (method: string, pathname: string, body: unknown, token?: string | null) => {
      const response = await fetch(`${site.server.baseUrl}${pathname}`, {
        method,
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      expect(response.ok, `${method} ${pathname}: ${response.status}`).toBe(true);
      return response.json();
    };
    const person = { email: "sara@hopebehindbars.test", password: "a long enough password" };
    const { link } = await call(
      "POST",
      "/api/admin/staff/invitations",
      { email: person.email, role: "inbox" },
      adminToken,
    );
    const invitationToken = new URL(String(link)).hash.slice(1);
    await call("POST", "/api/admin/invitations/accept", {
      token: invitationToken,
      name: "Sara",
      password: person.password,
    });

    const { page } = await newPage(site.browser, site.server);
    // The test's own call past the set-up is refused with 403.
    expectErrors(page, [/^403 GET \/api\/subscribe$/]);
    await virtualAuthenticator(page);
    await passwordStep(page, person.email, person.password);
    await page.waitForURL("**/admin/two-step-setup");
    await expect.poll(() => page.getByRole("heading", { name: "Set up two-step verification" }).isVisible()).toBe(true);
    // The server, not the page, holds the line: this session reaches nothing else.
    const refused = await page.evaluate(async () => {
      const response = await fetch("/api/subscribe", {
        headers: { authorization: `Bearer ${localStorage.getItem("adminToken")}` },
      });
      return { status: response.status, body: await response.json() };
    });
    expect(refused).toEqual({
      status: 403,
      body: { message: "Set up two-step verification to continue.", enrolmentRequired: true },
    });
    await page.goto("/admin/subscribe");
    await page.waitForURL("**/admin/two-step-setup");
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "second-factor-setup-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "second-factor-setup-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel("Passkey name").fill("Sara's phone");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect.poll(() => page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").count()).toBe(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.getByRole("button", { name: "Continue to the back office" }).click();
    await page.waitForURL(/\/admin$/);
    await page.goto("/admin/subscribe");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .not.toBe("Set up two-step verification");
    expect(page.url()).toMatch(/\/admin\/subscribe$/);
  });
});
