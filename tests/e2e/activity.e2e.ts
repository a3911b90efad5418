import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { adminApi } from "./support/admin-api.ts";
import { browserAvailable, newPage, openAdminPage, screenshot } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import type { RunningServer } from "./support/server.ts";
import { stubYoutube } from "./support/youtube-stub.ts";

const VIDEO = {
  description: "Why she volunteers.",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  category: "Testimonials",
};
const MERON = { email: "meron@example.org", password: "a long and careful passphrase" };

/** An Editor made through the real invitation flow, signed in through the API. */
async function inviteEditor(server: RunningServer) {
  const admin = await adminApi(server);
  const sent = await admin.json<{ link?: string }>("POST", "/api/admin/staff/invitations", {
    email: MERON.email,
    role: "editor",
  });
  const token = new URL(sent.link as string).hash.slice(1);
  const accepted = await fetch(`${server.baseUrl}/api/admin/invitations/accept`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, name: "Meron", password: MERON.password }),
  });
  expect(accepted.status).toBe(201);
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(MERON),
  });
  const { token: session } = (await login.json()) as { token: string };
  return async (method: string, pathname: string, body: unknown) => {
    const response = await fetch(`${server.baseUrl}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${session}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.ok).toBe(true);
    return response.json();
  };
}

describe.runIf(browserAvailable)("activity log", () => {
  const site = journeySite();

  it("shows an Administrator who did what, filtered by action and person, and downloads it as CSV", async () => {
    const asMeron = await inviteEditor(site.server);
    await asMeron("POST", "/api/videos", { ...VIDEO, title: "Meron's first video" });
    const admin = await adminApi(site.server);
    const own = await admin.json<{ _id: string }>("POST", "/api/videos", { ...VIDEO, title: "A video to remove" });
    await admin.json("DELETE", `/api/videos/${own._id}`);

    const { page, context } = await newPage(site.browser, site.server, { context: { acceptDownloads: true } });
    // The dashboard's consent list shows the videos' YouTube thumbnails (no internet here).
    await stubYoutube(page);
    await openAdminPage(page, site.server, "/admin");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
    await page.waitForURL(`${site.server.baseUrl}/admin/activity`);
    const log = page.getByRole("list", { name: "Activity" });
    await log.getByText("Meron created video “Meron's first video”.").waitFor();
    const summaries = () => log.locator("li p:first-of-type").allTextContents();
    // Newest first: the deletion, then the video it removed being made.
    const all = await summaries();
    // Named, never by an id, also once the video is gone (decision 0889).
    const deleted = all.findIndex((s) => / deleted video “A video to remove”\./.test(s));
    const created = all.findIndex((s) => / created video “A video to remove”\./.test(s));
    expect(all.filter((s) => /\b[0-9a-f]{8}\b/.test(s))).toEqual([]);
    expect(deleted).toBeGreaterThanOrEqual(0);
    expect(created).toBeGreaterThan(deleted);
    expect(all).toContain("Meron signed in.");

    await page.getByLabel("Action").selectOption("create");
    await page.waitForURL(/[?&]action=create/);
    const onlyCreations = async () => {
      const shown = await summaries();
      return (
        shown.includes("Meron created video “Meron's first video”.") && shown.every((s) => / created | joined /.test(s))
      );
    };
    await expect.poll(onlyCreations).toBe(true);

    await page.getByLabel("Person").selectOption({ label: `Meron (${MERON.email})` });
    await page.waitForURL(/[?&]person=/);
    const meronsCreations = ["Meron created video “Meron's first video”.", "Meron joined as Editor."];
    await expect.poll(summaries).toEqual(meronsCreations);

    // The filters live in the URL: a reload shows the same view.
    await page.reload();
    await expect.poll(summaries).toEqual(meronsCreations);
    expect(await page.getByLabel("Action").inputValue()).toBe("create");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await text(await file.createReadStream()))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain(`Meron,${MERON.email},`);
    expect(csv[1]).toContain("Meron created video “Meron's first video”.");
    expect(csv[2]).toContain("Meron joined as Editor.");

    // The download is itself on the record.
    await page.getByRole("button", { name: "Clear filters" }).click();
    await log.getByText(/exported the activity log \(2 rows\)/).waitFor();

    await screenshot(page, "admin-activity-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await log.waitFor();
    await screenshot(page, "admin-activity-390");
    await context.close();
  });
});
