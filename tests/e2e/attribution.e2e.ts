import path from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

interface CampaignAnswer {
  id: string;
  slug: string;
  links: { url: string; short: string };
}
interface Results {
  signUps: number;
  gifts: number;
  raised: Record<string, number>;
  raisedUsdCents: number;
  goalPercent: number | null;
}

/** A day of the site's calendar (Addis Ababa), `offset` days from today. */
const siteDay = (offset: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Addis_Ababa" }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

/**
 * From a tagged landing to a gift and a sign-up, with and without JavaScript: the first landing's
 * tags travel in the page's hidden fields into the card and birr checkouts and the newsletter form, and the
 * campaign's results count them (docs/decisions/0800-attribution.md, docs/decisions/0801-campaign-results.md).
 */
describe.runIf(browserAvailable)("attribution from a campaign's link to a gift and a sign-up", () => {
  const site = journeySite({ PAGE_CACHE_SECONDS: "0" });

  async function campaign(name: string, landingPath: string): Promise<CampaignAnswer> {
    const api = await adminApi(site.server);
    return api.json<CampaignAnswer>("POST", "/api/campaigns", {
      name,
      startsOn: siteDay(-1),
      endsOn: siteDay(30),
      goal: "100",
      landingPath,
      source: "facebook",
      medium: "social",
    });
  }

  async function results(id: string): Promise<Results> {
    const api = await adminApi(site.server);
    return (await api.json<{ results: Results }>("GET", `/api/campaigns/${id}`)).results;
  }

  /** The source a gift or a sign-up keeps, read from the site's own database. */
  function keptSource(
    table: "donations" | "subscribers" | "gift_pledges",
    column: "donor_email" | "email",
    email: string,
  ) {
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"), { readonly: true });
    try {
      return db.prepare(`select utm_source, utm_medium, utm_campaign from ${table} where ${column} = ?`).get(email) as
        | Record<string, string | null>
        | undefined;
    } catch (error) {
      throw new Error(`reading ${table}: ${String(error)}`);
    } finally {
      db.close();
    }
  }

  it("with JavaScript: lands on a tagged page, wanders, gives by card in the pop-up and subscribes", async () => {
    const spring = await campaign("Spring appeal", "/about");
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto(spring.links.url.replace(site.server.baseUrl, ""));
    // Another page without tags: the tab's first landing is what the forms carry.
    await page.goto("/blog");
    await page.getByRole("banner").getByRole("button", { name: "Donate Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Make a donation" });
    await dialog.getByLabel("Or enter a custom amount").fill("40");
    await dialog.getByRole("button", { name: "Donate $40", exact: true }).click();
    await page.waitForURL(/\/donate\/sandbox\/sandbox_cs_/);
    await page.getByLabel("E-mail (optional)").fill("abeba@example.org");
    await page.getByRole("button", { name: "Pay $40 (test)" }).click();
    await page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor();

    // Later in the same tab, on a page without tags (a goto waits for the page's islands).
    await page.goto("/about");
    const footer = page.getByRole("contentinfo").getByRole("form", { name: "Newsletter sign-up" });
    await footer.getByLabel("Email address").fill("abeba@example.org");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await footer.getByText("Thank you for subscribing!").waitFor();

    const tags = { utm_source: "facebook", utm_medium: "social", utm_campaign: spring.slug };
    expect(keptSource("donations", "donor_email", "abeba@example.org")).toEqual(tags);
    expect(keptSource("subscribers", "email", "abeba@example.org")).toEqual(tags);
    expect(await results(spring.id)).toMatchObject({
      gifts: 1,
      signUps: 1,
      raised: { usd: 4000 },
      raisedUsdCents: 4000,
      goalPercent: 40,
    });
  });

  /** Where a sign-up came from and the page it first landed on (with JavaScript only). */
  function keptLanding(email: string) {
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"), { readonly: true });
    try {
      return db.prepare("select utm_campaign, referrer_host, landing_path from subscribers where email = ?").get(email);
    } finally {
      db.close();
    }
  }

  it("with JavaScript: keeps the landing page of a visit that came from somewhere, and a tagged arrival takes the place of a first page that said nowhere", async () => {
    const subscribe = async (page: Awaited<ReturnType<typeof newPage>>["page"], email: string) => {
      const footer = page.getByRole("contentinfo").getByRole("form", { name: "Newsletter sign-up" });
      await footer.getByLabel("Email address").fill(email);
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await footer.getByText("Thank you for subscribing!").waitFor();
    };
    // Linked from another site to a post, then on to another page: the post is the landing.
    const linked = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await linked.page.goto("/blog", { referer: "https://news.example.org/story" });
    await linked.page.goto("/about");
    await subscribe(linked.page, "linked@example.org");
    expect(keptLanding("linked@example.org")).toEqual({
      utm_campaign: null,
      referrer_host: "news.example.org",
      landing_path: "/blog",
    });

    // Looked around first (typed in), then came back through a tagged link: the tagged arrival is the landing.
    const returning = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await returning.page.goto("/about");
    await returning.page.goto("/impact?utm_source=facebook&utm_campaign=later-appeal");
    await returning.page.goto("/about");
    await subscribe(returning.page, "came-back@example.org");
    expect(keptLanding("came-back@example.org")).toEqual({
      utm_campaign: "later-appeal",
      referrer_host: null,
      landing_path: "/impact",
    });

    // Typed in and nothing more: the spec's call goes as it was, with no attribution at all.
    const typed = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await typed.page.goto("/blog");
    await subscribe(typed.page, "typed-in@example.org");
    expect(keptLanding("typed-in@example.org")).toEqual({
      utm_campaign: null,
      referrer_host: null,
      landing_path: null,
    });

    // Nor does the pop-up's birr form, which posts as a form even with JavaScript (from the next
    // page: the sign-up's toast lies over the header on a phone).
    await typed.page.goto("/about");
    await typed.page.getByRole("banner").getByRole("button", { name: "Donate Now" }).click();
    const dialog = typed.page.getByRole("dialog", { name: "Make a donation" });
    await dialog.getByRole("tab", { name: /^Local/ }).click();
    const birr = dialog.getByRole("form", { name: "Gift in birr" });
    await birr.getByText("ETB 2,500").click();
    await birr.getByLabel("E-mail (optional, for your receipt)").fill("typed-birr@example.org");
    await birr.getByRole("button", { name: "Pay in birr" }).click();
    await typed.page.waitForURL("**/donate/sandbox/**");
    await typed.page.getByRole("button", { name: "Pay ETB 2,500 (test)" }).click();
    await typed.page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor();
    const db = new SQLite(path.join(site.server.dataDir, "hope.sqlite"), { readonly: true });
    try {
      expect(
        db
          .prepare("select utm_source, landing_path from donations where donor_email = ?")
          .get("typed-birr@example.org"),
      ).toEqual({ utm_source: null, landing_path: null });
    } finally {
      db.close();
    }
  });

  it("without JavaScript: lands on a tagged page, follows a donate link, gives on /donate and subscribes", async () => {
    const poster = await campaign("Poster run", "/about");
    const { page } = await newPage(site.browser, site.server, {
      viewport: VIEWPORTS.mobile,
      context: { javaScriptEnabled: false },
    });
    // With scripts off, Chromium refuses the page's module scripts and preloads (reported as "csp").
    expectErrors(page, [/^csp GET \/assets\/[\w./-]+\.js$/]);
    await page.goto(poster.links.url.replace(site.server.baseUrl, ""));
    // The donate link carries the landing's tags to /donate, whose forms carry them on.
    await page.getByRole("banner").getByRole("link", { name: "Donate Now" }).click();
    await page.waitForURL(/\/donate\?.*utm_campaign=poster-run/);
    const form = page.getByRole("form", { name: "Card donation" });
    await form.getByLabel("Or enter a custom amount").fill("60");
    await form.getByRole("button", { name: "Donate" }).click();
    await page.waitForURL(/\/donate\/sandbox\/sandbox_cs_/);
    await page.getByLabel("E-mail (optional)").fill("dawit@example.org");
    await page.getByRole("button", { name: "Pay $60 (test)" }).click();
    await page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor();

    // The sign-up from the tagged donation page's footer.
    await page.goBack();
    await page.goBack();
    await page.waitForURL(/\/donate\?.*utm_campaign=poster-run/);
    const footer = page.getByRole("contentinfo").getByRole("form", { name: "Newsletter sign-up" });
    await footer.getByLabel("Email address").fill("dawit@example.org");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Thank you for subscribing!").waitFor();

    // "Tell us about your transfer" on the same tagged page (docs/decisions/0860).
    await page.goto(poster.links.url.replace(site.server.baseUrl, "").replace("/about", "/donate"));
    const notice = page.getByRole("form", { name: "Tell us about your transfer" });
    await notice.getByLabel("Your name").fill("Dawit Alemu");
    await notice.getByLabel("Your e-mail").fill("dawit@example.org");
    await notice.getByLabel("Amount").fill("20");
    await notice.getByLabel("Date of the transfer").fill(siteDay(0));
    await notice.getByLabel("Bank reference").fill("CBE-778899");
    await notice.getByRole("button", { name: "Send" }).click();
    await page
      .getByText("Thank you! We will confirm your gift by e-mail when the transfer shows in our bank statement.")
      .waitFor();

    const tags = { utm_source: "facebook", utm_medium: "social", utm_campaign: poster.slug };
    expect(keptSource("donations", "donor_email", "dawit@example.org")).toEqual(tags);
    expect(keptSource("subscribers", "email", "dawit@example.org")).toEqual(tags);
    expect(keptSource("gift_pledges", "donor_email", "dawit@example.org")).toEqual(tags);
    expect(await results(poster.id)).toMatchObject({ gifts: 1, signUps: 1, raised: { usd: 6000 }, goalPercent: 60 });
  });

  it("gives in birr from a tagged landing, in the pop-up with JavaScript and on /donate without", async () => {
    const appeal = await campaign("Birr appeal", "/about");
    const landing = appeal.links.url.replace(site.server.baseUrl, "");

    const withScripts = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await withScripts.page.goto(landing);
    await withScripts.page.getByRole("banner").getByRole("button", { name: "Donate Now" }).click();
    const dialog = withScripts.page.getByRole("dialog", { name: "Make a donation" });
    await dialog.getByRole("tab", { name: /^Local/ }).click();
    const popUp = dialog.getByRole("form", { name: "Gift in birr" });
    await popUp.getByText("ETB 2,500").click();
    await popUp.getByLabel("E-mail (optional, for your receipt)").fill("selam@example.org");
    await popUp.getByRole("button", { name: "Pay in birr" }).click();
    await withScripts.page.waitForURL("**/donate/sandbox/**");
    await withScripts.page.getByRole("button", { name: "Pay ETB 2,500 (test)" }).click();
    await withScripts.page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor();

    const withoutScripts = await newPage(site.browser, site.server, {
      viewport: VIEWPORTS.mobile,
      context: { javaScriptEnabled: false },
    });
    expectErrors(withoutScripts.page, [/^csp GET \/assets\/[\w./-]+\.js$/]);
    await withoutScripts.page.goto(landing);
    await withoutScripts.page.getByRole("banner").getByRole("link", { name: "Donate Now" }).click();
    await withoutScripts.page.waitForURL(/\/donate\?.*utm_campaign=birr-appeal/);
    const onPage = withoutScripts.page.getByRole("form", { name: "Gift in birr" });
    await onPage.getByLabel("Or enter an amount in birr").fill("750");
    await onPage.getByLabel("E-mail (optional, for your receipt)").fill("tsion@example.org");
    await onPage.getByRole("button", { name: "Pay in birr" }).click();
    await withoutScripts.page.waitForURL("**/donate/sandbox/**");
    await withoutScripts.page.getByRole("button", { name: "Pay ETB 750 (test)" }).click();
    await withoutScripts.page.getByRole("heading", { name: "Thank you for your gift!" }).waitFor();

    const tags = { utm_source: "facebook", utm_medium: "social", utm_campaign: appeal.slug };
    expect(keptSource("donations", "donor_email", "selam@example.org")).toEqual(tags);
    expect(keptSource("donations", "donor_email", "tsion@example.org")).toEqual(tags);
    expect(await results(appeal.id)).toMatchObject({ gifts: 2, raised: { etb: 325_000 } });
  });

  it("shows a campaign's results on Admin → Campaigns at 375 and 1280 px, axe clean", async () => {
    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    await openAdminPage(page, site.server, "/admin/campaigns");
    await page.getByRole("button", { name: "Show links and results of Spring appeal" }).click();
    const panel = page.getByRole("region", { name: "Results of “Spring appeal”" });
    await panel.getByTestId("campaign-gifts").getByText("1", { exact: true }).waitFor();
    expect(await panel.getByTestId("campaign-sign-ups").textContent()).toBe("1");
    expect(await panel.getByTestId("campaign-raised").textContent()).toBe("$40");
    expect(await panel.getByText("40%").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "admin-campaign-results-1280");
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, "admin-campaign-results-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
