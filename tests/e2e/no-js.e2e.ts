import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { browserAvailable, expectErrors, newPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

/**
 * Before the JavaScript arrives (docs/decisions/0430-forms-work-before-javascript.md,
 * docs/decisions/0431-donation-page-without-javascript.md): every public form and the way to a card checkout work
 * with JavaScript turned off (a slow phone whose scripts have not arrived, or failed), and nothing a
 * visitor types ever lands in an address (history, logs, referrers). Decisions 0430 and 0431.
 */
describe.runIf(browserAvailable)("the public site without JavaScript", () => {
  const site = journeySite({ PAGE_CACHE_SECONDS: "0" });

  /** A page with scripts off that remembers every address it asked for. */
  async function scriptlessPage(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
    const opened = await newPage(site.browser, site.server, { viewport, context: { javaScriptEnabled: false } });
    const urls: string[] = [];
    opened.context.on("request", (request) => urls.push(request.url()));
    // With scripts off, Chromium refuses the page's module scripts and preloads (reported as "csp").
    expectErrors(opened.page, [/^csp GET \/assets\/[\w./-]+\.js$/]);
    return { ...opened, urls };
  }

  /** Nothing personal in any address the page asked for (or the one it shows). */
  function expectNoneIn(urls: string[], page: Page, secrets: string[]) {
    const all = [...urls, page.url()].map((url) => decodeURIComponent(url).toLowerCase());
    for (const secret of secrets) {
      expect(
        all.filter((url) => url.includes(secret.toLowerCase())),
        secret,
      ).toEqual([]);
    }
  }

  it("sends a contact message: the spec's errors with what was typed kept, then the success text", async () => {
    const { page, urls } = await scriptlessPage();
    expectErrors(page, [/^400 POST \/contact$/]);
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    await form.getByLabel("Your Name").fill("Hanna Girma");
    await form.getByLabel("Your Email").fill("hanna@example.org");
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText("Failed to send message. Please try again.").waitFor();
    expect(await form.getByText("Please enter your message").isVisible()).toBe(true);
    expect(await form.getByLabel("Your Name").inputValue()).toBe("Hanna Girma");
    expect(await form.getByLabel("Your Email").inputValue()).toBe("hanna@example.org");
    expect(await form.getByLabel("Message").getAttribute("aria-invalid")).toBe("true");

    await form.getByLabel("Message").fill("Can we visit the Kality programme?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText("Message sent successfully! We will get back to you soon.").waitFor();
    expect(await form.getByLabel("Your Name").inputValue()).toBe("");
    expect(new URL(page.url()).pathname).toBe("/contact");

    const inbox = await (await adminApi(site.server)).json<Array<{ email: string; message: string }>>(
      "GET",
      "/api/messages/admin",
    );
    expect(inbox.find((message) => message.email === "hanna@example.org")?.message).toBe(
      "Can we visit the Kality programme?",
    );
    expectNoneIn(urls, page, ["Hanna", "hanna@example.org", "Kality"]);
  });

  it("takes a volunteer application to its Thank You, on a phone", async () => {
    const { page, urls } = await scriptlessPage(VIEWPORTS.mobile);
    expectErrors(page, [/^400 POST \/join-team$/]);
    await page.goto("/join-team");
    const form = page.getByRole("form", { name: "Volunteer application" });
    const field = (label: string) => form.getByLabel(label, { exact: true });
    await field("Full Name").fill("Meron Tesfaye");
    await field("Phone Number").fill("+251 911 234 567");
    await field("Age").fill("17");
    await form.getByRole("button", { name: "Submit Application" }).click();
    await form.getByText("Submission failed. Please try again.").waitFor();
    for (const message of ["Email is required", "You must be at least 18", "Please select an area of interest"]) {
      expect(await form.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    }
    expect(await field("Full Name").inputValue()).toBe("Meron Tesfaye");
    expect(await field("Phone Number").inputValue()).toBe("+251 911 234 567");
    await screenshot(page, "no-js-join-team-errors-375");

    await field("Email Address").fill("meron@example.org");
    await field("Age").fill("30");
    await field("Area of Interest").selectOption("General Support");
    await field("Availability").selectOption("Weekends");
    await field("Why do you want to volunteer with us?").fill("Mothers and children deserve care.");
    await form.getByRole("button", { name: "Submit Application" }).click();
    await page.getByRole("heading", { name: "Thank You!" }).waitFor();
    expectNoneIn(urls, page, ["Meron", "meron@example.org", "911 234", "deserve care"]);
  });

  it("subscribes from the footer: the archive page answers with the spec's texts", async () => {
    const { page, urls } = await scriptlessPage();
    expectErrors(page, [/^400 POST \/newsletter$/]);
    await page.goto("/about");
    const footerForm = page.getByRole("contentinfo").getByRole("form", { name: "Newsletter sign-up" });
    await footerForm.getByLabel("Email address").fill("almaz-at-example.org");
    await footerForm.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/newsletter#newsletter-signup$/);
    const answer = page.getByRole("main").getByRole("form", { name: "Newsletter sign-up" });
    await answer.getByText("Invalid email address").waitFor();
    expect(await answer.getByLabel("Email address").inputValue()).toBe("almaz-at-example.org");

    await answer.getByLabel("Email address").fill("almaz@example.org");
    await answer.getByRole("button", { name: "Subscribe" }).click();
    await answer.getByText("Thank you for subscribing!").waitFor();
    expect(await answer.getByLabel("Email address").inputValue()).toBe("");
    const subscribers = await (await adminApi(site.server)).json<Array<{ email: string }>>("GET", "/api/subscribe");
    expect(subscribers.map((subscriber) => subscriber.email)).toContain("almaz@example.org");
    expectNoneIn(urls, page, ["almaz"]);
  });

  it("follows a need card's donate link to /donate and through the sandbox checkout to the thank-you page", async () => {
    const { page, urls } = await scriptlessPage(VIEWPORTS.mobile);
    expectErrors(page, [/^400 POST \/donate\?fund=eccd-package$/]);
    await page.goto("/");
    await page.getByRole("link", { name: "Give $15 to ECCD Package" }).click();
    await page.waitForURL(/\/donate\?amount=15&fund=/);
    const form = page.getByRole("form", { name: "Card donation" });
    // Spec §4's reset rule: an amount that is not a preset goes into the custom field.
    expect(await form.getByLabel("Or enter a custom amount").inputValue()).toBe("15");
    expect(await form.getByRole("radio", { name: "For ECCD Package" }).isChecked()).toBe(true);
    expect(await form.getByRole("radio", { name: "One-time" }).isChecked()).toBe(true);
    await screenshot(page, "no-js-donate-375");

    await form.getByLabel("Or enter a custom amount").fill("0");
    await form.getByRole("button", { name: "Donate" }).click();
    await form.getByText("Please enter a valid donation amount.").waitFor();
    expect(await form.getByLabel("Or enter a custom amount").inputValue()).toBe("0");

    await form.getByLabel("Or enter a custom amount").fill("15");
    await form.locator("label", { hasText: "Monthly" }).click();
    await form.getByRole("button", { name: "Donate" }).click();
    await page.waitForURL(/\/donate\/sandbox\/sandbox_cs_/);
    expect(await page.getByText("$15 per month").isVisible()).toBe(true);
    await page.getByLabel("E-mail (optional)").fill("selam@example.org");
    await page.getByLabel("Name (optional)").fill("Selam Haile");
    await page.getByRole("button", { name: "Pay $15 (test)" }).click();
    await page.waitForURL(/\/donate\/thank-you\?session_id=sandbox_cs_/);
    await page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor();
    const { donations } = await (await adminApi(site.server)).json<{
      donations: Array<{ donorEmail: string | null; fundId: string | null; frequency: string; amountCents: number }>;
    }>("GET", "/api/donations");
    const gift = donations.find((donation) => donation.donorEmail === "selam@example.org");
    expect(gift).toMatchObject({ frequency: "monthly", amountCents: 1500 });
    expect(gift?.fundId).toBeTruthy();
    expectNoneIn(urls, page, ["selam", "Haile"]);
  });

  it("keeps the tribute and donor-wall fields on /donate after a refused post", async () => {
    const { page, urls } = await scriptlessPage(VIEWPORTS.mobile);
    expectErrors(page, [/^400 POST \/donate$/, /^400 POST \/donate$/]);
    await page.goto("/donate");
    const form = page.getByRole("form", { name: "Card donation" });
    await form.getByText("Give in honour or in memory of someone").click();
    await form.getByLabel("In honour of", { exact: true }).check();
    await form.getByLabel("Their name", { exact: true }).fill("Almaz Bekele");
    await form.getByLabel("Tell someone: their name (optional)").fill("Hanna");
    await form.getByLabel("Their e-mail address (optional; we send them a card)").fill("hanna.family@example.org");
    await form.getByLabel("Show the amount on the card").check();
    await form.locator("summary", { hasText: "Show my name on the supporters' wall" }).click();
    await form.getByRole("checkbox", { name: "Show my name on the supporters' wall" }).check();
    await form.getByLabel("Name to show (empty: Anonymous)").fill("Meron T.");
    await form.getByLabel("A short message (optional, up to 200 characters)").fill("For all the mothers");

    const expectKept = async (notifyEmail: string) => {
      expect(await form.getByLabel("In honour of", { exact: true }).isChecked()).toBe(true);
      expect(await form.getByLabel("Their name", { exact: true }).inputValue()).toBe("Almaz Bekele");
      expect(await form.getByLabel("Tell someone: their name (optional)").inputValue()).toBe("Hanna");
      expect(await form.getByLabel("Their e-mail address (optional; we send them a card)").inputValue()).toBe(
        notifyEmail,
      );
      expect(await form.getByLabel("Show the amount on the card").isChecked()).toBe(true);
      expect(await form.getByRole("checkbox", { name: "Show my name on the supporters' wall" }).isChecked()).toBe(true);
      expect(await form.getByLabel("Name to show (empty: Anonymous)").inputValue()).toBe("Meron T.");
      expect(await form.getByLabel("A short message (optional, up to 200 characters)").inputValue()).toBe(
        "For all the mothers",
      );
      // The disclosures are open again, so the donor sees what they typed.
      expect(await form.getByLabel("Their name", { exact: true }).isVisible()).toBe(true);
      expect(await form.getByLabel("Name to show (empty: Anonymous)").isVisible()).toBe(true);
    };

    // Refused for the amount: every tribute and wall field comes back as typed.
    await form.getByLabel("Or enter a custom amount").fill("0");
    await form.getByRole("button", { name: "Donate" }).click();
    await form.getByText("Please enter a valid donation amount.").waitFor();
    await expectKept("hanna.family@example.org");
    await screenshot(page, "no-js-donate-extras-kept-375");

    // Refused for the tribute itself: its own message, and the fields kept.
    await form.getByLabel("Or enter a custom amount").fill("20");
    await form.getByLabel("Their e-mail address (optional; we send them a card)").fill("hanna at example");
    await form.getByRole("button", { name: "Donate" }).click();
    await form.getByRole("alert").waitFor();
    expect(await form.getByRole("alert").textContent()).not.toBe("");
    await expectKept("hanna at example");
    expect(await form.getByLabel("Or enter a custom amount").inputValue()).toBe("20");
    expectNoneIn(urls, page, ["Almaz", "hanna", "Meron", "mothers"]);
  });

  it("tells us about a bank transfer from /donate's Local part", async () => {
    const { page, urls } = await scriptlessPage();
    expectErrors(page, [/^400 POST \/donate$/]);
    await page.goto("/donate");
    const notice = page.getByRole("form", { name: "Tell us about your transfer" });
    await notice.getByLabel("Your name").fill("Dawit Alemu");
    await notice.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/\/donate#transfer-notice$/);
    await notice.getByText("Please enter a valid email address.").waitFor();
    expect(await notice.getByLabel("Your name").inputValue()).toBe("Dawit Alemu");

    await notice.getByLabel("Your e-mail").fill("dawit@example.org");
    await notice.getByLabel("Amount").fill("3110");
    await notice.getByLabel("Date of the transfer").fill("2026-11-21");
    await notice.getByLabel("Bank reference").fill("FT26325QWE");
    await notice.getByRole("button", { name: "Send" }).click();
    await page
      .getByText("Thank you! We will confirm your gift by e-mail when the transfer shows in our bank statement.")
      .waitFor();
    expectNoneIn(urls, page, ["Dawit", "dawit@example.org", "FT26325QWE"]);
  });

  it("refuses a form posted from another site, and counts posts like the API", async () => {
    // Posts without a message: each is refused by the form's rules (400) unless refused before.
    const post = (headers: Record<string, string>, message = "Hello") =>
      fetch(`${site.server.baseUrl}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ name: "Eve", email: "eve@example.org", message }),
      });
    // React Router refuses an action whose Origin is another site's (400); browsers that say only
    // Sec-Fetch-Site are refused by the form's own check (403). Nothing is stored either way.
    expect((await post({ origin: "https://evil.example", "sec-fetch-site": "cross-site" })).status).toBe(400);
    expect((await post({ origin: "https://evil.example" })).status).toBe(400);
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post({ "sec-fetch-site": "same-site" })).status).toBe(403);
    const inbox = await (await adminApi(site.server)).json<Array<{ email: string }>>("GET", "/api/messages/admin");
    expect(inbox.map((message) => message.email)).not.toContain("eve@example.org");
    // Ten a minute from one visitor to one page, as for the API's forms. The first test sent two to
    // this page, perhaps in an earlier minute: of 21 posts, some minute holds an eleventh, refused.
    const answers: Array<{ status: number; text: string }> = [];
    for (let sent = 0; sent < 21; sent += 1) {
      const answer = await post({ "sec-fetch-site": "same-origin" }, "");
      answers.push({ status: answer.status, text: await answer.text() });
    }
    expect(answers.slice(0, 8).map((answer) => answer.status)).toEqual(Array(8).fill(400));
    const limited = answers.find((answer) => answer.status === 429);
    expect(limited?.text).toContain("Too many requests. Please wait");
  });

  it("gives a Save-Data visitor small images, a paused carousel and no YouTube thumbnails until asked", async () => {
    const api = await adminApi(site.server);
    await api.json("POST", "/api/videos", {
      title: "Sewing class",
      description: "Sewing class: a story from our programmes in Ethiopia.",
      youtubeUrl: "https://www.youtube.com/watch?v=bbbbbbbbbb2",
      category: "Program Highlights",
    });
    /** The most candidates any one srcset of the page offers. */
    const widest = async (headers: Record<string, string>) => {
      const response = await fetch(`${site.server.baseUrl}/`, { headers: { accept: "text/html", ...headers } });
      expect(response.headers.get("vary")?.toLowerCase()).toContain("save-data, ect");
      const html = await response.text();
      return Math.max(...[...html.matchAll(/srcSet="([^"]+)"/gi)].map((match) => (match[1] ?? "").split(",").length));
    };
    expect(await widest({})).toBeGreaterThan(1);
    expect(await widest({ "save-data": "on" })).toBe(1);
    expect(await widest({ ect: "2g" })).toBe(1);

    const { page, context } = await newPage(site.browser, site.server, {
      context: { extraHTTPHeaders: { "save-data": "on" } },
    });
    const youtube: string[] = [];
    context.on("request", (request) => {
      if (/ytimg|youtube/.test(new URL(request.url()).hostname)) youtube.push(request.url());
    });
    await page.goto("/");
    expect(await page.getByRole("button", { name: "Play slideshow" }).isVisible()).toBe(true);
    await page.goto("/impact/videos");
    await page.getByRole("button", { name: "Play video: Sewing class" }).waitFor();
    expect(await page.locator("[data-thumbnail-placeholder]").count()).toBeGreaterThan(0);
    expect(youtube).toEqual([]);
  });

  it("lists /donate in the sitemap", async () => {
    const sitemap = await (await fetch(`${site.server.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain("/donate</loc>");
  });
});
