import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpInbox, linkIn, readMail, type SmtpInbox } from "../support/smtp-inbox.ts";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, newPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

const DONOR = "meron@example.org";

describe.runIf(browserAvailable)("Keeping a monthly gift: a failed payment, a new card and a pause at 375 px", () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
  });
  afterAll(() => inbox?.stop());
  const site = journeySite({
    get SMTP_URL() {
      return `smtp://127.0.0.1:${inbox.port}`;
    },
    SMTP_FROM: "Hope Behind Bars <website@hopebehindbars.test>",
  });

  const mailWith = (text: string) => inbox.messages.find((message) => readMail(message).text.includes(text));

  it("tells the donor once, takes the new card on the sandbox's page, and pauses and resumes the gift", async () => {
    const base = site.server.baseUrl;
    const opened = await fetch(`${base}/api/payments/create-checkout-session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ amount: 30, frequency: "monthly" }),
    });
    const { id } = (await opened.json()) as { id: string };
    await fetch(`${base}/donate/sandbox/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: DONOR, name: "Meron" }),
      redirect: "manual",
    });
    const admin = await adminApi(site.server);
    const ledger = () =>
      admin.json<{ donations: Array<{ _id: string; donorEmail: string; status: string }> }>("GET", "/api/donations");
    const gift = (await ledger()).donations.find((d) => d.donorEmail === DONOR);
    if (!gift) throw new Error("the sandbox gift is not in the ledger");

    // The sandbox's card page makes the next payment fail, as an expired card would.
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto(`/donate/sandbox/card/${gift._id}`);
    await page.getByRole("button", { name: "Make the next payment fail (test)" }).click();
    await page.getByRole("status").filter({ hasText: "The next payment failed (test)." }).waitFor();
    expect((await ledger()).donations.find((d) => d._id === gift._id)?.status).toBe("payment_failed");
    await expect.poll(() => mailWith("Update my card") !== undefined, { timeout: 15_000 }).toBe(true);
    const failure = readMail(mailWith("Update my card") as string);
    expect(failure.subject).toBe("Your monthly gift to Hope Behind Bars did not go through");
    const cardLink = linkIn(mailWith("Update my card") as string, `${base}/donate/sandbox/card/`);
    expect(cardLink).toBe(`${base}/donate/sandbox/card/${gift._id}`);

    // Signed in to My giving, the donor sees the failure and updates the card from there.
    await fetch(`${base}/api/giving/link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DONOR }),
    });
    await expect.poll(() => mailWith("/giving?token=") !== undefined, { timeout: 15_000 }).toBe(true);
    await page.goto(linkIn(mailWith("/giving?token=") as string, `${base}/giving?token=`));
    await page.getByRole("button", { name: "Continue to My giving" }).click();
    await page.waitForURL(/\/giving$/);
    const card = page
      .getByRole("list", { name: "Your gifts" })
      .getByRole("article")
      .filter({ hasText: "$30 each month" });
    await card.getByText("The last payment did not go through. Update your card to keep this gift going.").waitFor();
    expect(await card.getByText(/^Taken each month on day \d{1,2}$/).count()).toBe(1);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "stewardship-failed-375");
    await card.getByRole("button", { name: "Update card" }).click();
    await page.waitForURL(`**/donate/sandbox/card/${gift._id}`);
    expect(await axeViolations(page, "main")).toEqual([]);
    await page.getByRole("button", { name: "Pay $30 with the new card (test)" }).click();
    await page.waitForURL(/\/giving$/);
    expect(await card.getByText(/did not go through/).count()).toBe(0);
    expect((await ledger()).donations.find((d) => d._id === gift._id)?.status).toBe("paid");
    // One failure, one e-mail.
    expect(inbox.messages.filter((m) => readMail(m).text.includes("Update my card"))).toHaveLength(1);

    // A pause of two months, confirmed by the sandbox's event (the job worker), then resumed.
    await card.getByText("Pause this monthly gift").click();
    await card.getByLabel("Pause for").selectOption("2");
    await card.getByRole("button", { name: "Pause my monthly gift" }).click();
    await page.waitForURL(/requested=pause/);
    expect(await page.getByRole("status").textContent()).toBe(
      "We have asked our payment provider to pause your monthly gift. It shows as paused here once they confirm.",
    );
    await expect
      .poll(
        async () => {
          await page.goto("/giving");
          return card.getByText(/^Paused · the next payment is on /).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "stewardship-paused-375");
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, "stewardship-paused-1280");
    await card.getByRole("button", { name: "Resume now" }).click();
    await page.waitForURL(/requested=resume/);
    await expect
      .poll(
        async () => {
          await page.goto("/giving");
          return card.getByText(/^Next payment: /).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
  });
});
