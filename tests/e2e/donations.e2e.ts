import { text } from "node:stream/consumers";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import {
  browserAvailable,
  expectErrors,
  launchBrowser,
  newPage,
  openAdminPage,
  screenshot,
  VIEWPORTS,
} from "./support/browser.ts";
import { expectLaidOut } from "./support/layout.ts";
import { type RunningServer, startServer } from "./support/server.ts";

const CHECKOUT_PATH = "**/api/payments/create-checkout-session";

/** A sandbox donation made over HTTP, as a donor's browser would without JavaScript. */
async function giveInSandbox(
  server: RunningServer,
  gift: { amount: number; frequency: "one-time" | "monthly"; email: string; name: string },
) {
  const response = await fetch(`${server.baseUrl}/api/payments/create-checkout-session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ amount: gift.amount, frequency: gift.frequency }),
  });
  const { id } = (await response.json()) as { id: string };
  const paid = await fetch(`${server.baseUrl}/donate/sandbox/${id}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: gift.email, name: gift.name }),
    redirect: "manual",
  });
  expect(paid.status).toBe(302);
  return id;
}

/** The Card tab's submit button (the Local tab has Pay in birr's). */
const CARD_SUBMIT = '[id$="-panel-card"] button[type=submit]';
const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Make a donation" });
const donateNow = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Donate Now" });
const focusIsInDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
/** axe-core's findings inside the open pop-up, as 'rule: targets' lines. */
const dialogViolations = (page: Page) => axeViolations(page, '[role="dialog"]');

const toast = (page: Page, text: string) => page.locator('[role="status"]', { hasText: text });

describe.runIf(browserAvailable)("donations", () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("loads the pop-up only when opened, from our own origin, and opens it with the defaults", async () => {
    const { page, context } = await newPage(browser, server);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(requested.filter((url) => url.includes("donation-dialog"))).toEqual([]);

    await donateNow(page).click();
    const dialog = dialogOf(page);
    await dialog.waitFor();
    expect(requested.filter((url) => url.includes("donation-dialog"))).toHaveLength(1);
    // No third-party script or request on a public page, before or after opening the pop-up.
    expect(requested.filter((url) => !url.startsWith(server.baseUrl) && !url.startsWith("data:"))).toEqual([]);

    expect(await dialog.getByRole("tab", { name: /^Card/ }).getAttribute("aria-selected")).toBe("true");
    expect(await dialog.getByRole("button", { name: "$50", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await dialog.getByRole("button", { name: "$25", exact: true }).getAttribute("aria-pressed")).toBe("false");
    expect(await dialog.getByRole("radio", { name: "One-time" }).isChecked()).toBe(true);
    expect(await dialog.getByLabel("Or enter a custom amount").inputValue()).toBe("");
    expect(await dialog.getByRole("button", { name: "Donate $50" }).isEnabled()).toBe(true);
    const crowdfunding = dialog.getByRole("link", { name: /crowdfunding campaign/ });
    expect(await crowdfunding.getAttribute("href")).toBe("https://www.gofundme.com/");
    expect(await crowdfunding.getAttribute("target")).toBe("_blank");
    await context.close();
  });

  it("says it is opening while the pop-up's code is still on its way", async () => {
    const { page, context } = await newPage(browser, server);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldRequests = 0;
    // The islands' chunks live under /assets/islands/ (vite.islands.config.ts).
    await page.route("**/assets/islands/donation-dialog-*.js", async (route) => {
      heldRequests += 1;
      await held;
      await route.continue();
    });
    await page.goto("/");
    await donateNow(page).click();
    await page.getByRole("status").filter({ hasText: "Opening the donation form…" }).waitFor();
    expect(heldRequests).toBe(1);
    release();
    await dialogOf(page).waitFor();
    expect(await page.getByText("Opening the donation form…").count()).toBe(0);
    await context.close();
  });

  it("closes by X, backdrop and Escape, gives focus back, traps focus and locks the page's scroll", async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto("/");
    const opener = donateNow(page);
    const dialog = dialogOf(page);
    const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    const openerHasFocus = () => opener.evaluate((element) => element === document.activeElement);

    for (const close of ["Close button", "backdrop", "Escape"] as const) {
      await opener.click();
      await dialog.waitFor();
      expect(await focusIsInDialog(page)).toBe(true);
      expect(await bodyOverflow()).toBe("hidden");
      if (close === "Close button") {
        // Tab and Shift+Tab never leave the dialog.
        for (let i = 0; i < 20; i++) {
          await page.keyboard.press("Tab");
          expect(await focusIsInDialog(page)).toBe(true);
        }
        for (let i = 0; i < 5; i++) {
          await page.keyboard.press("Shift+Tab");
          expect(await focusIsInDialog(page)).toBe(true);
        }
        // A click inside does not close it.
        await dialog.getByRole("heading", { name: "Make a donation" }).click();
        expect(await dialog.isVisible()).toBe(true);
        await dialog.getByRole("button", { name: "Close" }).click();
      } else if (close === "backdrop") {
        await page.mouse.click(8, 8);
      } else {
        await page.keyboard.press("Escape");
      }
      await dialog.waitFor({ state: "detached" });
      await expect.poll(openerHasFocus).toBe(true);
      expect(await bodyOverflow()).not.toBe("hidden");
    }
    await context.close();
  });

  it("opens from a need card and a hero slide with their amounts, and resets on every open", async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto("/");
    const dialog = dialogOf(page);
    const custom = dialog.getByLabel("Or enter a custom amount");
    const pressed = async () =>
      dialog.locator("button[aria-pressed=true]").evaluateAll((buttons) => buttons.map((b) => b.textContent));

    // $15 is not a preset: it goes into the custom field.
    await page.getByRole("button", { name: "Give $15 to ECCD Package" }).click();
    expect(await custom.inputValue()).toBe("15");
    expect(await pressed()).toEqual([]);
    expect(await dialog.getByRole("button", { name: "Donate $15" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");

    // $25 is a preset: it is selected.
    await page.getByRole("button", { name: "Give $25 to Life Skill Training" }).click();
    expect(await pressed()).toEqual(["$25"]);
    expect(await custom.inputValue()).toBe("");
    // Leave it in another state: a bad amount, an error, monthly, the Local tab.
    await custom.fill("0");
    await dialog.locator("label", { hasText: "Monthly" }).click(); // the visible segment
    expect(await dialog.getByRole("radio", { name: "Monthly" }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Donate" }).click();
    await dialog.getByRole("alert").waitFor();
    await dialog.getByRole("tab", { name: /^Local/ }).click();
    await page.keyboard.press("Escape");

    // A hero slide's button opens with no amount: back to the defaults, error cleared, Card tab.
    await page
      .getByRole("button", { name: /^Donate for / })
      .first()
      .click();
    expect(await pressed()).toEqual(["$50"]);
    expect(await custom.inputValue()).toBe("");
    expect(await dialog.getByRole("alert").count()).toBe(0);
    expect(await dialog.getByRole("tab", { name: /^Card/ }).getAttribute("aria-selected")).toBe("true");
    expect(await dialog.getByRole("radio", { name: "One-time" }).isChecked()).toBe(true);
    await context.close();
  });

  it("keeps preset and custom amount exclusive and refuses an empty or too small amount without sending", async () => {
    const { page, context } = await newPage(browser, server);
    let sent = 0;
    await page.route(CHECKOUT_PATH, (route) => {
      sent++;
      return route.abort();
    });
    await page.goto("/");
    await donateNow(page).click();
    const dialog = dialogOf(page);
    const custom = dialog.getByLabel("Or enter a custom amount");
    const preset = (label: string) => dialog.getByRole("button", { name: label, exact: true });

    await preset("$100").click();
    expect(await preset("$100").getAttribute("aria-pressed")).toBe("true");
    await custom.fill("30");
    expect(await preset("$100").getAttribute("aria-pressed")).toBe("false");
    expect(await dialog.locator("button[aria-pressed=true]").count()).toBe(0);
    await preset("$25").click();
    expect(await custom.inputValue()).toBe("");
    expect(await preset("$25").getAttribute("aria-pressed")).toBe("true");

    for (const value of ["", "0.5", "abc"]) {
      await custom.fill("7"); // typing clears the preset, so an emptied field leaves no amount at all
      await custom.fill(value);
      await dialog.getByRole("button", { name: /^Donate/ }).click();
      await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("Please enter a valid donation amount.");
      expect(await custom.getAttribute("aria-invalid")).toBe("true");
      expect(await custom.evaluate((element) => element === document.activeElement)).toBe(true);
    }
    expect(sent).toBe(0);
    // Choosing an amount clears the message.
    await preset("$50").click();
    expect(await dialog.getByRole("alert").count()).toBe(0);
    await context.close();
  });

  it("shows 'Processing...' on a disabled button, then the server's error inline and as a toast", async () => {
    const { page, context } = await newPage(browser, server);
    expectErrors(page, [
      /^402 POST \/api\/payments\/create-checkout-session$/,
      /^500 POST \/api\/payments\/create-checkout-session$/,
    ]);
    const replies: Array<{ status: number; body: unknown }> = [
      { status: 402, body: { error: "Your card was declined.", message: "Your card was declined." } },
      { status: 500, body: { message: "Something went wrong on our side. Please try again." } },
      { status: 200, body: { id: "cs_without_url" } },
    ];
    // Each request is held where it reached the route until the test lets it go: on a busy machine
    // the button can show "Processing..." before the request has got here.
    const held: Array<() => void> = [];
    await page.route(CHECKOUT_PATH, async (route) => {
      const reply = replies.shift();
      if (!reply) return route.abort();
      await new Promise<void>((resolve) => held.push(resolve));
      await route.fulfill({ status: reply.status, contentType: "application/json", body: JSON.stringify(reply.body) });
    });
    await page.goto("/");
    await donateNow(page).click();
    const dialog = dialogOf(page);
    const submit = dialog.locator(CARD_SUBMIT);

    const expectFailure = async (message: string) => {
      await submit.click();
      await expect.poll(() => submit.textContent()).toBe("Processing...");
      expect(await submit.isDisabled()).toBe(true);
      await expect.poll(() => held.length).toBe(1);
      held.shift()?.();
      await expect.poll(() => dialog.getByRole("alert").textContent()).toBe(message);
      await expect.poll(() => toast(page, message).count()).toBe(1);
      expect(await submit.textContent()).toBe("Donate $50");
      expect(await submit.isEnabled()).toBe(true);
    };
    await expectFailure("Your card was declined.");
    await expectFailure("Donation failed. Please try again.");
    await expectFailure("Could not redirect to Stripe");
    await context.close();
  });

  it("shows the bank details on the Local tab and copies the account number with 2 seconds of feedback", async () => {
    const { page, context } = await newPage(browser, server);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.baseUrl });
    // The page's clock, moved by hand: the 2 seconds are checked exactly, whatever the machine's load.
    await page.clock.install();
    await page.goto("/");
    await donateNow(page).click();
    const dialog = dialogOf(page);
    await dialog.getByRole("tab", { name: /^Local/ }).click();
    expect(await dialog.getByRole("tab", { name: /^Local/ }).getAttribute("aria-selected")).toBe("true");
    expect(await dialog.getByText("Commercial Bank of Ethiopia").isVisible()).toBe(true);
    expect(await dialog.getByText("Hope Behind Bars Ethiopia").isVisible()).toBe(true);

    const copy = dialog.getByRole("button", { name: /^(Copy account number|COPIED!)$/ });
    // From here the page's time stands still unless the test moves it. pauseAt jumps to a moment
    // ahead of the page's clock, which goes on while the test asks it the time: a minute ahead
    // stays ahead however loaded the machine is.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 60_000));
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe("COPIED!");
    await expect.poll(() => toast(page, "Account number copied!").count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("1000000000000");
    await page.clock.runFor(1900);
    expect(await copy.textContent()).toBe("COPIED!");
    await page.clock.runFor(200);
    await expect.poll(() => copy.textContent()).toBe("Copy account number");
    await context.close();
  });

  it("gives to the need card it was opened from, or where most needed, and the card's figures move", async () => {
    const { page, context } = await newPage(browser, server, { viewport: VIEWPORTS.mobile });
    const card = () => page.getByRole("article").filter({ hasText: "Life Skill Training" });
    const posted: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/payments/create-checkout-session")) posted.push(request.postDataJSON());
    });
    await page.goto("/");
    expect(await card().getByText("$215 raised").isVisible()).toBe(true);

    const open = async () => {
      await page.getByRole("button", { name: "Give $25 to Life Skill Training" }).click();
      const dialog = dialogOf(page);
      await dialog.waitFor();
      return dialog;
    };
    // Opened from the card: the gift is for it, and the donor may send it where most needed instead.
    let dialog = await open();
    expect(await dialog.getByRole("radio", { name: "For Life Skill Training" }).isChecked()).toBe(true);
    await page.screenshot({ path: "test-results/screenshots/donation-fund-375.png" });
    expect(await dialogViolations(page)).toEqual([]);
    await dialog.locator("label", { hasText: "Where most needed" }).click();
    expect(await dialog.getByRole("radio", { name: "Where most needed" }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Donate $25" }).click();
    await page.waitForURL(/\/donate\/sandbox\//);
    expect(posted.at(-1)).toEqual({ amount: 25, frequency: "one-time" });
    expect(await page.getByText("For: Where most needed").isVisible()).toBe(true);

    await page.goto("/");
    dialog = await open();
    await dialog.getByRole("button", { name: "Donate $25" }).click();
    await page.waitForURL(/\/donate\/sandbox\//);
    expect(posted.at(-1)).toEqual({ amount: 25, frequency: "one-time", fund: "life-skill-training" });
    expect(await page.getByText("For: Life Skill Training").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Pay $25 (test)" }).click();
    await page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor();
    // The thank-you page names the fund the gift went to.
    expect(await page.getByText("It goes to Life Skill Training.").isVisible()).toBe(true);

    await page.goto("/");
    expect(await card().getByText("$240 raised").isVisible()).toBe(true);
    expect(await card().getByRole("progressbar").getAttribute("aria-valuetext")).toBe("2% funded: $240 of $10,000");
    const funds = (await (await fetch(`${server.baseUrl}/api/funds`)).json()) as Array<{ id: string; raised: number }>;
    expect(funds.find((fund) => fund.id === "life-skill-training")?.raised).toBe(24000);
    await context.close();
  });

  it("takes a $15 need-card gift, monthly, through the sandbox checkout to the thank-you page and the ledger", async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto("/");
    await page.getByRole("button", { name: "Give $15 to ECCD Package" }).click();
    const dialog = dialogOf(page);
    expect(await dialog.getByLabel("Or enter a custom amount").inputValue()).toBe("15");
    await dialog.locator("label", { hasText: "Monthly" }).click(); // the visible segment
    expect(await dialog.getByRole("radio", { name: "Monthly" }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Donate $15 monthly" }).click();

    await page.waitForURL(/\/donate\/sandbox\/sandbox_cs_/);
    expect(await page.getByText("Test checkout — no money moves").isVisible()).toBe(true);
    expect(await page.getByText("$15 per month").isVisible()).toBe(true);
    await page.getByLabel("E-mail (optional)").fill("selam@example.org");
    await page.getByLabel("Name (optional)").fill("Selam Haile");
    await screenshot(page, "donation-sandbox-1280");
    await page.getByRole("button", { name: "Pay $15 (test)" }).click();

    await page.waitForURL(/\/donate\/thank-you\?session_id=sandbox_cs_/);
    await page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor();
    expect(await page.getByText("$15 monthly").isVisible()).toBe(true);
    await screenshot(page, "donation-thank-you-1280");
    // The amount comes from our records, not from the address bar.
    await page.goto(`${page.url()}&amount=5000&frequency=one-time`);
    expect(await page.getByText("$15 monthly").isVisible()).toBe(true);
    expect(await page.getByText("$5,000").count()).toBe(0);

    await openAdminPage(page, server, "/admin/donations");
    const row = page.getByRole("row", { name: /selam@example\.org/ });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain("Selam Haile");
    expect(text).toContain("$15 monthly");
    expect(text).toContain("paid");
    await context.close();
  });

  it("shows a friendly confirming state until the payment is confirmed, then thanks the donor", async () => {
    const response = await fetch(`${server.baseUrl}/api/payments/create-checkout-session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ amount: 42, frequency: "one-time" }),
    });
    const { id } = (await response.json()) as { id: string };
    const { page, context } = await newPage(browser, server);
    await page.goto(`/donate/thank-you?session_id=${id}`);
    expect(await page.getByRole("heading", { name: "Thank you — we are confirming your gift" }).isVisible()).toBe(true);
    expect(await page.getByText("$42 one-time").isVisible()).toBe(true);

    const paid = await fetch(`${server.baseUrl}/donate/sandbox/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=&name=",
      redirect: "manual",
    });
    expect(paid.status).toBe(302);
    await page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor({ timeout: 10_000 });

    expectErrors(page, [/^404 GET \/donate\/thank-you\?session_id=cs_not_ours$/]);
    const unknown = await page.goto("/donate/thank-you?session_id=cs_not_ours");
    expect(unknown?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "We could not find this donation" }).isVisible()).toBe(true);
    await context.close();
  });

  it("lists donations for staff with totals, a sidebar entry, a dashboard tile and a CSV export", async () => {
    await giveInSandbox(server, { amount: 100, frequency: "one-time", email: "tigist@example.org", name: "Tigist" });
    await giveInSandbox(server, {
      amount: 20,
      frequency: "monthly",
      email: "=1+2@example.org",
      name: "=cmd|' /C calc'!A0",
    });
    const { page, context } = await newPage(browser, server, { context: { acceptDownloads: true } });
    await openAdminPage(page, server, "/admin");
    await page
      .getByRole("main")
      .getByRole("link", { name: /Donations/ })
      .click();
    await page.waitForURL(`${server.baseUrl}/admin/donations`);
    expect(await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Donations" }).count()).toBe(
      1,
    );
    await page.getByRole("row", { name: /tigist@example\.org/ }).waitFor();
    const tiles = await page.locator("dl").first().textContent();
    expect(tiles).toContain("This month");
    expect(tiles).toContain("Last 12 months");
    expect(tiles).toContain("Active monthly donors");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^donations-\d{4}-\d{2}-\d{2}\.csv$/);
    // Read through Playwright's stream: path() is not available from the run's shared browser.
    const csv = await text(await file.createReadStream());
    expect(csv).toContain("tigist@example.org,Tigist,100.00,USD,one-time,paid");
    expect(csv).toContain("'=1+2@example.org,'=cmd|' /C calc'!A0,20.00,USD,monthly,paid");

    await screenshot(page, "admin-donations-1280");
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByRole("list", { name: "Donations" }).waitFor();
    await screenshot(page, "admin-donations-375");
    await context.close();
  });

  it("lays out the pop-up's tabs and an error at 375 and 1280 px, and passes axe", async () => {
    for (const [size, viewport] of Object.entries({ 375: VIEWPORTS.mobile, 1280: VIEWPORTS.desktop })) {
      const { page, context } = await newPage(browser, server, { viewport });
      await page.goto("/");
      await page.getByRole("button", { name: "Donate Now" }).first().click();
      const dialog = dialogOf(page);
      await dialog.waitFor();
      const top = {
        title: dialog.getByRole("heading", { name: "Make a donation" }),
        close: dialog.getByRole("button", { name: "Close" }),
        "Card tab": dialog.getByRole("tab", { name: /^Card/ }),
        "Local tab": dialog.getByRole("tab", { name: /^Local/ }),
      };
      const card = {
        ...top,
        "one-time": dialog.locator("label", { hasText: "One-time" }),
        monthly: dialog.locator("label", { hasText: "Monthly" }),
        $25: dialog.getByRole("button", { name: "$25", exact: true }),
        $50: dialog.getByRole("button", { name: "$50", exact: true }),
        "custom amount": dialog.getByLabel("Or enter a custom amount"),
        submit: dialog.locator(CARD_SUBMIT),
      };
      await page.screenshot({ path: `test-results/screenshots/donation-card-${size}.png` });
      await expectLaidOut(page, card, `card tab at ${size} px`);
      expect(await dialogViolations(page), `card tab at ${size} px`).toEqual([]);

      await card["custom amount"].fill("0.5");
      await card.submit.click();
      await dialog.getByRole("alert").waitFor();
      await page.screenshot({ path: `test-results/screenshots/donation-error-${size}.png` });
      await expectLaidOut(page, { ...card, error: dialog.getByRole("alert") }, `error at ${size} px`);
      expect(await dialogViolations(page), `error at ${size} px`).toEqual([]);

      await top["Local tab"].click();
      await page.screenshot({ path: `test-results/screenshots/donation-local-${size}.png` });
      const local = {
        ...top,
        bank: dialog.getByText("Commercial Bank of Ethiopia"),
        copy: dialog.getByRole("button", { name: "Copy account number" }),
      };
      await expectLaidOut(page, local, `local tab at ${size} px`);
      expect(await dialogViolations(page), `local tab at ${size} px`).toEqual([]);
      await context.close();
    }
  });
});

describe.runIf(browserAvailable)("donations on a deployment without a Stripe key", () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // A public site URL in production, with no Stripe key: no sandbox, card giving off.
    server = await startServer({ PUBLIC_SITE_URL: "https://hopebehindbars.example" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("explains on the Card tab that card giving is unavailable, and the Local tab still works", async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto("/");
    await donateNow(page).click();
    const dialog = dialogOf(page);
    await dialog
      .getByText("Card donations are not available at the moment. You can still give by bank transfer.")
      .waitFor();
    expect(await dialog.locator("button[type=submit]").count()).toBe(0);
    await dialog.getByRole("button", { name: "See the bank details" }).click();
    expect(await dialog.getByRole("tab", { name: /^Local/ }).getAttribute("aria-selected")).toBe("true");
    expect(await dialog.getByText("Commercial Bank of Ethiopia").isVisible()).toBe(true);
    await context.close();
  });
});

describe("paying a sandbox checkout that does not exist", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "info" });
  });
  afterAll(() => server?.stop());

  it("answers 404 with one short log line per request, never a stack trace", async () => {
    const logStart = server.output().length;
    const ids = ["sandbox_cs_no_such_checkout", "cs_test_not_sandbox", "x".repeat(300)];
    for (const id of ids) {
      const response = await fetch(`${server.baseUrl}/donate/sandbox/${id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=&name=",
        redirect: "manual",
      });
      expect(response.status).toBe(404);
    }
    // Fastify logs each answer once it is sent; a stack trace would have been written before it.
    const answered = () =>
      server
        .output()
        .slice(logStart)
        .match(/"statusCode":404/g)?.length ?? 0;
    await expect.poll(answered).toBe(ids.length);
    // Each request logs that it came and how it was answered (404), and nothing else: no error, no stack.
    // Lines without a request id are the server's own (its start-up line may be flushed late).
    const lines = server.output().slice(logStart).trim().split("\n");
    const requestLines = lines.filter((line) => line.includes('"reqId"'));
    expect(requestLines).toHaveLength(2 * ids.length);
    expect(requestLines.filter((line) => !/"msg":"(incoming request|request completed)"/.test(line))).toEqual([]);
    expect(lines.filter((line) => /"level":[456]0|stack/i.test(line))).toEqual([]);
  });
});
