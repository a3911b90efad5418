import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAST_SEEN_PRECISION_MS } from "../../core/auth/session-life.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const NEW_PASSWORD = "a brand new passphrase for staff";

type Headers = Record<string, string>;

describe.each(DIALECTS)("own account API on %s", (dialect) => {
  let t: TestApp;
  let now = new Date("2026-11-22T09:00:00Z");
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
  });
  afterAll(() => t.close());

  /** Signs in as `email` from a browser and address of its own; returns its authorization header. */
  const signIn = async (email: string, userAgent: string, ip: string, password = TEST_ADMIN.password) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email, password },
      headers: { "user-agent": userAgent },
      remoteAddress: ip,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `Bearer ${response.json().token}` };
  };
  const sessions = (headers: Headers) => t.app.inject({ url: "/api/admin/account/sessions", headers });
  const me = async (headers: Headers) => (await t.app.inject({ url: "/api/admin/me", headers })).statusCode;
  const changePassword = (headers: Headers, payload: object) =>
    t.app.inject({ method: "PUT", url: "/api/admin/account/password", headers, payload, remoteAddress: "10.9.9.9" });

  it("lists a person's own live sessions with device, address and times, marking this one", async () => {
    const editor = "editor@hopebehindbars.test";
    await t.staffHeaders("editor"); // creates the account, with a session from 127.0.0.1 left out below
    const laptop = await signIn(editor, FIREFOX, "203.0.113.7");
    later(5 * 60_000);
    const phone = await signIn(editor, SAFARI_IPHONE, "198.51.100.4");
    await t.staffHeaders("inbox"); // someone else's session is never listed

    const response = await sessions(laptop);
    expect(response.statusCode).toBe(200);
    const listed = response.json<Array<Record<string, unknown>>>().filter((s) => s.ip !== "127.0.0.1");
    expect(listed).toEqual([
      {
        id: expect.any(String),
        device: "Safari on iPhone",
        ip: "198.51.100.4",
        signedInAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        current: false,
      },
      {
        id: expect.any(String),
        device: "Firefox on Windows",
        ip: "203.0.113.7",
        signedInAt: new Date(now.getTime() - 5 * 60_000).toISOString(),
        lastSeenAt: expect.any(String),
        current: true,
      },
    ]);
    expect(await me(phone)).toBe(200);
  });

  it("moves last seen forward at most once a minute", async () => {
    await t.adminToken(); // creates the account
    const headers = await signIn(TEST_ADMIN.email, FIREFOX, "10.1.1.1");
    const signedInAt = now.toISOString();
    const lastSeen = async () =>
      (await sessions(headers)).json<Array<{ current: boolean; lastSeenAt: string }>>().find((s) => s.current)
        ?.lastSeenAt;
    later(LAST_SEEN_PRECISION_MS - 1);
    expect(await lastSeen()).toBe(signedInAt);
    later(2);
    const minuteLater = now.toISOString();
    expect(await lastSeen()).toBe(minuteLater); // this request moved it
    later(10_000);
    expect(await lastSeen()).toBe(minuteLater);
  });

  it("ends another session of one's own, but nobody else's, and records it", async () => {
    await t.staffHeaders("inbox");
    const here = await signIn("inbox@hopebehindbars.test", FIREFOX, "10.2.2.2");
    const there = await signIn("inbox@hopebehindbars.test", SAFARI_IPHONE, "10.2.2.3");
    const other = await t.staffHeaders("editor");
    const list = (await sessions(here)).json<Array<{ id: string; ip: string; current: boolean }>>();
    const thereId = list.find((s) => s.ip === "10.2.2.3")?.id as string;
    const othersId = (await sessions(other)).json<Array<{ id: string; current: boolean }>>().find((s) => s.current)
      ?.id as string;

    const notMine = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/account/sessions/${othersId}`,
      headers: here,
    });
    expect(notMine.statusCode).toBe(404);
    expect(await me(other)).toBe(200);

    const ended = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/account/sessions/${thereId}`,
      headers: here,
    });
    expect(ended.statusCode).toBe(204);
    expect(await me(there)).toBe(401);
    expect(await me(here)).toBe(200);
    expect((await sessions(here)).json().map((s: { id: string }) => s.id)).not.toContain(thereId);
    const record = await t.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "logout")
      .where("entity_id", "=", thereId)
      .executeTakeFirst();
    expect(record).toMatchObject({ actor_email: "inbox@hopebehindbars.test", entity: "session" });

    // Ending the current session signs this browser out.
    const hereId = list.find((s) => s.current)?.id as string;
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/admin/account/sessions/${hereId}`, headers: here }))
        .statusCode,
    ).toBe(204);
    expect(await me(here)).toBe(401);
  });

  it("changes the password only with the current one, ending the other sessions and keeping this one", async () => {
    const email = "administrator@hopebehindbars.test";
    await t.staffHeaders("administrator");
    const here = await signIn(email, FIREFOX, "10.3.3.3");
    const elsewhere = await signIn(email, SAFARI_IPHONE, "10.3.3.4");

    const wrong = await changePassword(here, { currentPassword: "not my password at all", newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: "Your current password is not correct.",
      fields: { currentPassword: "Your current password is not correct." },
    });
    const short = await changePassword(here, { currentPassword: TEST_ADMIN.password, newPassword: "short" });
    expect(short.json().fields).toEqual({ newPassword: "Password must be at least 12 characters." });
    expect(await me(elsewhere)).toBe(200);

    const changed = await changePassword(here, { currentPassword: TEST_ADMIN.password, newPassword: NEW_PASSWORD });
    expect(changed.statusCode).toBe(204);
    expect(await me(here)).toBe(200);
    expect(await me(elsewhere)).toBe(401);
    const login = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { email, password },
        remoteAddress: "10.3.3.5",
      });
    expect((await login(TEST_ADMIN.password)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    const record = await t.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "password")
      .where("actor_email", "=", email)
      .executeTakeFirst();
    expect(record).toMatchObject({ entity: "staff", ip: "10.9.9.9" });
    expect(record?.changes).not.toContain(NEW_PASSWORD);
  });

  it("refuses a common or breached new password, or one of only spaces, and says why", async () => {
    await t.adminToken(); // creates the account
    const headers = await signIn(TEST_ADMIN.email, FIREFOX, "10.4.4.4");
    const refused = async (newPassword: string) => {
      const response = await changePassword(headers, { currentPassword: TEST_ADMIN.password, newPassword });
      expect(response.statusCode).toBe(400);
      return response.json().fields;
    };
    expect(await refused("qwertyuiop12")).toEqual({
      newPassword:
        "This password is too common: it is, or is close to, one found in lists of breached passwords. Choose another: a few unrelated words make a strong one.",
    });
    expect(await refused("\t".repeat(12))).toEqual({ newPassword: "A password cannot be only spaces." });
    expect(await me(headers)).toBe(200);
  });

  it("counts wrong current passwords like failed logins", async () => {
    await t.staffHeaders("editor");
    const headers = await signIn("editor@hopebehindbars.test", FIREFOX, "10.4.4.4");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: "PUT",
        url: "/api/admin/account/password",
        headers,
        payload: { currentPassword: `wrong guess ${i}`, newPassword: NEW_PASSWORD },
        remoteAddress: "10.4.4.4",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
