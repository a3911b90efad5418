import { describe, expect, it } from "vitest";
import { readMail } from "../support/smtp-inbox.ts";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySiteWithInbox } from "./support/journey-site.ts";

const TOLD = "hanna.family@example.org";
const MESSAGE = "<b>For Abebe</b> & all the mothers";

describe.runIf(browserAvailable)("A gift in memory of someone, its card, and the donor wall", () => {
  // The site's job worker sends the card to this test's SMTP server.
  const site = journeySiteWithInbox();

  it("gives in memory through the sandbox at 375 px, the card arrives without the amount, the wall shows the donor once approved", async () => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto("/donate");
    const form = page.locator("form", { has: page.getByText("Give in honour or in memory of someone") }).first();
    await form.getByText("Give in honour or in memory of someone").click();
    await form.getByLabel("In memory of", { exact: true }).check();
    await form.getByLabel("Their name", { exact: true }).fill("Abebe Kebede");
    await form.getByLabel("Tell someone: their name (optional)").fill("Hanna");
    await form.getByLabel("Their e-mail address (optional; we send them a card)").fill(TOLD);
    await form.locator("summary", { hasText: "Show my name on the supporters' wall" }).click();
    await form.getByRole("checkbox", { name: "Show my name on the supporters' wall" }).check();
    await form.getByLabel("Name to show (empty: Anonymous)").fill("Meron T.");
    await form.getByLabel("A short message (optional, up to 200 characters)").fill(MESSAGE);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "tributes-donate-375");
    await form.getByRole("button", { name: "Donate" }).click();

    await page.waitForURL(/\/donate\/sandbox\//);
    await page.getByLabel(/e-mail/i).fill("meron@example.org");
    await page.getByLabel(/name/i).fill("Meron");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/donate\/thank-you/);

    const cardMail = () => site.inbox.messages.find((message) => message.includes(TOLD));
    await expect.poll(() => cardMail() !== undefined, { timeout: 15_000 }).toBe(true);
    const card = readMail(cardMail() as string);
    expect(card.subject).toBe("A gift to Hope Behind Bars in memory of Abebe Kebede");
    expect(card.text).toContain("Dear Hanna,");
    expect(card.text).toContain("Meron has given a gift to Hope Behind Bars in memory of Abebe Kebede.");
    expect(card.text).not.toMatch(/\$\d/);
    expect(card.html).toContain("/images/hero-families-640.jpg");

    // Not on the wall until staff approve it.
    await page.goto("/supporters");
    expect(await page.getByText("Meron T.").count()).toBe(0);

    const api = await adminApi(site.server);
    const { entries } = await api.json<{ entries: Array<{ _id: string; displayName: string }> }>(
      "GET",
      "/api/admin/donor-wall",
    );
    const entry = entries.find((e) => e.displayName === "Meron T.");
    expect(entry).toBeDefined();

    const admin = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(admin.page, site.server, "/admin/supporters");
    const row = admin.page.locator("[data-wall-entry]", { hasText: "Meron T." });
    await row.getByRole("button", { name: "Approve" }).click();
    await row.getByText("Shown").waitFor();
    await screenshot(admin.page, "tributes-admin-wall-375");
    await admin.context.close();

    await page.goto("/supporters");
    const wall = page.locator("[data-donor-wall]");
    await wall.getByText("Meron T.").waitFor();
    // The message is shown as the donor typed it: text, never markup.
    expect(await wall.getByText(MESSAGE).count()).toBe(1);
    expect(await wall.locator("b").count()).toBe(0);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "tributes-supporters-375");
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, "tributes-supporters-1280");
    await context.close();
  });
});
