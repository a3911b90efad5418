import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpInbox, linkIn, type SmtpInbox } from "../support/smtp-inbox.ts";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, newPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

const DONOR = "liya@example.org";

describe.runIf(browserAvailable)("My giving: a donor signs in by e-mailed link and stops a monthly gift", () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
  });
  afterAll(() => inbox?.stop());
  // The site's job worker sends the link (and the receipt) to this test's SMTP server.
  const site = journeySite({
    get SMTP_URL() {
      return `smtp://127.0.0.1:${inbox.port}`;
    },
    SMTP_FROM: "Hope Behind Bars <website@hopebehindbars.test>",
  });

  /** A monthly sandbox gift, made as the pop-up and the test checkout make it. */
  async function giveMonthly(amount: number) {
    const opened = await fetch(`${site.server.baseUrl}/api/payments/create-checkout-session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ amount, frequency: "monthly" }),
    });
    const { id } = (await opened.json()) as { id: string };
    const paid = await fetch(`${site.server.baseUrl}/donate/sandbox/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: DONOR, name: "Liya" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(302);
  }

  const linkMail = () => inbox.messages.find((message) => message.includes("/giving?token="));

  it("asks for a link with a plain form (no JavaScript), signs in by it and stops the gift", async () => {
    await giveMonthly(30);

    // Without JavaScript: the e-mail form posts and the page says the same thing for any address.
    // (A context of its own: newPage waits for islands to hydrate, which cannot happen here.)
    const noScript = await site.browser.newContext({
      javaScriptEnabled: false,
      baseURL: site.server.baseUrl,
      viewport: VIEWPORTS.mobile,
    });
    const plain = await noScript.newPage();
    await plain.goto("/giving");
    await plain.getByLabel("Your e-mail").fill(DONOR);
    await plain.getByRole("button", { name: "Send me a sign-in link" }).click();
    await plain.waitForURL("**/giving?sent=1");
    expect(await plain.getByRole("status").textContent()).toBe(
      "If we have gifts from that address, we have sent it a sign-in link. It works once, within 15 minutes.",
    );
    await noScript.close();
    await expect.poll(() => linkMail() !== undefined, { timeout: 15_000 }).toBe(true);
    const link = linkIn(linkMail() as string, `${site.server.baseUrl}/giving?token=`);

    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto("/giving");
    expect(await axeViolations(page, "main")).toEqual([]);
    await page.goto(link);
    // Opening the link signs nobody in (mail scanners open links too): the donor continues.
    await page.getByRole("button", { name: "Continue to My giving" }).click();
    await page.waitForURL(/\/giving$/);
    const gifts = page.getByRole("list", { name: "Your gifts" });
    const gift = gifts.getByRole("article").filter({ hasText: "$30 each month" });
    await gift.getByText(/^Next payment: /).waitFor();
    expect(await gift.getByText("For: Where most needed").isVisible()).toBe(true);
    expect(await gift.getByRole("link", { name: /^Receipt \d{4}-\d{4} \(PDF\)$/ }).count()).toBe(1);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "my-giving-375");
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "my-giving-1280");

    // The link was single-use: opening it again and continuing says so.
    const { page: again } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await again.goto(link);
    await again.getByRole("button", { name: "Continue to My giving" }).click();
    await again.waitForURL("**/giving?error=link");
    expect(await again.getByRole("alert").textContent()).toBe(
      "This sign-in link has expired or has already been used. Ask for a new one below.",
    );

    await gift.getByText("Stop this monthly gift").click();
    await gift.getByRole("button", { name: "Stop my monthly gift" }).click();
    await page.waitForURL(/requested=stop/);
    expect(await page.getByRole("status").textContent()).toBe(
      "We have asked our payment provider to stop your monthly gift. It shows as stopped here once they confirm.",
    );
    // The ledger changes when the sandbox's event arrives (the job worker), not from the page.
    await expect
      .poll(
        async () => {
          await page.goto("/giving");
          return page.getByText(/^Stopped on /).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await page.getByRole("button", { name: "Stop my monthly gift" }).count()).toBe(0);
    const ledger = await (await adminApi(site.server)).json<{
      donations: Array<{ donorEmail: string; status: string }>;
    }>("GET", "/api/donations");
    expect(ledger.donations.find((d) => d.donorEmail === DONOR)?.status).toBe("canceled");
    await screenshot(page, "my-giving-stopped-1280");

    // The same page in Amharic, from the footer's language versions.
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto("/am/giving");
    await page.getByRole("heading", { name: "የእኔ ልገሳዎች", level: 1 }).waitFor();
    expect(await page.getByText(/ላይ ቆሟል/).count()).toBe(1);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "my-giving-am-375");
  });
});
