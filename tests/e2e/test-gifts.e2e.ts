import { describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import { browserAvailable, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import type { RunningServer } from "./support/server.ts";

/** A sandbox gift made over HTTP, as a donor's browser would without JavaScript. */
async function giveInSandbox(server: RunningServer, body: Record<string, unknown>, email: string) {
  const response = await fetch(`${server.baseUrl}/api/payments/create-checkout-session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };
  const paid = await fetch(`${server.baseUrl}/donate/sandbox/${id}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, name: "Staff Rehearsal" }),
    redirect: "manual",
  });
  expect(paid.status).toBe(302);
}

const eccdRaised = async (server: RunningServer) => {
  const funds = (await (await fetch(`${server.baseUrl}/api/funds`)).json()) as Array<{ id: string; raised: number }>;
  return funds.find((fund) => fund.id === "eccd-package")?.raised;
};

/**
 * A site that says its sandbox gifts are test gifts (docs/decisions/0760-test-gifts-count-nowhere.md):
 * staff rehearse a gift; the public card and the dashboard stay as they were; the ledger shows it
 * labelled "Test", filters it, and an Administrator deletes it.
 */
describe.runIf(browserAvailable)("test gifts", () => {
  const site = journeySite({ SANDBOX_GIFTS_ARE_TEST: "true" });

  it("counts a rehearsed gift nowhere public and shows it labelled in the ledger", async () => {
    const { server, browser } = site;
    const before = await eccdRaised(server);
    await giveInSandbox(server, { amount: 25, frequency: "one-time", fund: "eccd-package" }, "rehearsal@example.org");
    expect(await eccdRaised(server)).toBe(before);

    const { page } = await newPage(browser, server, { viewport: VIEWPORTS.desktop });
    await openAdminPage(page, server, "/admin");
    const tile = page.getByRole("list", { name: "What needs attention" }).getByRole("link", { name: /^Donations/ });
    await expect.poll(() => tile.textContent()).toBe("Donations$0received this month (no gifts yet)");

    await page.goto("/admin/donations");
    const ledger = page.getByRole("table");
    await ledger.getByText("rehearsal@example.org", { exact: true }).waitFor();
    expect(await ledger.getByText("Test", { exact: true }).count()).toBe(1);
    await page.getByLabel("Real or test").selectOption("real");
    await page.getByText("No donations match these filters.").waitFor();
    await page.getByLabel("Real or test").selectOption("test");
    await ledger.getByText("rehearsal@example.org", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "test-gifts-ledger-1280");

    await page.getByRole("button", { name: "Delete test gift of rehearsal@example.org" }).click();
    await page.getByRole("button", { name: "Delete test gift", exact: true }).click();
    await page.getByText("No donations match these filters.").waitFor();
  });

  it("labels a test gift and offers its delete on a phone", async () => {
    const { server, browser } = site;
    await giveInSandbox(server, { currency: "ETB", amount: 500 }, "phone-rehearsal@example.org");
    const { page } = await newPage(browser, server, { viewport: VIEWPORTS.mobile });
    await openAdminPage(page, server, "/admin/donations?gifts=test");
    const gift = page.getByRole("list", { name: "Donations" }).getByRole("listitem").filter({
      hasText: "phone-rehearsal@example.org",
    });
    await gift.waitFor();
    expect(await gift.getByText("Test", { exact: true }).count()).toBe(1);
    expect(
      await gift.getByRole("button", { name: "Delete test gift of phone-rehearsal@example.org" }).isVisible(),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "test-gifts-ledger-375");
  });
});
