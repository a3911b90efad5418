import { describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, newPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

const COVER = "Add 3 % so all of my gift reaches the programme";

/** "Add N % so all of my gift reaches the programme" (docs/decisions/0830-covering-the-fees.md); N is 3 in the demo content. */
describe.runIf(browserAvailable)("covering the fees, card and birr, with and without JavaScript", () => {
  const site = journeySite();

  it("adds the cover in the pop-up at 375 px, showing the sum as the amount changes; the card checkout charges both", async () => {
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Donate Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Make a donation" });
    const cover = dialog.getByRole("checkbox", { name: COVER });
    expect(await cover.isChecked()).toBe(false);
    // The preset chosen first ($50): what the cover adds shows before it is ticked.
    await dialog.getByText("Adds $1.50: $51.50 in all.").waitFor();
    await dialog.getByLabel("Or enter a custom amount").fill("100");
    await dialog.getByText("Adds $3: $103 in all.").waitFor();
    await cover.check();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, "fee-cover-card-375");
    await cover.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screenshots/fee-cover-card-dialog-375.png" });
    await dialog.getByRole("button", { name: "Donate $100" }).click();
    await page.waitForURL("**/donate/sandbox/**");
    await page.getByRole("button", { name: "Pay $103 (test)" }).click();
    await page.waitForURL("**/donate/thank-you?session_id=**");
    await page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor();
    await page
      .getByText("It includes $3 you added to cover the fees, so all of your gift reaches the programme.")
      .waitFor();
    await screenshot(page, "fee-cover-thank-you-375");
  });

  it("adds it to a gift in birr from the pop-up's Local tab", async () => {
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Donate Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Make a donation" });
    await dialog.getByRole("tab", { name: /^Local/ }).click();
    const form = dialog.getByRole("form", { name: "Gift in birr" });
    await form.getByText("ETB 2,500").click();
    await form.getByText("Adds ETB 75: ETB 2,575 in all.").waitFor();
    await form.getByLabel("Or enter an amount in birr").fill("1,000");
    await form.getByText("Adds ETB 30: ETB 1,030 in all.").waitFor();
    await form.getByRole("checkbox", { name: COVER }).check();
    await screenshot(page, "fee-cover-birr-375");
    await form.getByRole("checkbox", { name: COVER }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screenshots/fee-cover-birr-dialog-375.png" });
    await form.getByRole("button", { name: "Pay in birr" }).click();
    await page.waitForURL("**/donate/sandbox/**");
    expect(await page.getByRole("button", { name: "Pay ETB 1,030 (test)" }).isVisible()).toBe(true);
  });

  it("offers it on /donate without JavaScript, saying what it adds to each preset amount, in English and Amharic", async () => {
    const context = await site.browser.newContext({
      javaScriptEnabled: false,
      baseURL: site.server.baseUrl,
      viewport: VIEWPORTS.mobile,
    });
    const page = await context.newPage();
    await page.goto("/donate");
    const card = page.getByRole("form", { name: "Card donation" });
    // No script reads the amount, so the field tells what 3 % adds to each preset, as the server adds it.
    const cardCover = card.getByRole("checkbox", { name: COVER });
    const described = await cardCover.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(
      "Adds $0.75 on $25, $1.50 on $50, and $3 on $100; 3 % of any other amount.",
    );
    await cardCover.check();
    await screenshot(page, "fee-cover-donate-nojs-375");
    await card.getByRole("checkbox", { name: COVER }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screenshots/fee-cover-donate-nojs-view-375.png" });
    await card.getByRole("button", { name: "Donate", exact: true }).click();
    await page.waitForURL("**/donate/sandbox/**");
    expect(await page.getByRole("button", { name: "Pay $51.50 (test)" }).isVisible()).toBe(true);

    await page.goto("/donate");
    const birr = page.getByRole("form", { name: "Gift in birr" });
    await birr
      .getByText("Adds ETB 15 on ETB 500, ETB 30 on ETB 1,000, and ETB 75 on ETB 2,500; 3 % of any other amount.")
      .waitFor();
    await birr.getByLabel("Or enter an amount in birr").fill("500");
    await birr.getByRole("checkbox", { name: COVER }).check();
    await birr.getByRole("button", { name: "Pay in birr" }).click();
    await page.waitForURL("**/donate/sandbox/**");
    expect(await page.getByRole("button", { name: "Pay ETB 515 (test)" }).isVisible()).toBe(true);

    await page.goto("/am/donate");
    expect(await page.getByRole("checkbox", { name: "ስጦታዬ በሙሉ ለፕሮግራሙ እንዲደርስ 3 % ጨምሩ" }).count()).toBe(2);
    await page.getByText("በ$25 ላይ $0.75፣ በ$50 ላይ $1.50 እና በ$100 ላይ $3 ይጨመራል፤ በሌላ መጠን ላይ 3 %።").waitFor();
    await page
      .getByText("በETB 500 ላይ ETB 15፣ በETB 1,000 ላይ ETB 30 እና በETB 2,500 ላይ ETB 75 ይጨመራል፤ በሌላ መጠን ላይ 3 %።")
      .waitFor();
    await page.getByRole("checkbox", { name: "ስጦታዬ በሙሉ ለፕሮግራሙ እንዲደርስ 3 % ጨምሩ" }).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screenshots/fee-cover-donate-nojs-am-375.png" });
    await context.close();
  });
});
