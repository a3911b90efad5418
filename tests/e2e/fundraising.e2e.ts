import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

const card = (page: Page, title: string) => page.getByRole("article").filter({ hasText: title });

describe.runIf(browserAvailable)("fundraising: offline gifts and transfer notices", () => {
  const site = journeySite();

  it("takes a donor's transfer notice from the Local tab; staff confirm it and the card moves", async () => {
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto("/");
    expect(await card(page, "Health Care Kits").getByText("$607 raised").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Donate Now" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Make a donation" });
    await dialog.getByRole("tab", { name: /^Local/ }).click();
    await dialog.getByRole("button", { name: "Already sent a transfer? Tell us about it" }).click();
    const notice = dialog.getByRole("form", { name: "Tell us about your transfer" });
    await notice.getByLabel("Your name").fill("Dawit Alemu");
    await notice.getByLabel("Your e-mail").fill("dawit@example.org");
    await notice.getByLabel("Amount").fill("3110");
    await notice.getByLabel("Date of the transfer").fill("2026-11-21");
    await notice.getByLabel("Bank reference").fill("FT26325QWE");
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await notice.getByRole("button", { name: "Send" }).click();
    await dialog
      .getByText("Thank you! We will confirm your gift by e-mail when the transfer shows in our bank statement.")
      .waitFor();

    await openAdminPage(page, site.server, "/admin/donations");
    await page.getByRole("link", { name: "Offline gifts" }).click();
    const pledge = page.getByRole("form", { name: "Transfer from Dawit Alemu" });
    await pledge.getByText("ETB 3,110 from Dawit Alemu").waitFor();
    await pledge.getByLabel("Birr per US dollar that day").fill("155.5");
    await pledge.getByLabel("For").selectOption({ label: "Health Care Kits" });
    await pledge.getByRole("button", { name: "Confirm: money received" }).click();
    const gifts = page.getByRole("list", { name: "Offline gifts" });
    await gifts.getByText("ETB 3,110 = $20 at 155.5 · Health Care Kits").waitFor();
    expect(await page.getByText("No transfer notices are waiting.").isVisible()).toBe(true);
    // The donor's receipt was issued with the gift; staff can send it again.
    await gifts.getByRole("button", { name: "Resend receipt for gift of 2026-11-21" }).click();
    await page.getByText("The receipt is on its way again.").waitFor();

    await page.goto("/");
    expect(await card(page, "Health Care Kits").getByText("$627 raised").isVisible()).toBe(true);
  });

  it("records an offline gift in birr at the day's rate, edits and deletes it, at 375 and 1280 px", async () => {
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    expectErrors(page, [/^400 POST \/api\/offline-gifts$/]);
    await openAdminPage(page, site.server, "/admin/donations/offline");
    const form = page.getByRole("form", { name: "Record an offline gift" });
    await form.getByLabel("Amount").fill("15,550");
    await form.getByLabel("Birr per US dollar that day").fill("");
    await form.getByLabel("For").selectOption({ label: "ECCD Package" });
    await form.getByRole("button", { name: "Record gift" }).click();
    // The rate is required for birr: the field says so and has focus.
    const rate = form.getByLabel("Birr per US dollar that day");
    await form.getByText("Please enter the day's rate in birr per US dollar, e.g. 155.42.").waitFor();
    expect(await rate.evaluate((element) => element === document.activeElement)).toBe(true);
    await rate.fill("155.5");
    await form.getByLabel("Donor's name (optional)").fill("Abeba Tesfaye");
    await form.getByLabel("Reference (optional)").fill("FT26323ABC");
    await form.getByRole("button", { name: "Record gift" }).click();
    const gifts = page.getByRole("list", { name: "Offline gifts" });
    await gifts.getByText("ETB 15,550 = $100 at 155.5 · ECCD Package").waitFor();
    expect(await axeViolations(page, "main")).toEqual([]);
    await page.screenshot({ path: "test-results/screenshots/offline-gifts-1280.png", fullPage: true });
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.screenshot({ path: "test-results/screenshots/offline-gifts-375.png", fullPage: true });
    expect(await axeViolations(page, "main")).toEqual([]);

    await page.goto("/");
    expect(await card(page, "ECCD Package").getByText("$140 raised").isVisible()).toBe(true);

    await page.goto("/admin/donations/offline");
    await page.getByRole("button", { name: "Edit gift of" }).first().click();
    const edit = page.getByRole("form", { name: "Edit offline gift" });
    await edit.getByLabel("Amount").fill("31100");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await gifts.getByText("ETB 31,100 = $200 at 155.5 · ECCD Package").waitFor();
    await gifts.getByText("last changed by").first().waitFor();

    await page.getByRole("button", { name: "Delete gift of" }).first().click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await gifts.getByText("ETB 31,100").waitFor({ state: "detached" });
    await page.goto("/");
    expect(await card(page, "ECCD Package").getByText("$40 raised").isVisible()).toBe(true);
  });

  it("opens Admin → Donations on a dashboard (charts with text alternatives) above a filtered ledger", async () => {
    // A card gift to a need through the sandbox, beside the offline gift confirmed above.
    const opened = await fetch(`${site.server.baseUrl}/api/payments/create-checkout-session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ amount: 60, frequency: "monthly", fund: "eccd-package" }),
    });
    const { id } = (await opened.json()) as { id: string };
    await fetch(`${site.server.baseUrl}/donate/sandbox/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "meron@example.org", name: "Meron" }),
      redirect: "manual",
    });

    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(page, site.server, "/admin/donations");
    const thisMonth = new Date().toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
    const table = page.getByRole("table", { name: "Gifts per month in US dollars" });
    const row = table.getByRole("row", { name: new RegExp(`^${thisMonth.replace(" ", " ")}`) });
    expect(await row.textContent()).toContain("$60");
    expect(await row.textContent()).toContain("$20");
    expect(await page.getByTestId("monthly-chart").isVisible()).toBe(true);
    expect(await page.getByText("1 active monthly donors give $60 each month together.").isVisible()).toBe(true);
    const needs = page.getByRole("region", { name: "Needs against their goals" });
    expect(await needs.getByText("$100 of $3,000 (3%)").isVisible()).toBe(true);
    expect(await needs.getByText("$627 of $3,000 (21%)").isVisible()).toBe(true);
    expect(await axeViolations(page, "main")).toEqual([]);
    await page.screenshot({ path: "test-results/screenshots/donations-dashboard-375.png", fullPage: true });

    const ledger = page.getByRole("list", { name: "Donations" });
    await ledger.getByText("meron@example.org", { exact: true }).waitFor();
    await page.getByLabel("Method").selectOption("offline");
    await ledger.getByText("dawit@example.org", { exact: true }).waitFor();
    // The ledger is filtered by the server: the card gift goes once its answer is drawn.
    await expect.poll(() => ledger.getByText("meron@example.org", { exact: true }).count()).toBe(0);
    // Two filters changed in one go, before the page can draw again: the second builds on the first.
    await page.evaluate(() => {
      const choose = (id: string, text: string) => {
        const select = document.getElementById(id) as HTMLSelectElement;
        select.value = [...select.options].find((option) => option.text === text)?.value ?? "";
        select.dispatchEvent(new Event("change", { bubbles: true }));
      };
      choose("ledger-method", "Card");
      choose("ledger-fund", "ECCD Package");
    });
    await ledger.getByText("meron@example.org", { exact: true }).waitFor();
    // The fund filter is done by the server: the other fund's gift goes once its answer is drawn.
    await expect.poll(() => ledger.getByText("dawit@example.org", { exact: true }).count()).toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe("?method=card&fund=eccd-package");
    expect(await page.getByLabel("Method").inputValue()).toBe("card");
    expect(await page.getByLabel("For", { exact: true }).inputValue()).toBe("eccd-package");
    // Both undone at once, the same way: every gift is back.
    await page.getByLabel("Method").selectOption("all");
    await page.getByLabel("For", { exact: true }).selectOption("all");
    await ledger.getByText("dawit@example.org", { exact: true }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    expect(await ledger.getByText("meron@example.org", { exact: true }).count()).toBe(1);

    // Year-end statements: every receipted donor of the year, sent as one run with its progress.
    const year = new Date().getUTCFullYear();
    await page
      .getByRole("list", { name: `Statements ${year}` })
      .getByText("Meron", { exact: true })
      .waitFor();
    await page.getByRole("button", { name: "Send all statements by e-mail" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /^All \d+ statements? (is|are) on their way\.$/ })
      .waitFor();

    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole("row", { name: /meron@example\.org/ }).waitFor();
    expect(await axeViolations(page, "main")).toEqual([]);
    await page.screenshot({ path: "test-results/screenshots/donations-dashboard-1280.png", fullPage: true });
  });
});
