import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeTokens } from "../../core/subscribers/unsubscribe-token.ts";
import { createSmtpInbox, linkIn, readMail, type SmtpInbox } from "../support/smtp-inbox.ts";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import {
  browserAvailable,
  expectErrors,
  launchBrowser,
  newPage,
  openAdminPage,
  type PageOptions,
  screenshot,
  VIEWPORTS,
} from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/server.ts";

const poll = <T>(condition: () => T | Promise<T>, message?: string) =>
  expect.poll(condition, { timeout: 15_000, interval: 100, message });
const CLIPBOARD: PageOptions["context"] = { permissions: ["clipboard-read", "clipboard-write"] };
const SESSION_SECRET = randomBytes(32).toString("hex");
/** A raw message with its quoted-printable soft breaks and escapes undone. */
const decodedMail = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe.runIf(browserAvailable)("newsletter: consent, subscribers, unsubscribe", () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: SmtpInbox;
  const mailTo = (address: string) => inbox.messages.filter((raw) => new RegExp(`^To: ${address}`, "m").test(raw));

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    server = await startServer({
      PAGE_CACHE_SECONDS: "0",
      SESSION_SECRET,
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      SMTP_FROM: "Hope Behind Bars <news@hopebehindbars.test>",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.stop();
  });

  async function subscribeInFooter(page: Page, email: string) {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Newsletter sign-up" });
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await poll(() => page.getByRole("status").filter({ hasText: "Thank you for subscribing!" }).count()).toBe(1);
  }

  it("a visitor subscribes, confirms by e-mail, and staff see and copy only confirmed addresses", async () => {
    const { page } = await newPage(browser, server);
    await subscribeInFooter(page, "selam@example.org");
    // Besides the spec's thanks, the form says what to expect: the site sends a confirmation e-mail.
    await poll(() => page.locator("[data-result=success]").textContent()).toBe(
      "Thank you for subscribing! A confirmation e-mail is on its way: open the link in it to start receiving our news.",
    );
    await subscribeInFooter(page, "waiting@example.org");
    await page.goto("/am/");
    const amharic = page.getByRole("form", { name: "ለዜና መጽሔቱ ይመዝገቡ" });
    await amharic.getByLabel("የኢሜይል አድራሻ").fill("almaz@example.org");
    await amharic.getByRole("button", { name: "ይመዝገቡ" }).click();
    await poll(() => page.locator("[data-result=success]").textContent()).toBe(
      "ስለተመዘገቡ እናመሰግናለን! የማረጋገጫ ኢሜይል እየደረሰዎት ነው፦ ዜናዎቻችንን መቀበል ለመጀመር በውስጡ ያለውን ሊንክ ይክፈቱ።",
    );
    await poll(() => mailTo("selam@example.org").length).toBe(1);
    const link = linkIn(mailTo("selam@example.org")[0] as string, `${server.baseUrl}/newsletter/confirm#`);

    await page.goto(link);
    await page.getByRole("heading", { name: "Newsletter subscription" }).waitFor();
    await poll(() => page.getByText("selam@example.org is subscribed. Thank you!").count()).toBe(1);
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `newsletter-confirmed-${viewport.width}`);
    }
    // The link works once.
    expectErrors(page, [/^410 POST \/api\/subscribe\/confirm$/]);
    await page.reload();
    await poll(() => page.getByRole("alert").textContent()).toContain("expired or was already used");

    const admin = (await newPage(browser, server, { context: CLIPBOARD })).page;
    await openAdminPage(admin, server, "/admin/subscribe");
    const row = (email: string) => admin.getByRole("row").filter({ hasText: email });
    await row("selam@example.org").getByText("Confirmed", { exact: true }).waitFor();
    await row("waiting@example.org").getByText("Pending", { exact: true }).waitFor();
    await admin.getByText("New subscribers get an e-mail to confirm their address").waitFor();
    await admin.getByRole("button", { name: "Copy All Emails (1)" }).click();
    await poll(() => admin.evaluate(() => navigator.clipboard.readText())).toBe("selam@example.org");

    // A filter and a search one after the other, without waiting for the first to be drawn: both hold.
    await admin.getByLabel("Status").selectOption("pending");
    await admin.getByLabel("Search e-mails").fill("example.org");
    await admin.getByLabel("Search e-mails").press("Enter");
    await row("waiting@example.org").waitFor();
    await poll(() => row("selam@example.org").count()).toBe(0);
    await poll(() => new URL(admin.url()).search).toBe("?status=pending&q=example.org");
    expect(await admin.getByLabel("Status").inputValue()).toBe("pending");
    // Back to every status and no search, again without waiting: the filter is done by the server
    // (the list kit), and so is its undoing.
    await admin.getByLabel("Status").selectOption("all");
    await admin.getByLabel("Search e-mails").fill("");
    await admin.getByLabel("Search e-mails").press("Enter");
    await row("selam@example.org").waitFor();
    await poll(() => new URL(admin.url()).search).toBe("");
  });

  it("staff import a CSV: those who consented are confirmed, the others asked by e-mail", async () => {
    const { page } = await newPage(browser, server);
    await openAdminPage(page, server, "/admin/subscribe");
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import subscribers" });
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "old-list.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("email,consent\nabebe@example.org,yes\nask-me@example.org,\nnot an address,yes\n"),
    });
    await dialog.getByLabel("Where these addresses come from").fill("Spring fair sheet");
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `subscribers-import-${viewport.width}`);
    }
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.getByText("Added 2 addresses: 1 confirmed, 1 pending confirmation.").waitFor();
    await dialog.getByText("Line 4: “not an address” (Invalid email address)").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    const row = (email: string) => page.getByRole("row").filter({ hasText: email });
    await row("abebe@example.org").getByText("Confirmed", { exact: true }).waitFor();
    await row("ask-me@example.org").getByText("Pending", { exact: true }).waitFor();
    await poll(() => mailTo("ask-me@example.org").length).toBe(1);
    expect(mailTo("abebe@example.org")).toHaveLength(0);
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `subscribers-${viewport.width}`);
    }
  });

  it("an unsubscribe link asks first, then unsubscribes, and offers to subscribe again", async () => {
    const api = await adminApi(server);
    const subscribers = await api.json<Array<{ _id: string; email: string }>>("GET", "/api/subscribe");
    const abebe = subscribers.find((s) => s.email === "abebe@example.org") as { _id: string };
    const token = unsubscribeTokens(SESSION_SECRET).make(abebe._id);
    const { page } = await newPage(browser, server);
    await page.goto(`/newsletter/unsubscribe#${token}`);
    await page.getByText("Stop receiving the Hope Behind Bars newsletter at this address?").waitFor();
    const status = async () =>
      (await api.json<Array<{ email: string; status: string }>>("GET", "/api/subscribe")).find(
        (s) => s.email === "abebe@example.org",
      )?.status;
    expect(await status()).toBe("confirmed"); // opening the link alone changes nothing
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByText("You are unsubscribed: abebe@example.org will get no more newsletters.").waitFor();
    expect(await status()).toBe("unsubscribed");
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `newsletter-unsubscribed-${viewport.width}`);
    }
    await page.getByRole("button", { name: "Subscribe again" }).click();
    await page.getByText("Welcome back! abebe@example.org is subscribed again.").waitFor();
    expect(await status()).toBe("confirmed");

    const tampered = (await newPage(browser, server)).page;
    expectErrors(tampered, [/^410 POST \/api\/subscribe\/unsubscribe\?token=/]);
    await tampered.goto(`/newsletter/unsubscribe#${token.slice(0, -2)}xx`);
    await tampered.getByRole("button", { name: "Unsubscribe" }).click();
    await poll(() => tampered.getByRole("alert").textContent()).toBe(
      "This unsubscribe link is not valid. Please use the link from your e-mail.",
    );
  });

  it("staff schedule a newsletter in Addis Ababa time, wherever their browser is, and cancel it", async () => {
    const api = await adminApi(server);
    const draft = await api.json<{ _id: string }>("POST", "/api/newsletters", {
      subject: "Visiting day",
      previewText: "",
      content: "<p>Families visit on Saturday.</p>",
      buttonLabel: "",
      buttonUrl: "",
    });
    // A browser seven or eight hours behind Addis Ababa: 09:00 typed is 09:00 there, not in New York.
    const { page } = await newPage(browser, server, { context: { timezoneId: "America/New_York" } });
    await openAdminPage(page, server, `/admin/newsletters/${draft._id}`);
    await page.getByLabel("Or at (Addis Ababa time)").fill("2030-01-01T09:00");
    // It asks first, with the count and the time in Addis Ababa; Cancel has the focus, Escape cancels.
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    const question = page.getByRole("dialog", { name: "Schedule this newsletter?" });
    await poll(() => question.getByText(/^Schedule 'Visiting day'/).textContent()).toBe(
      "Schedule 'Visiting day' for 2 subscribers on Jan 1, 2030, 09:00 (Addis Ababa time)?",
    );
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await page.keyboard.press("Escape");
    await poll(() => question.count()).toBe(0);
    expect((await api.json<{ state: string }>("GET", `/api/newsletters/${draft._id}`)).state).toBe("draft");
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Schedule");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await question.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `newsletter-schedule-question-${viewport.width}`);
    }
    await question.getByRole("button", { name: "Schedule for 2 subscribers" }).click();
    await poll(() => page.getByText("Newsletter scheduled.").isVisible()).toBe(true);
    const status = page.getByRole("status").filter({ hasText: "Scheduled" });
    await poll(() => status.textContent()).toBe("Scheduled for Jan 1, 2030, 09:00 (Addis Ababa time)");
    const stored = await api.json<{ scheduledAt: string }>("GET", `/api/newsletters/${draft._id}`);
    expect(stored.scheduledAt).toBe("2030-01-01T06:00:00.000Z");

    await page.getByRole("button", { name: "Cancel schedule" }).click();
    await poll(() => page.getByRole("status").filter({ hasText: "Draft" }).count()).toBe(1);
  });

  it("staff write a newsletter with a picture and a button, preview it as an e-mail, test it, send it; subscribers get one copy; it joins the archive", async () => {
    const { page } = await newPage(browser, server);
    // The editor asks for a picture's alt text and a button's text and link in the browser's prompts.
    const answers: string[] = [];
    page.on("dialog", (dialog) => void dialog.accept(answers.shift() ?? ""));
    await openAdminPage(page, server, "/admin/newsletters");
    await page.getByRole("link", { name: "New newsletter" }).click();
    await page.getByLabel("Subject").fill("Graduation week");
    await page.getByLabel("Preview text").fill("Twelve women finished the course");
    const editor = page.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.keyboard.type("Twelve women finished the tailoring course this week.");

    const photo = await sharp({ create: { width: 1400, height: 700, channels: 3, background: "#3b6e4f" } })
      .png()
      .toBuffer();
    answers.push("The twelve graduates with their certificates");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Picture", exact: true }).click();
    await (await chooser).setFiles({ name: "graduates.png", mimeType: "image/png", buffer: photo });
    await editor.getByRole("img", { name: "The twelve graduates with their certificates" }).waitFor();
    answers.push("Give to the next class", "https://hope.example/give");
    await page.getByRole("button", { name: "Button (a link as a button)" }).click();
    await editor.getByRole("link", { name: "Give to the next class" }).waitFor();
    await page.getByLabel("Button label (optional)").fill("Support the next class");
    await page.getByLabel("Button link").fill("/donate");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/admin\/newsletters\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) as string;

    const preview = page.frameLocator('iframe[title="E-mail preview at 700 px"]');
    await preview.getByText("Twelve women finished the tailoring course this week.").waitFor();
    const previewPicture = preview.getByRole("img", { name: "The twelve graduates with their certificates" });
    await poll(() => previewPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
    await preview.getByRole("link", { name: "Give to the next class" }).waitFor();
    // The frame itself: a full-page capture may draw a sandboxed frame blank.
    const shoot = (width: number) =>
      page
        .locator(`iframe[title="E-mail preview at ${width} px"]`)
        .screenshot({ path: `test-results/screenshots/newsletter-preview-${width}.png` });
    await shoot(700);
    await page.getByRole("button", { name: "Phone (375 px)" }).click();
    await page.frameLocator('iframe[title="E-mail preview at 375 px"]').getByText("Support the next class").waitFor();
    await shoot(375);
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `newsletter-compose-${viewport.width}`);
    }

    await page.getByRole("button", { name: "Send test to me" }).click();
    await poll(() => mailTo(server.admin.email).length).toBe(1);
    const test = decodedMail(mailTo(server.admin.email)[0] as string);
    expect(test).toContain("Subject: [Test] Graduation week");
    // The picture: an absolute URL of a variant that exists, with its size and alt; the button: a table
    // button in the HTML part and its link in the text part.
    const picture = new RegExp(
      `<img src="(${server.baseUrl}/uploads/newsletter/[0-9a-f-]+-1280\\.jpg)" alt="The twelve graduates with their certificates" width="496" height="248"`,
    ).exec(test);
    expect(picture, test).not.toBeNull();
    const file = await fetch(picture?.[1] as string);
    expect([file.status, file.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect(test).toMatch(/<td align="center" bgcolor="#0b5563"[^>]*><a href="https:\/\/hope\.example\/give"/);
    expect(test).toContain("Give to the next class: https://hope.example/give");

    // Send now asks first, with the count; a picture without consent stops the send, named.
    const before = inbox.messages.length;
    await page.getByRole("button", { name: "Send now" }).click();
    const question = page.getByRole("dialog", { name: "Send this newsletter?" });
    await poll(() => question.getByText(/^Send 'Graduation week'/).textContent()).toBe(
      "Send 'Graduation week' to 2 subscribers now?",
    );
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    // The test e-mail's toast may still be fading: contrast is measured once nothing is mid-animation.
    await poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) => animation.playState === "running")
            .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
            .length,
      ),
    ).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `newsletter-send-question-${viewport.width}`);
    }
    expectErrors(page, [/^400 POST \/api\/newsletters\/[0-9a-f-]+\/send$/]);
    await question.getByRole("button", { name: "Send to 2 subscribers" }).click();
    const refusal =
      "The picture “The twelve graduates with their certificates” has no consent recorded: record its consent, or take it out of the newsletter.";
    await poll(() => page.getByText(refusal).count()).toBeGreaterThan(0);
    const consent = page.getByRole("group", {
      name: "Consent for the picture “The twelve graduates with their certificates”",
    });
    await consent.getByText(refusal).waitFor();
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `newsletter-consent-refused-${viewport.width}`);
    }
    expect(inbox.messages.length).toBe(before);
    await consent.getByLabel("No identifiable people").check();
    await page.getByRole("button", { name: "Save draft" }).click();
    await poll(() => page.getByText("Draft saved.").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Send now" }).click();
    await question.getByRole("button", { name: "Send to 2 subscribers" }).click();
    await poll(() => page.getByRole("status").filter({ hasText: "Sent 2 · Failed 0 · Remaining 0" }).count()).toBe(1);
    await screenshot(page, "newsletter-sent-1280");
    const sent = inbox.messages.slice(before);
    expect(sent.map((raw) => /^To: (.+)$/m.exec(raw)?.[1]?.trim()).sort()).toEqual([
      "abebe@example.org",
      "selam@example.org",
    ]);
    for (const raw of sent) expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    await page.goto("/newsletter");
    await page.getByRole("link", { name: "Graduation week" }).click();
    await page.getByText("Twelve women finished the tailoring course this week.").waitFor();
    await page.getByRole("img", { name: "The twelve graduates with their certificates" }).waitFor();
    expect(await page.getByRole("link", { name: "Give to the next class" }).getAttribute("href")).toBe(
      "https://hope.example/give",
    );
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `newsletter-archive-${viewport.width}`);
    }
    expect(await (await fetch(`${server.baseUrl}/sitemap.xml`)).text()).toContain(`/newsletter/${id}</loc>`);
    expect(await (await fetch(`${server.baseUrl}/newsletter/rss.xml`)).text()).toContain(
      "<title>Graduation week</title>",
    );

    // The visible link in the e-mail leads to the unsubscribe page.
    const selam = sent.find((raw) => raw.includes("To: selam@example.org")) as string;
    await page.goto(linkIn(selam, `${server.baseUrl}/newsletter/unsubscribe#`));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByText("You are unsubscribed: selam@example.org will get no more newsletters.").waitFor();
  });

  it("staff write a newsletter's Amharic version beside the English; the question counts each version; Amharic subscribers get it", async () => {
    // An Amharic reader subscribes from an Amharic page and confirms from the Amharic e-mail.
    const asked = await fetch(`${server.baseUrl}/api/subscribe?lang=am`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "hirut@example.org" }),
    });
    expect(asked.status).toBe(201);
    await poll(() => mailTo("hirut@example.org").length).toBe(1);
    const confirmLink = linkIn(mailTo("hirut@example.org")[0] as string, `${server.baseUrl}/am/newsletter/confirm#`);
    const confirmed = await fetch(`${server.baseUrl}/api/subscribe/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: confirmLink.split("#")[1] }),
    });
    expect(confirmed.status).toBe(200);

    const { page } = await newPage(browser, server);
    await openAdminPage(page, server, "/admin/newsletters");
    await page.getByRole("link", { name: "New newsletter" }).click();
    await page.getByLabel("Subject", { exact: true }).fill("Harvest news");
    await page.getByRole("textbox", { name: "Content", exact: true }).click();
    await page.keyboard.type("The garden gave its first harvest.");
    await page.getByRole("button", { name: "Edit the Amharic version" }).click();
    await page.getByLabel("Subject (Amharic)").fill("የመከር ዜና");
    const amharic = page.getByRole("textbox", { name: "Content (Amharic)" });
    expect(await amharic.evaluate((editor) => editor.closest("[lang]")?.getAttribute("lang"))).toBe("am");
    await amharic.click();
    await page.keyboard.type("የአትክልት ቦታው የመጀመሪያውን ምርት ሰጠ።");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/admin\/newsletters\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) as string;

    // The preview shows either version.
    await page.getByRole("button", { name: "Amharic", exact: true }).click();
    await page
      .frameLocator('iframe[title="E-mail preview at 700 px"]')
      .getByText("የአትክልት ቦታው የመጀመሪያውን ምርት ሰጠ።")
      .waitFor();

    const api = await adminApi(server);
    const audience = await api.json<{ recipients: number; amharic: number }>("GET", `/api/newsletters/${id}/audience`);
    expect(audience.amharic).toBe(1);
    const english = audience.recipients - 1;
    const before = inbox.messages.length;
    await page.getByRole("button", { name: "Send now" }).click();
    const question = page.getByRole("dialog", { name: "Send this newsletter?" });
    await poll(() => question.getByText(/the Amharic version/).textContent()).toBe(
      `1 subscriber gets the Amharic version, ${english} ${english === 1 ? "subscriber" : "subscribers"} the English.`,
    );
    expect(await axeViolations(page)).toEqual([]);
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `newsletter-amharic-question-${viewport.width}`);
    }
    await question.getByRole("button", { name: /^Send to / }).click();
    await poll(() => page.getByRole("status").filter({ hasText: "Remaining 0" }).count()).toBe(1);
    const toHirut = inbox.messages.slice(before).find((raw) => /^To: hirut@example\.org/m.test(raw)) as string;
    expect(readMail(toHirut).subject).toBe("የመከር ዜና");
    expect(readMail(toHirut).text).toContain("የአትክልት ቦታው የመጀመሪያውን ምርት ሰጠ።");
    const toOthers = inbox.messages.slice(before).filter((raw) => !/^To: hirut@example\.org/m.test(raw));
    expect(toOthers.map((raw) => readMail(raw).subject)).toEqual(Array(english).fill("Harvest news"));

    // The Amharic archive page shows the Amharic version.
    await page.goto(`/am/newsletter/${id}`);
    await page.getByRole("heading", { name: "የመከር ዜና" }).waitFor();
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `newsletter-amharic-archive-${viewport.width}`);
    }
  });
});
