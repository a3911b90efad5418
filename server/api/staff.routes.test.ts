import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../core/audit/audit.ts";
import { INVITATION_LIFETIME_MS, type StaffOverview } from "../../core/staff/staff.schema.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createSmtpInbox, type SmtpInbox } from "../../tests/support/smtp-inbox.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

const PASSWORD = "a long enough password";
const LINK = /https?:\/\/\S+\/admin\/accept-invitation#([A-Za-z0-9_-]{43})/;

/** The text of a raw message as sent: quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe.each(DIALECTS)("staff accounts and invitations on %s", (dialect) => {
  let now = new Date("2026-11-22T09:00:00Z");
  const clock = () => now;

  /** A site without SMTP: the Administrator gets the link to pass on. */
  describe("without e-mail", () => {
    let t: TestApp;
    let admin: { authorization: string };
    beforeAll(async () => {
      t = await createTestApp(dialect, { clock });
      admin = await t.adminHeaders();
    });
    afterAll(() => t.close());

    /** A second passes before each write, so its audit rows sort after the ones before it. */
    const tick = () => {
      now = new Date(now.getTime() + 1000);
    };
    const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, headers = admin) => {
      if (method !== "GET") tick();
      return t.app.inject({ method, url, payload, headers });
    };
    const invite = async (email: string, role = "editor") => {
      const response = await call("POST", "/api/admin/staff/invitations", { email, role });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      return { id: body.invitation.id as string, token: LINK.exec(body.link)?.[1] as string, body };
    };
    const accept = (token: string, payload: object = { name: "Hanna Bekele", password: PASSWORD }) => {
      tick();
      return t.app.inject({
        method: "POST",
        url: "/api/admin/invitations/accept",
        payload: { token, ...payload },
        remoteAddress: visitorIp(),
      });
    };
    const check = (token: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/invitations/check",
        payload: { token },
        remoteAddress: visitorIp(),
      });
    const login = (email: string, password = PASSWORD) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { email, password },
        remoteAddress: visitorIp(),
      });
    const overview = async () => (await call("GET", "/api/admin/staff")).json<StaffOverview>();
    const audit = (entityId: string) =>
      t.database.db.selectFrom("audit_log").selectAll().where("entity_id", "=", entityId).orderBy("at").execute();
    const memberId = async (email: string) =>
      (await overview()).staff.find((member) => member.email === email)?.id as string;

    it("answers the link itself, and the invitee reads it, sets name and password and signs in with the role", async () => {
      const { id, token, body } = await invite("  Hanna@Example.org ");
      expect(body).toMatchObject({ emailed: false, invitation: { email: "hanna@example.org", role: "editor" } });
      expect(body.link).toBe(`${t.config.publicSiteUrl}/admin/accept-invitation#${token}`);
      const listed = await overview();
      expect(listed.emailEnabled).toBe(false);
      expect(listed.invitations).toEqual([
        expect.objectContaining({
          id,
          email: "hanna@example.org",
          role: "editor",
          invitedBy: TEST_ADMIN.email,
          expired: false,
        }),
      ]);
      expect(JSON.stringify(listed)).not.toContain(token);
      const stored = await t.database.db.selectFrom("staff_invitations").selectAll().executeTakeFirstOrThrow();
      expect(JSON.stringify(await t.database.db.selectFrom("single_use_links").selectAll().execute())).not.toContain(
        token,
      );
      expect(stored.expires_at).toBe(new Date(now.getTime() + 72 * 60 * 60 * 1000).toISOString());

      const read = await check(token);
      expect(read.json()).toEqual({ email: "hanna@example.org", role: "editor" });
      expect((await accept(token)).statusCode).toBe(201);

      const signedIn = await login("hanna@example.org");
      expect(signedIn.statusCode).toBe(200);
      const me = await t.app.inject({
        url: "/api/admin/me",
        headers: { authorization: `Bearer ${signedIn.json().token}` },
      });
      expect(me.json()).toEqual({ email: "hanna@example.org", name: "Hanna Bekele", role: "editor" });
      const after = await overview();
      expect(after.invitations).toEqual([]);
      expect(after.staff.find((member) => member.email === "hanna@example.org")).toMatchObject({
        name: "Hanna Bekele",
        role: "editor",
        status: "active",
        lastSignInAt: now.toISOString(),
      });

      const newId = await memberId("hanna@example.org");
      expect((await audit(id)).map((row) => [row.action, row.actor_email, JSON.parse(row.changes).values])).toEqual([
        ["invite", TEST_ADMIN.email, { role: "editor", step: "sent" }],
        ["invite", "hanna@example.org", { step: "accepted" }],
      ]);
      const created = (await audit(newId)).find((row) => row.action === "create");
      expect(created).toMatchObject({ entity: "staff", actor_id: newId });
      expect(JSON.parse(created?.changes as string)).toEqual({ fields: ["name"], values: { role: "editor" } });
    });

    it("uses a link once", async () => {
      const { token } = await invite("once@example.org");
      expect((await accept(token)).statusCode).toBe(201);
      const again = await accept(token, { name: "Someone Else", password: "another long password" });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({
        message:
          "This invitation link has expired or has already been used. Ask an Administrator to send you a new one.",
      });
      expect((await check(token)).json()).toEqual({
        message:
          "This invitation link has expired or has already been used. Ask an Administrator to send you a new one.",
      });
      expect((await login("once@example.org", "another long password")).statusCode).toBe(401);
    });

    it("lets a link expire after 72 hours; a resend makes a new one and kills the old", async () => {
      const { id, token } = await invite("late@example.org", "inbox");
      now = new Date(now.getTime() + INVITATION_LIFETIME_MS - 1);
      expect((await check(token)).statusCode).toBe(200);
      now = new Date(now.getTime() + 1);
      expect((await check(token)).json()).toEqual({
        message:
          "This invitation link has expired or has already been used. Ask an Administrator to send you a new one.",
      });
      expect((await accept(token)).statusCode).toBe(404);
      // Sessions last 8 hours: sign in again after the wait.
      admin = await t.adminHeaders();
      expect((await overview()).invitations.find((i) => i.id === id)?.expired).toBe(true);

      const resent = await call("POST", `/api/admin/staff/invitations/${id}/resend`);
      expect(resent.statusCode).toBe(200);
      const fresh = LINK.exec(resent.json().link)?.[1] as string;
      expect(fresh).not.toBe(token);
      expect(resent.json().invitation).toMatchObject({ id, expired: false, sentAt: now.toISOString() });
      expect((await accept(token)).statusCode).toBe(404);
      expect((await accept(fresh)).statusCode).toBe(201);
      expect((await login("late@example.org")).statusCode).toBe(200);
      expect((await audit(id)).map((row) => JSON.parse(row.changes).values.step)).toEqual([
        "sent",
        "resent",
        "accepted",
      ]);
    });

    it("kills a revoked invitation's link", async () => {
      const { id, token } = await invite("revoked@example.org");
      expect((await call("DELETE", `/api/admin/staff/invitations/${id}`)).statusCode).toBe(204);
      expect((await accept(token)).statusCode).toBe(404);
      expect((await overview()).invitations.some((i) => i.id === id)).toBe(false);
      expect((await call("DELETE", `/api/admin/staff/invitations/${id}`)).statusCode).toBe(404);
      expect((await call("POST", `/api/admin/staff/invitations/${id}/resend`)).statusCode).toBe(404);
      expect((await audit(id)).map((row) => JSON.parse(row.changes).values.step)).toEqual(["sent", "revoked"]);
      // Revoked, the address can be invited again.
      await invite("revoked@example.org");
    });

    it("refuses an address that already has an account or a waiting invitation, and bad input", async () => {
      const existing = await call("POST", "/api/admin/staff/invitations", { email: TEST_ADMIN.email, role: "inbox" });
      expect(existing.statusCode).toBe(409);
      expect(existing.json().message).toBe("Someone with this e-mail address already has a staff account.");
      await invite("twice@example.org");
      const twice = await call("POST", "/api/admin/staff/invitations", { email: "TWICE@example.org", role: "inbox" });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(
        "An invitation to this address is already waiting. Resend or revoke it in the list of invitations.",
      );
      const bad = await call("POST", "/api/admin/staff/invitations", { email: "not an address", role: "owner" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ email: "Enter a valid e-mail address.", role: "Choose a role." });

      const { token } = await invite("weak@example.org");
      const weak = await accept(token, { name: " ", password: "short" });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields).toEqual({
        name: "Enter your name.",
        password: "Password must be at least 12 characters.",
      });
      expect((await check(token)).statusCode).toBe(200);
      expect((await check("x".repeat(300))).statusCode).toBe(404);
    });

    it("refuses a common or breached password, or one of only spaces, and says why", async () => {
      const { token } = await invite("common@example.org");
      const refused = async (password: string) => {
        const response = await accept(token, { name: "Hanna Bekele", password });
        expect(response.statusCode).toBe(400);
        return response.json().fields;
      };
      expect(await refused("password1234")).toEqual({
        password:
          "This password is too common: it is, or is close to, one found in lists of breached passwords. Choose another: a few unrelated words make a strong one.",
      });
      expect(await refused("aaaaaaaaaaaaaaaa")).toEqual({
        password:
          "This password is too easy to guess: it is mostly a repeat, a sequence or a keyboard pattern. Choose another: a few unrelated words make a strong one.",
      });
      expect(await refused(" ".repeat(12))).toEqual({ password: "A password cannot be only spaces." });
      expect((await accept(token)).statusCode).toBe(201);
    });

    it("changes a role, which applies to the person's very next request", async () => {
      const editor = await t.staffHeaders("editor");
      const id = await memberId("editor@hopebehindbars.test");
      expect((await call("GET", "/api/subscribe", undefined, editor)).statusCode).toBe(403);
      const changed = await call("PUT", `/api/admin/staff/${id}/role`, { role: "inbox" });
      expect(changed.json()).toMatchObject({ id, role: "inbox" });
      expect((await call("GET", "/api/subscribe", undefined, editor)).statusCode).toBe(200);
      const [row] = (await audit(id)).filter((r) => r.action === "role");
      expect(JSON.parse(row?.changes as string)).toEqual({ fields: ["role"], values: { from: "editor", to: "inbox" } });
      expect((await call("PUT", `/api/admin/staff/${id}/role`, { role: "boss" })).statusCode).toBe(400);
      expect((await call("PUT", "/api/admin/staff/not-an-id/role", { role: "inbox" })).statusCode).toBe(404);
      await call("PUT", `/api/admin/staff/${id}/role`, { role: "editor" });
    });

    it("ends a deactivated person's sessions at once and lets them back in once reactivated", async () => {
      const inbox = await t.staffHeaders("inbox");
      const id = await memberId("inbox@hopebehindbars.test");
      expect((await call("GET", "/api/admin/me", undefined, inbox)).statusCode).toBe(200);
      const deactivated = await call("POST", `/api/admin/staff/${id}/deactivate`);
      expect(deactivated.json()).toMatchObject({ id, status: "deactivated" });
      expect((await call("GET", "/api/admin/me", undefined, inbox)).statusCode).toBe(401);
      const sessions = await t.database.db
        .selectFrom("admin_sessions")
        .where("admin_user_id", "=", id)
        .selectAll()
        .execute();
      expect(sessions).toEqual([]);
      expect((await login("inbox@hopebehindbars.test", TEST_ADMIN.password)).statusCode).toBe(401);

      const reactivated = await call("POST", `/api/admin/staff/${id}/reactivate`);
      expect(reactivated.json()).toMatchObject({ id, status: "active" });
      expect((await login("inbox@hopebehindbars.test", TEST_ADMIN.password)).statusCode).toBe(200);
      expect((await audit(id)).map((row) => row.action)).toEqual(expect.arrayContaining(["deactivate", "reactivate"]));

      const self = await call("POST", `/api/admin/staff/${await memberId(TEST_ADMIN.email)}/deactivate`);
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe(
        "You cannot deactivate your own account. Ask another Administrator if it should end.",
      );
    });

    it("never leaves the site without an active Administrator", async () => {
      const adminId = await memberId(TEST_ADMIN.email);
      const demoteSelf = await call("PUT", `/api/admin/staff/${adminId}/role`, { role: "editor" });
      expect(demoteSelf.statusCode).toBe(409);
      expect(demoteSelf.json()).toEqual({
        message: "This is the last active Administrator. Make someone else an Administrator first.",
      });
      await expect(t.services.staff.deactivate(adminId, SYSTEM_ACTOR)).rejects.toThrow(
        "This is the last active Administrator. Make someone else an Administrator first.",
      );

      // Two demotions of the only two Administrators in flight at once: the check and the change are
      // one step (the rows stay locked on PostgreSQL), so exactly one of them happens.
      const second = await t.staffHeaders("administrator");
      const secondId = await memberId("administrator@hopebehindbars.test");
      const administrators = async () =>
        (await t.services.staff.overview()).staff.filter((m) => m.role === "administrator").map((m) => m.id);
      const demotions = await Promise.allSettled(
        [secondId, adminId].map((id) => t.services.staff.changeRole(id, { role: "editor" }, SYSTEM_ACTOR)),
      );
      expect(demotions.map((d) => d.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect(demotions.find((d) => d.status === "rejected")?.reason?.message).toBe(
        "This is the last active Administrator. Make someone else an Administrator first.",
      );
      expect(await administrators()).toHaveLength(1);
      await t.services.staff.changeRole(
        (await administrators())[0] === adminId ? secondId : adminId,
        { role: "administrator" },
        SYSTEM_ACTOR,
      );

      // The same through the API, each Administrator demoting the other: one of them stays. The one
      // answered second is refused either way: by the last-Administrator rule (409) when both checks
      // ran together, or, when the machine ran one request after the other, because its sender is
      // no longer an Administrator (403).
      const results = await Promise.all([
        call("PUT", `/api/admin/staff/${secondId}/role`, { role: "editor" }),
        call("PUT", `/api/admin/staff/${adminId}/role`, { role: "editor" }, second),
      ]);
      const refused = results.find((r) => r.statusCode !== 200);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect([
        {
          statusCode: 409,
          message: "This is the last active Administrator. Make someone else an Administrator first.",
        },
        { statusCode: 403, message: "Your role does not allow this. Ask an Administrator if you need it." },
      ]).toContainEqual({ statusCode: refused?.statusCode, message: refused?.json().message });
      expect(await administrators()).toHaveLength(1);
      const remaining = (await administrators())[0] as string;
      const other = remaining === adminId ? secondId : adminId;
      await t.services.staff.changeRole(other, { role: "administrator" }, SYSTEM_ACTOR);
      // A deactivated Administrator does not count.
      await t.services.staff.deactivate(other, SYSTEM_ACTOR);
      await expect(t.services.staff.changeRole(remaining, { role: "inbox" }, SYSTEM_ACTOR)).rejects.toThrow(
        "This is the last active Administrator. Make someone else an Administrator first.",
      );
      await t.services.staff.reactivate(other, SYSTEM_ACTOR);
    });
  });

  describe("with e-mail", () => {
    let t: TestApp | undefined;
    let inbox: SmtpInbox | undefined;
    afterEach(async () => {
      await t?.close();
      await inbox?.stop();
    });

    it("e-mails the link, answers without it, and the invitee accepts and signs in", async () => {
      inbox = await createSmtpInbox();
      await inbox.start();
      t = await createTestApp(dialect, {
        clock,
        config: { mail: { smtp: `smtp://127.0.0.1:${inbox.port}`, from: "Website <website@hopebehindbars.test>" } },
      });
      const headers = await t.adminHeaders();
      const response = await t.app.inject({
        method: "POST",
        url: "/api/admin/staff/invitations",
        payload: { email: "meron@example.org", role: "inbox" },
        headers,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        emailed: true,
        invitation: { email: "meron@example.org", role: "inbox" },
      });
      expect(response.json().link).toBeUndefined();
      expect((await t.app.inject({ url: "/api/admin/staff", headers })).json().emailEnabled).toBe(true);

      expect(await t.services.jobs.runDue()).toEqual({ done: 1, failed: 0 });
      expect(inbox.messages).toHaveLength(1);
      const mail = decoded(inbox.messages[0] as string);
      expect(mail).toContain("To: meron@example.org");
      expect(mail).toContain("Subject: You are invited to the Hope Behind Bars back office");
      expect(mail).toContain(`${TEST_ADMIN.email} invited you to the Hope Behind Bars back office as Inbox`);
      const token = LINK.exec(mail)?.[1] as string;
      expect(token).toBeTruthy();

      const accepted = await t.app.inject({
        method: "POST",
        url: "/api/admin/invitations/accept",
        payload: { token, name: "Meron Tesfaye", password: PASSWORD },
      });
      expect(accepted.statusCode).toBe(201);
      const login = await t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { email: "meron@example.org", password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    });
  });
});
