import { describe, expect, it } from "vitest";
import type { InsightReport } from "../../core/visits/insight.constants.ts";
import { adminApi } from "./support/admin-api.ts";
import { axeViolations } from "./support/axe.ts";
import { blogFields, startPost } from "./support/blog-fixtures.ts";
import { browserAvailable, expectErrors, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

/** Admin → Insight and Admin → Campaigns (docs/decisions/0710, 0711), and what a visitor's browser is spared. */
describe.runIf(browserAvailable)("insight and campaigns", () => {
  const site = journeySite();

  it("sets no cookie and asks no other site for anything on public pages", async () => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    for (const path of ["/", "/about", "/donate", "/am/blog"]) await page.goto(`${path}?utm_source=poster`);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    const origin = new URL(site.server.baseUrl).origin;
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
  });

  it("shows Insight's figures and the campaign screen's links and QR code at 375 and 1280 px, axe clean", async () => {
    // Visitors on phones, counted by the server (the journey's own headless browser is not: a bot).
    const visit = (path: string) =>
      fetch(`${site.server.baseUrl}${path}`, { headers: { accept: "text/html", "user-agent": PHONE } }).then(
        (response) => response.text(),
      );
    await visit("/about?utm_source=facebook&utm_medium=social&utm_campaign=spring");
    await visit("/about");
    await visit("/donate?utm_source=newsletter");
    const api = await adminApi(site.server);
    const post = await startPost(api, blogFields("Sewing circle opens"), 320);
    await visit(`/am/blog/${post._id}`);
    await expect
      .poll(async () => (await api.json<{ pageViews: number }>("GET", "/api/insight?days=30")).pageViews)
      .toBe(4);

    const { page } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.desktop });
    await openAdminPage(page, site.server, "/admin/insight");
    await page.getByTestId("insight-page-views").getByText("4", { exact: true }).waitFor();
    await page
      .getByRole("region", { name: "Most read posts", exact: true })
      .getByRole("rowheader", { name: "Sewing circle opens" })
      .waitFor();
    const sources = page.getByRole("region", { name: "Sources" });
    await sources.getByRole("rowheader", { name: "facebook" }).waitFor();
    await sources.getByRole("rowheader", { name: "newsletter" }).waitFor();
    await page.getByRole("region", { name: "Campaigns" }).getByRole("rowheader", { name: "spring" }).waitFor();
    await page.getByRole("region", { name: "Donation funnel" }).getByText("Donate opened", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "admin-insight-1280");
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, "admin-insight-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await Promise.all([
      page.waitForResponse((response) => response.url().includes("/api/insight?days=90")),
      page.getByText("90 days").click(),
    ]);
    expect(await page.getByRole("radio", { name: "90 days" }).isChecked()).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.goto("/admin/campaigns");
    // A refused save names the field and puts the cursor in it.
    expectErrors(page, [/^400 POST \/api\/campaigns$/]);
    await page.getByLabel("Starts").fill("2026-12-01");
    await page.getByLabel("Ends").fill("2026-12-31");
    await page.getByRole("button", { name: "Create campaign" }).click();
    await page.getByText("Name is required").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("campaign-name");
    await page.getByLabel("Name").fill("Year-end appeal");
    await page.getByLabel("Starts").fill("2026-12-01");
    await page.getByLabel("Ends").fill("2026-12-31");
    await page.getByLabel("Goal in US dollars (optional)").fill("5000");
    await page.getByRole("button", { name: "Create campaign" }).click();
    const short = `${site.server.baseUrl}/c/year-end-appeal`;
    await page.getByTestId("campaign-short-link").getByText(short).waitFor();
    await page.getByRole("img", { name: `QR code for ${short}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "admin-campaigns-1280");
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, "admin-campaigns-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The short link, typed in capitals from a poster too, and one typed wrong: the site's page not found.
    for (const link of [short, `${site.server.baseUrl}/c/Year-End-Appeal`]) {
      const redirect = await fetch(link, { redirect: "manual" });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("cache-control")).toBe("no-store");
      expect(redirect.headers.get("location")).toBe(
        `${site.server.baseUrl}/donate?utm_source=poster&utm_medium=offline&utm_campaign=year-end-appeal`,
      );
    }
    for (const mistyped of ["year-end-apeal", "year-end-appeal%00"]) {
      const answer = await fetch(`${site.server.baseUrl}/c/${mistyped}`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain("Sorry, page not found!");
    }
  });

  it("counts the donation pop-up's opening as the funnel's first step, by where the visit came from", async () => {
    const api = await adminApi(site.server);
    const openedFrom = async (source: string) =>
      (await api.json<InsightReport>("GET", "/api/insight?days=30")).funnel.bySource.find(
        (row) => row.source === source,
      )?.opened ?? 0;
    // A phone's browser (the journey's own headless one is a bot), landing from the radio on a page
    // and opening the pop-up on the next: no page of the donation form is loaded.
    const { page } = await newPage(site.browser, site.server, {
      viewport: VIEWPORTS.mobile,
      context: { userAgent: PHONE },
    });
    await page.goto("/about?utm_source=radio&utm_campaign=pop-up-test");
    await page.goto("/blog");
    await page.getByRole("banner").getByRole("button", { name: "Donate Now" }).click();
    await page.getByRole("dialog", { name: "Make a donation" }).waitFor();
    await expect.poll(() => openedFrom("radio"), { timeout: 15_000 }).toBe(1);
  });
});
