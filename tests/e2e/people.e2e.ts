import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import { addInboxMember, openAsMember } from "./support/staff-members.ts";

const EMAIL = "tigist.bekele@example.org";
const NAME = "Tigist Bekele";
const PHONE = "+251 944 777 888";

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Admin → People: find a supporter, read everything held, download it, erase it, at phone and desktop widths. */
describe.runIf(browserAvailable)("People: search, a person's page, export and erasure", () => {
  const site = journeySite();

  it("finds a person by phone, shows their records and giving, downloads the ZIP and erases them", async () => {
    const api = await adminApi(site.server);
    const visitor = (pathname: string, body: object) =>
      fetch(`${site.server.baseUrl}${pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(
      (
        await visitor("/api/volunteer", {
          fullName: NAME,
          email: EMAIL,
          phone: PHONE,
          age: 34,
          interest: "Event Support",
          motivation: "I want to help mothers stay close to their children.",
          availability: "Weekends",
        })
      ).status,
    ).toBe(201);
    expect((await visitor("/api/messages", { name: NAME, email: EMAIL, message: "Please send me news." })).status).toBe(
      201,
    );
    await api.json("POST", "/api/offline-gifts", {
      receivedOn: "2026-03-02",
      method: "cash",
      amount: "250",
      currency: "usd",
      fund: null,
      donorName: NAME,
      donorEmail: EMAIL,
      reference: null,
      note: null,
    });

    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(page, site.server, "/admin/people");
    await page.getByRole("heading", { name: "People", level: 1 }).waitFor();
    await page.getByLabel("Search by name, e-mail or phone").fill("944 777");
    await page.keyboard.press("Enter");
    const link = page.getByRole("link", { name: NAME });
    await link.waitFor();
    expect(page.url()).not.toContain("tigist.bekele");
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "admin-people-375");
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, "admin-people-1280");

    // Keyboard: the result is a link like any other.
    await link.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: NAME, level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/admin\/people\/[0-9a-f-]{36}$/);
    await page.getByText("Volunteer application (Event Support), Pending", { exact: true }).waitFor();
    await page.getByText("Message through the contact form", { exact: true }).waitFor();
    await page.getByRole("cell", { name: "$250", exact: true }).waitFor();
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "admin-person-1280");
    // Each record opens its own screen: the offline gift, the Donations screen's offline gifts.
    await page.getByRole("link", { name: /^Open in Offline gift/ }).click();
    await page.waitForURL(/\/admin\/donations\/offline$/);
    await page.goBack();
    await page.getByRole("heading", { name: NAME, level: 1 }).waitFor();
    const personPath = new URL(page.url()).pathname;

    // Inbox staff read the same person, without links to the gift screens their role does not open.
    const inbox = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await openAsMember(inbox.page, site.server, addInboxMember(site.server), personPath);
    await inbox.page.getByRole("heading", { name: NAME, level: 1 }).waitFor();
    expect(await inbox.page.getByRole("link", { name: /^Open in Volunteer application/ }).count()).toBe(1);
    expect(await inbox.page.getByRole("link", { name: /^Open in Offline gift/ }).count()).toBe(0);
    expect(await inbox.page.getByText("On a screen your role does not open").count()).toBeGreaterThan(0);
    expect(await axeViolations(inbox.page, "main")).toEqual([]);
    await screenshot(inbox.page, "admin-person-inbox-375");
    await inbox.context.close();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export everything (ZIP)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("personal-data.zip");
    const files = unzipSync(await bytesOf(await file.createReadStream()));
    expect(Object.keys(files).sort()).toEqual([
      "messages.csv",
      "offline-gifts.csv",
      "person.json",
      "receipts.csv",
      "receipts/receipt-2026-0001.pdf",
      "volunteer-applications.csv",
    ]);
    expect(JSON.parse(strFromU8(files["person.json"] as Uint8Array)).email).toBe(EMAIL);

    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, "admin-person-375");
    await page.getByRole("button", { name: "Erase this person" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase this person?" });
    await dialog.waitFor();
    expect(await axeViolations(page, "[role=dialog]")).toEqual([]);
    await dialog.getByRole("button", { name: "Erase everything" }).click();
    await page.getByRole("heading", { name: "Erased", level: 1 }).waitFor();
    await page
      .getByText(/^Gifts and receipts kept by law now read “Erased supporter [2-9A-Z]{4}-[2-9A-Z]{4}”\.$/)
      .waitFor();
    await page.getByText("Volunteer application: 1").waitFor();
    await page.getByText("Offline gift: 1").waitFor();
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "admin-person-erased-375");

    const left = await api.json<{ total: number }>("GET", "/api/people?q=tigist");
    expect(left.total).toBe(0);
    await context.close();
  });

  it('offers "Your data" from the footer in English and Amharic, a form that works without JavaScript', async () => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto("/am");
    await page.getByRole("contentinfo").getByRole("link", { name: "የእርስዎ መረጃ" }).click();
    await page.waitForURL(/\/am\/your-data$/);
    await page.getByRole("heading", { name: "የእርስዎ መረጃ", level: 1 }).waitFor();
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "your-data-am-375");
    await page.goto("/your-data");
    await page.getByLabel("Your e-mail address").fill(EMAIL);
    await page.getByLabel("Erase my data").check();
    await page.getByRole("button", { name: "Send me the link" }).click();
    // This site has no mail server, so it says it cannot confirm the address (and keeps nothing).
    await page
      .getByRole("alert")
      .getByText("The site cannot send e-mail just now. Please try again later or write to us.")
      .waitFor();
    expect(new URL(page.url()).search).toBe("?error=unavailable");
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(await axeViolations(page, "main")).toEqual([]);
    await screenshot(page, "your-data-1280");
    await context.close();
  });
  it("lets an Administrator lift an erased address's block after asking, and says what happened", async () => {
    const api = await adminApi(site.server);
    const address = "hirut.lift@example.org";
    const subscribe = () =>
      fetch(`${site.server.baseUrl}/api/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: address }),
      });
    const subscribed = async () =>
      (await api.json<Array<{ email: string }>>("GET", "/api/subscribe")).some((row) => row.email === address);
    expect((await subscribe()).status).toBe(201);
    const { people } = await api.json<{ people: Array<{ id: string }> }>("GET", "/api/people?q=hirut.lift");
    await api.json("POST", `/api/people/${people[0]?.id}/erase`, {});
    // Kept off the list: a sign-up is answered like any other and stores nothing.
    await subscribe();
    expect(await subscribed()).toBe(false);

    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    // The second try finds nothing to lift: the API's 404, said on the screen.
    expectErrors(page, [/^404 POST \/api\/people\/suppressions\/lift$/]);
    await openAdminPage(page, site.server, "/admin/people");
    const section = page.getByRole("region", { name: "Let an erased address subscribe again" });
    await section.getByLabel("E-mail address").fill(address);
    await section.getByRole("button", { name: "Let it subscribe again" }).click();
    const dialog = page.getByRole("dialog", { name: "Let this address subscribe again?" });
    await dialog.waitFor();
    expect(await axeViolations(page, "[role=dialog]")).toEqual([]);
    await screenshot(page, "admin-people-lift-375");
    // Cancel keeps the block.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await section.getByRole("button", { name: "Let it subscribe again" }).click();
    await dialog.getByRole("button", { name: "Lift the block" }).click();
    await section
      .getByRole("status")
      .getByText(
        `${address} can subscribe again. Nothing was subscribed: the person signs up through the form and confirms by e-mail.`,
      )
      .waitFor();
    expect(await axeViolations(page, "main")).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, "admin-people-lift-1280");

    // Once lifted there is nothing left to lift: said as plainly.
    await section.getByLabel("E-mail address").fill(address);
    await section.getByRole("button", { name: "Let it subscribe again" }).click();
    await dialog.getByRole("button", { name: "Lift the block" }).click();
    await section.getByRole("status").getByText("That address is not kept off the newsletter list.").waitFor();

    expect((await subscribe()).status).toBe(201);
    expect(await subscribed()).toBe(true);
    await context.close();
  });
});
