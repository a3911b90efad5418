import { randomUUID } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import type { RunningServer } from "./server.ts";

/** A staff member with the Inbox role, sharing the test admin's password (a copy of its account row). */
export function addInboxMember(server: RunningServer): { email: string; password: string } {
  const db = new SQLite(path.join(server.dataDir, "hope.sqlite"));
  const admin = db.prepare("select * from admin_users where email = ?").get(server.admin.email) as Record<
    string,
    unknown
  >;
  const email = "inbox@hopebehindbars.test";
  const row = { ...admin, id: randomUUID().replaceAll("-", "").slice(0, 24), email, role: "inbox" };
  const columns = Object.keys(row);
  db.prepare(`insert into admin_users (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`).run(
    ...columns.map((column) => (row as Record<string, unknown>)[column]),
  );
  db.close();
  return { email, password: server.admin.password };
}

/** Signs `member` in through the API and opens `pathname` in `page` as them. */
export async function openAsMember(
  page: Page,
  server: RunningServer,
  member: { email: string; password: string },
  pathname: string,
): Promise<void> {
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(member),
  });
  if (login.status !== 200) throw new Error(`signing in as ${member.email} answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  await page.goto("/admin/login");
  await page.evaluate((value) => window.localStorage.setItem("adminToken", value), token);
  await page.goto(pathname);
}
