import { describe, expect, it } from "vitest";
import { linkIn, readMail } from "../support/smtp-inbox.ts";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, newPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySiteWithInbox } from "./support/journey-site.ts";

const DONOR = "liya@example.org";
const MONTHLY_DONOR = "meron@example.org";

describe.runIf(browserAvailable)(
  "My giving: donors sign in by e-mailed link and look after their monthly gifts",
  () => {
    // The site's job worker sends the link (and the receipt) to this test's SMTP server.
    const site = journeySiteWithInbox();

    /** A monthly sandbox gift, made as the pop-up and the test checkout make it. */
    async function giveMonthly(amount: number, donor = { email: DONOR, name: "Liya" }) {
      const opened = await fetch(`${site.server.baseUrl}/api/payments/create-checkout-session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount, frequency: "monthly" }),
      });
      const { id } = (await opened.json()) as { id: string };
      const paid = await fetch(`${site.server.baseUrl}/donate/sandbox/${id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(donor),
        redirect: "manual",
      });
      expect(paid.status).toBe(302);
    }

    /** The messages sent to one donor (both donors' mail arrives in the one inbox). */
    const mailTo = (email: string) => site.inbox.messages.filter((message) => message.includes(email));
    const linkMail = () => mailTo(DONOR).find((message) => message.includes("/giving?token="));
    const mailWith = (text: string) => mailTo(MONTHLY_DONOR).find((message) => readMail(message).text.includes(text));

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

    it("tells a donor once of a failed payment, takes the new card on the sandbox's page, and pauses and resumes the gift at 375 px", async () => {
      const base = site.server.baseUrl;
      await giveMonthly(30, { email: MONTHLY_DONOR, name: "Meron" });
      const admin = await adminApi(site.server);
      const ledger = () =>
        admin.json<{ donations: Array<{ _id: string; donorEmail: string; status: string }> }>("GET", "/api/donations");
      const gift = (await ledger()).donations.find((d) => d.donorEmail === MONTHLY_DONOR);
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
        body: JSON.stringify({ email: MONTHLY_DONOR }),
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
      expect(mailTo(MONTHLY_DONOR).filter((m) => readMail(m).text.includes("Update my card"))).toHaveLength(1);

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
  },
);
