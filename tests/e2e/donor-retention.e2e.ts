import { describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import type { RunningServer } from "./support/server.ts";

/** Gifts staff record through the API, in US dollars, each on its day. */
async function recordGifts(server: RunningServer, gifts: Array<[email: string, receivedOn: string, dollars: number]>) {
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: server.admin.email, password: server.admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  for (const [email, receivedOn, dollars] of gifts) {
    const response = await fetch(`${server.baseUrl}/api/offline-gifts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        receivedOn,
        method: "bank-transfer",
        amount: String(dollars),
        currency: "usd",
        etbPerUsd: null,
        fund: null,
        donorName: null,
        donorEmail: email,
        reference: null,
        note: null,
      }),
    });
    expect(response.status, await response.text()).toBe(201);
  }
}

/** The retention panel on Admin → Donations shows the counts worked out by hand from gifts across years. */
describe.runIf(browserAvailable)("donor retention on the donations dashboard", () => {
  const site = journeySite();
  const thisYear = new Date().getUTCFullYear();
  const [last, before] = [thisYear - 1, thisYear - 2];

  it("counts retained, new, recaptured and lapsed donors at 1280 and 375 px", async () => {
    // Abebe gave last year and this (retained); Bethlehem last year only (lapsed); Chaltu this year only
    // (new); Dawit two years ago and this year (recaptured after a year without).
    await recordGifts(site.server, [
      ["abebe@example.org", `${last}-03-10`, 40],
      ["abebe@example.org", `${thisYear}-01-01`, 60],
      ["bethlehem@example.org", `${last}-06-01`, 25],
      ["chaltu@example.org", `${thisYear}-01-01`, 30],
      ["dawit@example.org", `${before}-09-09`, 10],
      ["dawit@example.org", `${thisYear}-01-01`, 20],
    ]);
    // This year's gifts on 1 January, so none is in the future whenever the journey runs.
    // Year: retained, new, recaptured, lapsed (with last year's money), retention rate.
    const expected: Record<number, string[]> = {
      [thisYear]: ["1 · $60", "1 · $30", "1 · $20", "1 · $25", "50%", `Lapsed in ${thisYear} (CSV)`],
      [last]: ["0 · $0", "2 · $65", "0 · $0", "1 · $10", "0%", `Lapsed in ${last} (CSV)`],
      [before]: ["0 · $0", "1 · $10", "0 · $0", "0 · $0", "—", ""],
    };

    for (const [viewport, width] of [
      [VIEWPORTS.desktop, 1280],
      [VIEWPORTS.mobile, 375],
    ] as const) {
      const { page } = await newPage(site.browser, site.server, { viewport });
      await openAdminPage(page, site.server, "/admin/donations");
      const table = page.getByRole("region", { name: "Donor retention by year" }).getByRole("table");
      for (const [year, cells] of Object.entries(expected)) {
        const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: year, exact: true }) });
        await expect.poll(() => row.getByRole("cell").allTextContents()).toEqual(cells);
      }
      // Every figure in view without scrolling sideways: a phone shows each year as labelled lines.
      const region = page.getByRole("region", { name: "Donor retention by year" });
      expect(await region.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
      await page.getByRole("heading", { name: "Donor retention" }).scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `donor-retention-${width}`);
      await page.getByRole("region", { name: "Donor retention by year" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/donor-retention-view-${width}.png` });
      await page.close();
    }
  });
});
