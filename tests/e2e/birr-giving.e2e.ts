import { describe, expect, it } from "vitest";
import { linkIn } from "../support/smtp-inbox.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySiteWithInbox } from "./support/journey-site.ts";

const sessionOf = (url: string) => /\/donate\/sandbox\/([\w-]+)$/.exec(new URL(url).pathname)?.[1] ?? "";

describe.runIf(browserAvailable)("Pay in birr: the Local tab and /donate open the (sandbox) checkout", () => {
  // The site's job worker sends receipts and My giving's sign-in link to this test's SMTP server.
  const site = journeySiteWithInbox();

  it("pays in birr from the pop-up at 375 px; the thank-you page is pending, then paid, in birr", async () => {
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Donate Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Make a donation" });
    await dialog.getByRole("tab", { name: /^Local/ }).click();
    const form = dialog.getByRole("form", { name: "Gift in birr" });
    await form.getByText("ETB 2,500").click();
    await form.getByLabel("Your name (optional)").fill("Hanna Girma");
    await form.getByLabel("E-mail (optional, for your receipt)").fill("hanna@example.org");
    await form.getByLabel("Phone (optional, 09… or 07…)").fill("0911 223 344");
    // The bank details and the transfer notice stay beside it.
    expect(await dialog.getByText("Or transfer to our bank account").isVisible()).toBe(true);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, "birr-local-tab-375");
    await form.getByRole("button", { name: "Pay in birr" }).click();
    await page.waitForURL("**/donate/sandbox/**");
    const session = sessionOf(page.url());

    await page.goto(`/donate/thank-you?session_id=${session}`);
    await page.getByRole("heading", { name: "Thank you — we are confirming your gift" }).waitFor();
    expect(
      await page
        .getByText("Your donation of ETB 2,500 one-time is being confirmed with Chapa, the service you paid through.")
        .isVisible(),
    ).toBe(true);

    await page.goto(`/donate/sandbox/${session}`);
    await page.getByRole("button", { name: "Pay ETB 2,500 (test)" }).click();
    await page.waitForURL("**/donate/thank-you?session_id=**");
    await page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor();
    expect(await page.getByText("Your donation of ETB 2,500 one-time has been received.").isVisible()).toBe(true);
    await screenshot(page, "birr-thank-you-375");
  });

  it("shows the donor the birr gift on My giving, with its receipt", async () => {
    // The gift paid in the journey above, by the donor who gave hanna@example.org.
    const asked = await fetch(`${site.server.baseUrl}/api/giving/link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "hanna@example.org" }),
    });
    expect(asked.status).toBe(202);
    const linkMail = () => site.inbox.messages.find((message) => message.includes("/giving?token="));
    await expect.poll(() => linkMail() !== undefined, { timeout: 15_000 }).toBe(true);
    const link = linkIn(linkMail() as string, `${site.server.baseUrl}/giving?token=`);

    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto(link);
    await page.getByRole("button", { name: "Continue to My giving" }).click();
    await page.waitForURL(/\/giving$/);
    const gift = page
      .getByRole("list", { name: "Your gifts" })
      .getByRole("article")
      .filter({ hasText: "ETB 2,500 in birr, through Chapa" });
    await gift.waitFor();
    expect(await gift.getByText("For: Where most needed").isVisible()).toBe(true);
    expect(await gift.getByText(/^Given on /).isVisible()).toBe(true);
    expect(await gift.getByRole("link", { name: /^Receipt \d{4}-\d{4} \(PDF\)$/ }).count()).toBe(1);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "birr-my-giving-375");
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, "birr-my-giving-1280");
  });

  it("pays in birr on /donate without JavaScript, and the Amharic page offers the same", async () => {
    const context = await site.browser.newContext({
      javaScriptEnabled: false,
      baseURL: site.server.baseUrl,
      viewport: VIEWPORTS.mobile,
    });
    const page = await context.newPage();
    await page.goto("/donate");
    const form = page.getByRole("form", { name: "Gift in birr" });
    await form.getByLabel("Or enter an amount in birr").fill("750");
    await form.getByLabel("Phone (optional, 09… or 07…)").fill("+44 7946");
    await form.getByRole("button", { name: "Pay in birr" }).click();
    // Refused on the server, said beside the field, with what was typed kept.
    await page.getByText("Please enter an Ethiopian phone number starting 09 or 07, or leave it empty.").waitFor();
    expect(await form.getByLabel("Or enter an amount in birr").inputValue()).toBe("750");
    await form.getByLabel("Phone (optional, 09… or 07…)").fill("0712345678");
    await form.getByRole("button", { name: "Pay in birr" }).click();
    await page.waitForURL("**/donate/sandbox/**");
    expect(await page.getByRole("button", { name: "Pay ETB 750 (test)" }).isVisible()).toBe(true);

    await page.goto("/am/donate");
    const amharic = page.getByRole("form", { name: "በብር የሚሰጥ ስጦታ" });
    expect(await amharic.getByRole("button", { name: "በብር ይክፈሉ" }).isVisible()).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, "birr-donate-am-1280");
    await context.close();
  });

  it("lets staff see how a birr gift was given and ask about a pending one again", async () => {
    const opened = await fetch(`${site.server.baseUrl}/api/payments/create-checkout-session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currency: "ETB", amount: 1500, email: "meron@example.org" }),
    });
    expect(opened.status).toBe(200);
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    await openAdminPage(page, site.server, "/admin/donations");
    const row = page.getByRole("row", { name: /meron@example\.org/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("ETB 1,500 one-time");
    await row.getByRole("button", { name: "Re-verify the gift of meron@example.org" }).click();
    // The sandbox stands in for Chapa: it knows of no payment, so the gift stays pending.
    await page.getByText("Chapa has no payment for it yet; it stays pending.").waitFor();
    expect(await row.getByText("pending").isVisible()).toBe(true);
    await page.getByLabel("Paid with").selectOption("telebirr");
    await page.getByText("No donations match these filters.").waitFor();
    await screenshot(page, "birr-ledger-1280");
  });
});
