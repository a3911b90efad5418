import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import { adminParts, expectLaidOut } from "./support/layout.ts";

const poll = <T>(condition: () => T | Promise<T>) => expect.poll(condition, { timeout: 15_000, interval: 100 });

describe.runIf(browserAvailable)("welcome e-mails: staff edit a step and preview it", () => {
  const site = journeySite();

  it.each([
    ["phone", VIEWPORTS.mobile],
    ["desktop", VIEWPORTS.desktop],
  ] as const)(
    "rewrites the day-7 e-mail, switches a step off, and previews it as sent (%s)",
    async (name, viewport) => {
      const { page } = await newPage(site.browser, site.server, { viewport });
      await openAdminPage(page, site.server, "/admin/newsletters");
      await page.getByRole("link", { name: "Welcome e-mails" }).click();
      await page.getByRole("heading", { name: "Welcome e-mails", level: 1 }).waitFor();
      const first = page.getByRole("region", { name: "Step 1: day 7" });
      const second = page.getByRole("region", { name: "Step 2: day 30" });
      await expectLaidOut(page, adminParts(page, page.getByRole("region")), `welcome e-mails at ${name}`);

      const subject = `Meet Hana (${name})`;
      await first.getByLabel("Subject (English)").fill(subject);
      const editor = first.getByRole("textbox", { name: "Text (English)" });
      await editor.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(`Hana learns to read, thanks to you (${name}).`);
      await first.getByRole("button", { name: "Save step" }).click();
      await page.getByText("Step saved.").first().waitFor();

      await first.getByText("Preview of the saved step").click();
      await poll(() => first.getByText(`Subject: ${subject}`).count()).toBe(1);
      await first.getByRole("button", { name: "Phone (375 px)" }).click();
      const mail = first.frameLocator("iframe[title='E-mail preview at 375 px']");
      await mail.getByText(`Hana learns to read, thanks to you (${name}).`).waitFor();
      await mail.getByText("Stop these e-mails").waitFor();
      await first.getByRole("button", { name: "Amharic" }).click();
      await poll(() => first.getByText("Subject: ስጦታዎ ያደረገው").count()).toBe(1);

      await second.getByLabel("Send this step").uncheck();
      await second.getByRole("button", { name: "Save step" }).click();
      await poll(() => page.getByText("Step saved.").count()).toBeGreaterThan(0);

      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `welcome-series-${name}`);

      // Saved as shown: read back after a reload.
      await page.reload();
      await expect
        .poll(() => page.getByRole("region", { name: "Step 1: day 7" }).getByLabel("Subject (English)").inputValue())
        .toBe(subject);
      expect(await page.getByRole("region", { name: "Step 2: day 30" }).getByLabel("Send this step").isChecked()).toBe(
        false,
      );
      await page.getByRole("region", { name: "Step 2: day 30" }).getByLabel("Send this step").check();
      await page.getByRole("region", { name: "Step 2: day 30" }).getByRole("button", { name: "Save step" }).click();
      await poll(() => page.getByText("Step saved.").count()).toBeGreaterThan(0);
    },
  );

  it("asks for a step's picture's consent before the step is saved switched on, as a newsletter's", async () => {
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    // The editor asks for the picture's description in the browser's prompt.
    page.on("dialog", (dialog) => void dialog.accept("The reading class"));
    await openAdminPage(page, site.server, "/admin/welcome-emails");
    const second = page.getByRole("region", { name: "Step 2: day 30" });
    const editor = second.getByRole("textbox", { name: "Text (English)" });
    await editor.click();
    await page.keyboard.press("ControlOrMeta+End");
    const photo = await sharp({ create: { width: 900, height: 450, channels: 3, background: "#3b6e4f" } })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent("filechooser");
    await second.getByRole("button", { name: "Picture", exact: true }).first().click();
    await (await chooser).setFiles({ name: "class.png", mimeType: "image/png", buffer: photo });
    await editor.getByRole("img", { name: "The reading class" }).waitFor();

    expectErrors(page, [/^400 PUT \/api\/email-series\/welcome\/steps\/[\w-]+$/]);
    await second.getByRole("button", { name: "Save step" }).click();
    const refusal =
      "The picture “The reading class” has no consent recorded: record its consent, or take it out of the e-mail.";
    const consent = second.getByRole("group", { name: "Consent for the picture “The reading class”" });
    await consent.getByText(refusal).waitFor();
    await screenshot(page, "welcome-series-consent-refused-1280");
    await consent.getByLabel("No identifiable people").check();
    await second.getByRole("button", { name: "Save step" }).click();
    await poll(() => page.getByText("Step saved.").count()).toBeGreaterThan(0);
    // Saved, the picture can be blurred where it is, as every other picture.
    await second.getByRole("button", { name: "Blur faces or details" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "welcome-series-picture-1280");
  });
});
