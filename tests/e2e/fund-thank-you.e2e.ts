import { describe, expect, it } from "vitest";
import { readMail } from "../support/smtp-inbox.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySiteWithInbox } from "./support/journey-site.ts";

const DONOR = "almaz.receipt@example.org";
const MESSAGE =
  "Your gift puts crayons & <b>picture books</b> in the children's hands.\nWe will send photos in spring.";

describe.runIf(browserAvailable)(
  "A fund's thank-you message, written by staff, on the thank-you page and receipt",
  () => {
    // The site's job worker sends the receipt to this test's SMTP server.
    const site = journeySiteWithInbox();

    it("staff write it on the need card; a sandbox gift to it shows it on the thank-you page and in the receipt", async () => {
      const admin = await newPage(site.browser, site.server, { context: { reducedMotion: "reduce" } });
      await openAdminPage(admin.page, site.server, "/admin/site/home");
      const field = admin.page.locator("#site-donationNeeds-0-thankYouMessage");
      await field.fill(MESSAGE);
      await admin.page.getByRole("button", { name: "Publish", exact: true }).first().click();
      await admin.page.locator('[role="status"]', { hasText: "Published" }).first().waitFor();
      await admin.context.close();

      // A gift to the first need card (the fund "eccd-package"), paid in the sandbox as a donor would.
      const response = await fetch(`${site.server.baseUrl}/api/payments/create-checkout-session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount: 15, frequency: "one-time", fund: "eccd-package" }),
      });
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      const paid = await fetch(`${site.server.baseUrl}/donate/sandbox/${id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: DONOR, name: "Almaz" }),
        redirect: "manual",
      });
      expect(paid.status).toBe(302);

      const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
      await page.goto(`/donate/thank-you?session_id=${id}`);
      const message = page.getByRole("figure");
      await message.getByText("A message from Hope Behind Bars").waitFor();
      // The page names the fund the gift goes to and says the receipt comes by e-mail.
      await page.getByText("It goes to ECCD Package.").waitFor();
      await page.getByText("A receipt is on its way to your e-mail.").waitFor();
      // Plain text as staff typed it: the tags are shown, never applied.
      expect(await message.locator("blockquote").textContent()).toBe(MESSAGE);
      expect(await message.locator("b").count()).toBe(0);
      expect(await axeViolations(page, "main")).toEqual([]);
      await screenshot(page, "fund-thank-you-375");
      await page.setViewportSize(VIEWPORTS.desktop);
      expect(await axeViolations(page, "main")).toEqual([]);
      await screenshot(page, "fund-thank-you-1280");
      await context.close();

      const receipt = () => site.inbox.messages.find((raw) => raw.includes(`To: ${DONOR}`));
      await expect.poll(() => receipt() !== undefined, { timeout: 15_000 }).toBe(true);
      const mail = readMail(receipt() as string);
      expect(mail.subject).toMatch(/^Your receipt \d{4}-\d{4} from Hope Behind Bars$/);
      expect(mail.text).toContain("A message from Hope Behind Bars:");
      expect(mail.text).toContain("We will send photos in spring.");
      expect(mail.html).toContain("crayons &amp; &lt;b&gt;picture books&lt;/b&gt;");
    });
  },
);
