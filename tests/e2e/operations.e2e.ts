import net from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { browserAvailable, launchBrowser, newPage, openAdminPage, screenshot, VIEWPORTS } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/server.ts";

/** A port nothing listens on: the mail server is down. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.runIf(browserAvailable)("background work on the dashboard", () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({
      STAFF_EMAIL: "office@hopebehindbars.test",
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows an Administrator that nothing waits, then the staff e-mail the mail server refused", async () => {
    const { page } = await newPage(browser, server);
    await openAdminPage(page, server, "/admin");
    const panel = page.getByRole("region", { name: "Background work" });
    await panel.getByText("Nothing waiting: e-mails and other background work are up to date.").waitFor();

    // A visitor's message queues an e-mail to staff; the worker tries it at once and the mail server is down.
    const sent = await fetch(`${server.baseUrl}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Abeba", email: "abeba@example.org", message: "How can I help?" }),
    });
    expect(sent.status).toBe(201);
    const admin = await adminApi(server);
    await expect
      .poll(async () => (await admin.json("GET", "/api/admin/jobs")).oldest?.lastError ?? null)
      .toMatch(/ECONNREFUSED/);

    await page.reload();
    await panel.getByText(/^1 waiting, the oldest for under 2 minutes\.$/).waitFor();
    await expect.poll(() => panel.textContent()).toMatch(/Oldest: e-mail, tried 1 time; last error: .*ECONNREFUSED/);
    await screenshot(page, "admin-background-work-1280");
    await page.setViewportSize(VIEWPORTS.mobile);
    await panel.waitFor();
    await screenshot(page, "admin-background-work-375");
  });
});
