import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_JOB, RESET_LINK_LIFETIME_MS } from "../../core/auth/password-reset.service.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createSmtpInbox, linkIn, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const SAME_ANSWER = {
  message:
    "If that address belongs to a staff account, we have sent it a link to choose a new password. The link works once, within one hour.",
};
const LINK_ENDED = { message: "This link has expired or has already been used. Ask for a new one." };
const NEW_PASSWORD = "a brand new passphrase for staff";

describe.each(DIALECTS)("password reset by e-mail on %s", (dialect) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let now = new Date("2026-11-22T09:00:00Z");
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    inbox = await createSmtpInbox();
    await inbox.start();
    t = await createTestApp(dialect, {
      clock: () => now,
      config: { mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" } },
    });
    await t.adminToken(); // creates the account
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });
  afterEach(async () => {
    // Each test starts with the known password, no links and an empty inbox, an hour after the last.
    later(2 * RESET_LINK_LIFETIME_MS);
    await t.services.auth.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
    await t.database.db.deleteFrom("single_use_links").execute();
    inbox.messages.length = 0;
  });

  const post = (url: string, payload: object, ip = visitorIp()) =>
    t.app.inject({ method: "POST", url, payload, remoteAddress: ip });
  const ask = (email: string, ip?: string) => post("/api/admin/password-reset", { email }, ip);
  const check = (token: string) => post("/api/admin/password-reset/check", { token });
  const complete = (token: string, password = NEW_PASSWORD) =>
    post("/api/admin/password-reset/complete", { token, password });
  const login = (password: string) =>
    t.app.inject({ method: "POST", url: "/api/admin/login", payload: { email: TEST_ADMIN.email, password } });
  /** Asks for a link and returns its token, as read from the e-mail. */
  const linkToken = async (email = TEST_ADMIN.email) => {
    expect((await ask(email)).statusCode).toBe(202);
    await t.services.jobs.runDue();
    const link = linkIn(inbox.messages.at(-1) as string, "http://localhost:3000/admin/reset-password#");
    return link.slice(link.indexOf("#") + 1);
  };
  const auditRows = () =>
    t.database.db.selectFrom("audit_log").selectAll().where("action", "=", "password").orderBy("at").execute();

  it("e-mails a single-use link that sets the password and ends every session of the account", async () => {
    const sessions = [await t.adminHeaders(), await t.adminHeaders()];
    const answer = await ask(`  ${TEST_ADMIN.email.toUpperCase()} `);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual(SAME_ANSWER);
    expect(await t.services.jobs.runDue()).toEqual({ done: 2, failed: 0 }); // the request, then its e-mail
    expect(inbox.messages).toHaveLength(1);
    const mail = inbox.messages[0] as string;
    expect(mail).toContain(`To: ${TEST_ADMIN.email}`);
    expect(mail).toContain("Subject: Reset your Hope Behind Bars password");
    const link = linkIn(mail, "http://localhost:3000/admin/reset-password#");
    const token = link.slice(link.indexOf("#") + 1);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash is stored.
    expect(JSON.stringify(await t.database.db.selectFrom("single_use_links").selectAll().execute())).not.toContain(
      token,
    );

    expect((await check(token)).json()).toEqual({ email: TEST_ADMIN.email });
    const tooShort = await complete(token, "short");
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fields.password).toBe("Password must be at least 12 characters.");

    expect((await complete(token)).statusCode).toBe(204);
    for (const headers of sessions) {
      expect((await t.app.inject({ url: "/api/admin/me", headers })).statusCode).toBe(401);
    }
    expect((await login(TEST_ADMIN.password)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    const [record] = await auditRows();
    expect(record).toMatchObject({ actor_email: TEST_ADMIN.email, entity: "staff" });
    expect(record?.changes).not.toContain(NEW_PASSWORD);

    // Used once: never again.
    for (const response of [await complete(token, "yet another new passphrase"), await check(token)]) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual(LINK_ENDED);
    }
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a common or breached new password and keeps the link usable", async () => {
    const token = await linkToken();
    const refused = await complete(token, "Password1234");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      password:
        "This password is too common: it is, or is close to, one found in lists of breached passwords. Choose another: a few unrelated words make a strong one.",
    });
    expect((await login("Password1234")).statusCode).toBe(401);
    expect((await complete(token)).statusCode).toBe(204);
  });

  it("expires the link after one hour", async () => {
    const token = await linkToken();
    later(RESET_LINK_LIFETIME_MS - 1);
    expect((await check(token)).statusCode).toBe(200);
    later(1);
    expect((await check(token)).json()).toEqual(LINK_ENDED);
    expect((await complete(token)).statusCode).toBe(410);
    expect((await login(TEST_ADMIN.password)).statusCode).toBe(200);
  });

  it("ends older links when a new one is sent", async () => {
    const first = await linkToken();
    const second = await linkToken();
    expect(inbox.messages).toHaveLength(2);
    expect((await complete(first)).statusCode).toBe(410);
    expect((await complete(second)).statusCode).toBe(204);
  });

  it("ends links sent before the password was changed on the account screen", async () => {
    const token = await linkToken();
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/admin/account/password",
      headers: await t.adminHeaders(),
      payload: { currentPassword: TEST_ADMIN.password, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(204);
    expect((await check(token)).json()).toEqual(LINK_ENDED);
  });

  it("gives an unknown address the same answer and sends nothing", async () => {
    const known = await ask(TEST_ADMIN.email);
    const unknown = await ask("nobody@hopebehindbars.test");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    // Both requests queued the same job; only the known address got a link.
    const queued = await t.database.db.selectFrom("jobs").select("id").where("type", "=", PASSWORD_RESET_JOB).execute();
    expect(queued.length).toBeGreaterThanOrEqual(2);
    await t.services.jobs.runDue();
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]).toContain(`To: ${TEST_ADMIN.email}`);
  });

  it("sends nothing to a deactivated account", async () => {
    // Deactivation belongs to the staff screen; here the account is marked as that screen would.
    await t.database.db
      .updateTable("admin_users")
      .set({ deactivated_at: now.toISOString() })
      .where("email", "=", TEST_ADMIN.email)
      .execute();
    try {
      expect((await ask(TEST_ADMIN.email)).json()).toEqual(SAME_ANSWER);
      await t.services.jobs.runDue();
      expect(inbox.messages).toHaveLength(0);
    } finally {
      await t.database.db.updateTable("admin_users").set({ deactivated_at: null }).execute();
    }
  });

  it("limits requests per address, and links per account whatever the address", async () => {
    const ip = visitorIp();
    for (let i = 0; i < 5; i++) expect((await ask("nobody@hopebehindbars.test", ip)).statusCode).toBe(202);
    const refused = await ask(TEST_ADMIN.email, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);

    for (let i = 0; i < 5; i++) expect((await ask(TEST_ADMIN.email)).statusCode).toBe(202);
    await t.services.jobs.runDue();
    expect(inbox.messages).toHaveLength(3);
  });

  it("refuses an address that is not one, and links that were never sent", async () => {
    const response = await ask("not an address");
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toBe("Enter the e-mail address you log in with.");
    expect((await check("made-up-token")).statusCode).toBe(410);
    expect((await complete("made-up-token")).statusCode).toBe(410);
  });
});

describe("password reset without e-mail settings", () => {
  it("says plainly that links cannot be sent", async () => {
    const t = await createTestApp("sqlite");
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/admin/password-reset",
        payload: { email: TEST_ADMIN.email },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(
        "This site cannot send e-mail yet, so a password cannot be reset by link. Ask an Administrator to reset it.",
      );
    } finally {
      await t.close();
    }
  });
});
