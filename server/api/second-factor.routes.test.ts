import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../core/access/roles.ts";
import { totpCode } from "../../core/second-factor/totp.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { softAuthenticator } from "../../tests/support/soft-authenticator.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";

const PASSWORD = "a long enough password";
const TOO_MANY = /^Too many failed login attempts\. Please wait \d+ seconds and try again\.$/;

describe.each(DIALECTS)("second factor on %s", (dialect) => {
  let t: TestApp;
  // Mid-step, so "the previous step" and "the next step" are 30 s either way.
  let now = new Date("2026-11-22T10:00:15Z");
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let ipCounter = 0;
  const freshIp = () => `10.50.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  let accountCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = freshIp()) =>
    t.app.inject({ method: "POST", url, payload, headers, remoteAddress: ip });
  const passwordStep = (email: string, ip?: string) => post("/api/admin/login", { email, password: PASSWORD }, {}, ip);
  const codeStep = (ticket: string, code: string, method = "totp", ip?: string) =>
    post("/api/admin/login/second-factor", { ticket, method, code }, {}, ip);
  const ticketOf = async (email: string) => (await passwordStep(email)).json().secondFactor.ticket as string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A fresh account signed in (without a second factor yet): its e-mail and headers. */
  async function newAccount(role: StaffRole = "editor") {
    const email = `person${++accountCounter}@hopebehindbars.test`;
    await t.services.auth.createAdmin(email, PASSWORD, role);
    const headers = bearer((await passwordStep(email)).json().token);
    return { email, headers };
  }

  /** An account with an authenticator app set up: its e-mail, secret, recovery codes and headers. */
  async function enrolledAccount() {
    const { email, headers } = await newAccount();
    const { secret, uri } = (await post("/api/admin/account/second-factor/totp", {}, headers)).json();
    expect(uri).toContain(`secret=${secret}`);
    const confirmed = await post(
      "/api/admin/account/second-factor/totp/confirm",
      { code: totpCode(secret, now) },
      headers,
    );
    expect(confirmed.statusCode).toBe(200);
    // Each test logs in at a step of its own: the confirming code's step is spent.
    later(30_000);
    return { email, secret, headers, recoveryCodes: confirmed.json().recoveryCodes as string[] };
  }

  const auditRows = (actorEmail: string) =>
    t.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("actor_email", "=", actorEmail)
      .orderBy("at")
      .orderBy("id")
      .execute();

  it("sets up an authenticator app only once a first code from it is confirmed", async () => {
    const { email, headers } = await newAccount();
    const started = await post("/api/admin/account/second-factor/totp", {}, headers);
    expect(started.statusCode).toBe(200);
    const { secret, uri } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Hope%20Behind%20Bars:person\d+%40hopebehindbars\.test\?/);
    // Not yet confirmed: the password still signs in alone.
    expect((await passwordStep(email)).json()).toHaveProperty("token");
    const wrong = await post("/api/admin/account/second-factor/totp/confirm", { code: "000000" }, headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("That code is not right. Please check it and try again.");
    const confirmed = await post(
      "/api/admin/account/second-factor/totp/confirm",
      { code: totpCode(secret, now) },
      headers,
    );
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await t.app.inject({ url: "/api/admin/account/second-factor", headers });
    expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: [], required: false });
    // Stored hashed and encrypted: neither the codes nor the secret appear in the database.
    const stored = JSON.stringify([
      await t.database.db.selectFrom("staff_recovery_codes").selectAll().execute(),
      await t.database.db.selectFrom("staff_totp").selectAll().execute(),
    ]);
    expect(stored).not.toContain(secret);
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace("-", ""));
    expect((await auditRows(email)).map((r) => [r.action, JSON.parse(r.changes).values])).toContainEqual([
      "second-factor",
      { method: "totp", change: "enrolled" },
    ]);
  });

  it("answers the password step with a ticket only: it grants nothing on its own", async () => {
    const { email } = await enrolledAccount();
    const first = await passwordStep(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ secondFactor: { ticket: expect.any(String), methods: ["totp", "recovery"] } });
    expect(first.headers["set-cookie"]).toBeUndefined();
    const { ticket } = first.json().secondFactor;
    expect((await t.app.inject({ url: "/api/admin/me", headers: bearer(ticket) })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom("login_tickets").select("ticket_hash").execute()).not.toContainEqual({
      ticket_hash: ticket,
    });
  });

  it("signs in with a code from the app, and refuses the same code again in its time step", async () => {
    const { email, secret } = await enrolledAccount();
    const code = totpCode(secret, now);
    const second = await codeStep(await ticketOf(email), code);
    expect(second.statusCode).toBe(200);
    expect(Object.keys(second.json()).sort()).toEqual(["email", "token"]);
    expect(String(second.headers["set-cookie"])).toMatch(/^hbb_device=/);
    const me = await t.app.inject({ url: "/api/admin/me", headers: bearer(second.json().token) });
    expect(me.json().email).toBe(email);
    const replayed = await codeStep(await ticketOf(email), code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe("That code is not right. Please check it and try again.");
  });

  it("refuses a wrong code, accepts the previous step's code, and refuses one two steps old", async () => {
    const { email, secret } = await enrolledAccount();
    later(30_000); // the step before now was not the one the app was confirmed with
    const ticket = await ticketOf(email);
    expect((await codeStep(ticket, "123456")).statusCode).toBe(401);
    expect((await codeStep(ticket, totpCode(secret, new Date(now.getTime() - 60_000)))).statusCode).toBe(401);
    const previous = await codeStep(ticket, totpCode(secret, new Date(now.getTime() - 30_000)));
    expect(previous.statusCode).toBe(200);
    const log = await auditRows(email);
    expect(log.filter((r) => r.action === "login-failed").map((r) => JSON.parse(r.changes).values)).toEqual([
      { step: "second-factor", method: "totp" },
      { step: "second-factor", method: "totp" },
    ]);
    const logins = log.filter((r) => r.action === "login").map((r) => JSON.parse(r.changes).values);
    // The first login set up the app (password only); the second passed the code step.
    expect(logins).toContainEqual({ method: "totp" });
  });

  it("spends a ticket once, and lets it expire after five minutes", async () => {
    const { email, secret } = await enrolledAccount();
    const ticket = await ticketOf(email);
    expect((await codeStep(ticket, totpCode(secret, now))).statusCode).toBe(200);
    later(30_000);
    const again = await codeStep(ticket, totpCode(secret, now));
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe("This sign-in has expired. Please enter your email and password again.");
    const stale = await ticketOf(email);
    later(5 * 60_000);
    expect((await codeStep(stale, totpCode(secret, now))).json().message).toBe(
      "This sign-in has expired. Please enter your email and password again.",
    );
  });

  it("accepts each recovery code once, in any case and without the dash", async () => {
    const { email, recoveryCodes } = await enrolledAccount();
    const [code = ""] = recoveryCodes;
    const typed = code.replace("-", " ").toUpperCase();
    const used = await codeStep(await ticketOf(email), typed, "recovery");
    expect(used.statusCode).toBe(200);
    expect((await codeStep(await ticketOf(email), code, "recovery")).statusCode).toBe(401);
    // Not a code from the app, and not another account's.
    const other = await enrolledAccount();
    expect((await codeStep(await ticketOf(other.email), recoveryCodes[1] ?? "", "recovery")).statusCode).toBe(401);
    expect((await codeStep(await ticketOf(email), recoveryCodes[1] ?? "", "recovery")).statusCode).toBe(200);
  });

  it("throttles the code step per account across sources, and per source", async () => {
    const { email, secret } = await enrolledAccount();
    const ticket = await ticketOf(email);
    for (let i = 0; i < 5; i++) expect((await codeStep(ticket, "000000", "totp", freshIp())).statusCode).toBe(401);
    const blocked = await codeStep(ticket, totpCode(secret, now), "totp", freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(TOO_MANY);
    later(31_000);
    expect((await codeStep(ticket, totpCode(secret, now), "totp", freshIp())).statusCode).toBe(200);

    // One source guessing at several accounts' second steps waits after its own five.
    const accounts = [];
    for (let i = 0; i < 6; i++) accounts.push(await enrolledAccount());
    const ip = freshIp();
    for (const account of accounts.slice(0, 5)) {
      expect((await codeStep(await ticketOf(account.email), "000000", "totp", ip)).statusCode).toBe(401);
    }
    const last = accounts[5] as (typeof accounts)[number];
    const refused = await codeStep(await ticketOf(last.email), totpCode(last.secret, now), "totp", ip);
    expect(refused.statusCode).toBe(429);
  });

  it("turns the app off with the password or a current code, and then the password signs in alone", async () => {
    const { email, secret, headers } = await enrolledAccount();
    const disable = (body: object) => post("/api/admin/account/second-factor/totp/disable", body, headers);
    expect((await disable({})).statusCode).toBe(400);
    expect((await disable({ password: "not my password at all" })).statusCode).toBe(401);
    expect((await disable({ code: "000000" })).statusCode).toBe(401);
    expect((await disable({ code: totpCode(secret, now) })).statusCode).toBe(204);
    expect((await passwordStep(email)).json()).toEqual({ token: expect.any(String), email });
    const status = await t.app.inject({ url: "/api/admin/account/second-factor", headers });
    expect(status.json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });

    const another = await enrolledAccount();
    const byPassword = await post(
      "/api/admin/account/second-factor/totp/disable",
      { password: PASSWORD },
      another.headers,
    );
    expect(byPassword.statusCode).toBe(204);
    expect((await auditRows(another.email)).map((r) => JSON.parse(r.changes).values)).toContainEqual({
      method: "totp",
      change: "disabled",
    });
  });

  it("regenerates recovery codes: the old ones stop working", async () => {
    const { email, headers, recoveryCodes } = await enrolledAccount();
    const fresh = await post("/api/admin/account/second-factor/recovery-codes", {}, headers);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    expect((await codeStep(await ticketOf(email), recoveryCodes[0] ?? "", "recovery")).statusCode).toBe(401);
    expect((await codeStep(await ticketOf(email), fresh.json().recoveryCodes[0], "recovery")).statusCode).toBe(200);
    expect((await auditRows(email)).map((r) => JSON.parse(r.changes).values)).toContainEqual({
      method: "recovery-codes",
      change: "regenerated",
    });
  });

  it("registers a passkey, then signs in with it as the second step and alone, each challenge once", async () => {
    const { email, headers } = await newAccount();
    const authenticator = softAuthenticator();
    const origin = t.config.publicSiteUrl;
    const options = (await t.app.inject({ url: "/api/admin/account/passkeys/options", headers })).json();
    expect(options).toMatchObject({ rp: { id: "localhost" }, authenticatorSelection: { residentKey: "required" } });
    const added = await post(
      "/api/admin/account/passkeys",
      { name: "Office laptop", response: authenticator.register(options, origin) },
      headers,
    );
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: "Office laptop", recoveryCodes: expect.any(Array) });
    const status = (await t.app.inject({ url: "/api/admin/account/second-factor", headers })).json();
    expect(status.passkeys).toEqual([
      { id: added.json().id, name: "Office laptop", createdAt: now.toISOString(), lastUsedAt: null },
    ]);

    // As the second step.
    const first = (await passwordStep(email)).json();
    expect(first.secondFactor.methods).toEqual(["passkey", "recovery"]);
    const ticket = first.secondFactor.ticket;
    const getOptions = (await post("/api/admin/login/passkey/options", { ticket })).json();
    expect(getOptions.allowCredentials).toEqual([
      { id: authenticator.credentialId, type: "public-key", transports: ["internal"] },
    ]);
    const assertion = authenticator.authenticate(getOptions, origin);
    const signedIn = await post("/api/admin/login/passkey", { ticket, response: assertion });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ token: expect.any(String), email });
    // The same assertion again: its challenge is spent.
    const replayed = await post("/api/admin/login/passkey", { ticket: await ticketOf(email), response: assertion });
    expect(replayed.statusCode).toBe(401);

    // Alone: no e-mail, no password.
    const aloneOptions = (await post("/api/admin/login/passkey/options", {})).json();
    expect(aloneOptions.allowCredentials).toEqual([]);
    const alone = await post("/api/admin/login/passkey", {
      response: authenticator.authenticate(aloneOptions, origin),
    });
    expect(alone.statusCode).toBe(200);
    expect(alone.json().email).toBe(email);

    // Removed: the password signs in alone again.
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/account/passkeys/${added.json().id}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await passwordStep(email)).json()).toEqual({ token: expect.any(String), email });
    const changes = (await auditRows(email)).map((r) => JSON.parse(r.changes).values);
    expect(changes).toContainEqual({ method: "passkey", change: "added", passkey: added.json().id });
    expect(changes).toContainEqual({ method: "passkey", change: "removed", passkey: added.json().id });
  });

  it("refuses another account's passkey as the second step", async () => {
    const owner = await newAccount();
    const authenticator = softAuthenticator();
    const options = (await t.app.inject({ url: "/api/admin/account/passkeys/options", headers: owner.headers })).json();
    await post(
      "/api/admin/account/passkeys",
      { name: "Key", response: authenticator.register(options, t.config.publicSiteUrl) },
      owner.headers,
    );
    const { email } = await enrolledAccount();
    const ticket = await ticketOf(email);
    const getOptions = (await post("/api/admin/login/passkey/options", { ticket })).json();
    const response = authenticator.authenticate(getOptions, t.config.publicSiteUrl);
    expect((await post("/api/admin/login/passkey", { ticket, response })).statusCode).toBe(401);
  });

  it("limits how often one address may ask for passkey challenges (each is stored)", async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await post("/api/admin/login/passkey/options", {}, {}, ip)).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers[10]).toBe(429);
    expect((await post("/api/admin/login/passkey/options", {}, {}, freshIp())).statusCode).toBe(200);
  });

  it("refuses a passkey sign-in whose challenge the server never issued", async () => {
    const options = await post("/api/admin/login/passkey/options", {});
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ challenge: expect.any(String), userVerification: "required" });
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: "bm90LWlzc3VlZA", origin: t.config.publicSiteUrl }),
    ).toString("base64url");
    const forged = await post("/api/admin/login/passkey", {
      response: {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        response: { clientDataJSON, authenticatorData: "AAAA", signature: "AAAA" },
        clientExtensionResults: {},
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe("That passkey could not be used to sign in. Please try again.");
  });

  describe("required for everyone", () => {
    it("is an Administrator's setting, recorded in the audit log", async () => {
      const editor = await newAccount("editor");
      const put = (headers: Record<string, string>, requireSecondFactor: unknown) =>
        t.app.inject({
          method: "PUT",
          url: "/api/admin/settings/second-factor",
          headers,
          payload: { requireSecondFactor },
        });
      expect((await put(editor.headers, true)).statusCode).toBe(403);
      const admin = await t.adminHeaders();
      expect((await put(admin, "yes")).statusCode).toBe(400);
      expect((await put(admin, true)).json()).toEqual({ requireSecondFactor: true });
      expect((await t.app.inject({ url: "/api/admin/settings/second-factor", headers: admin })).json()).toEqual({
        requireSecondFactor: true,
      });
      const [row] = (await auditRows(TEST_ADMIN.email)).filter((r) => r.entity === "setting");
      expect(row).toMatchObject({ action: "update", entity_id: "security.requireSecondFactor" });
      expect(JSON.parse(row?.changes ?? "{}").values).toEqual({ value: true });
      expect((await put(admin, false)).statusCode).toBe(200);
    });

    it("lets a session that must enrol reach only the routes that declare it, walking the route table", async () => {
      const admin = await t.adminHeaders();
      const setRequired = (requireSecondFactor: boolean) =>
        t.app.inject({
          method: "PUT",
          url: "/api/admin/settings/second-factor",
          headers: admin,
          payload: { requireSecondFactor },
        });
      await setRequired(true);
      const { headers } = await newAccount("administrator");
      await setRequired(false);
      const staffRoutes = t.app.routeCatalog
        .filter((r) => r.access === "admin" && r.url.startsWith("/api/"))
        .sort((a, b) => Number(a.url.endsWith("/logout")) - Number(b.url.endsWith("/logout")));
      const open = staffRoutes.filter((r) => r.duringEnrolment).map((r) => `${r.method} ${r.url}`);
      expect(open.sort()).toEqual(
        [
          "GET /api/admin/account/second-factor",
          "GET /api/admin/me",
          "POST /api/admin/account/passkeys",
          "GET /api/admin/account/passkeys/options",
          "POST /api/admin/account/second-factor/totp",
          "POST /api/admin/account/second-factor/totp/confirm",
          "POST /api/admin/logout",
        ].sort(),
      );
      for (const route of staffRoutes) {
        const response = await t.app.inject({
          method: route.method as "GET",
          url: route.url.replace(/:(\w+)/g, "00000000-0000-0000-0000-000000000000").replace("*", "anything"),
          headers,
          payload: route.method === "GET" || route.method === "DELETE" ? undefined : {},
        });
        const label = `${route.method} ${route.url}`;
        if (route.duringEnrolment) expect([401, 403], label).not.toContain(response.statusCode);
        else
          expect(response.json(), label).toEqual({
            message: "Set up two-step verification to continue.",
            enrolmentRequired: true,
          });
      }
    });

    it("limits sessions already open without a second factor at once, as a new login would be", async () => {
      const open = await newAccount("inbox");
      const enrolled = await enrolledAccount();
      const admin = await t.adminHeaders();
      const setRequired = (requireSecondFactor: boolean) =>
        t.app.inject({
          method: "PUT",
          url: "/api/admin/settings/second-factor",
          headers: admin,
          payload: { requireSecondFactor },
        });
      expect((await t.app.inject({ url: "/api/subscribe", headers: open.headers })).statusCode).toBe(200);
      expect((await setRequired(true)).statusCode).toBe(200);
      try {
        const refused = await t.app.inject({ url: "/api/subscribe", headers: open.headers });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          message: "Set up two-step verification to continue.",
          enrolmentRequired: true,
        });
        expect((await t.app.inject({ url: "/api/admin/me", headers: open.headers })).json()).toMatchObject({
          enrolmentRequired: true,
        });
        // An account with a factor keeps its session, and so does the Administrator's own, which just chose this.
        expect((await t.app.inject({ url: "/api/admin/me", headers: enrolled.headers })).json()).not.toHaveProperty(
          "enrolmentRequired",
        );
        expect((await t.app.inject({ url: "/api/admin/me", headers: admin })).statusCode).toBe(200);
      } finally {
        expect((await setRequired(false)).statusCode).toBe(200);
      }
    });

    it("takes an account without a second factor to enrolment, and lets it go once it has one", async () => {
      const { email } = await newAccount("inbox");
      const admin = await t.adminHeaders();
      await t.app.inject({
        method: "PUT",
        url: "/api/admin/settings/second-factor",
        headers: admin,
        payload: { requireSecondFactor: true },
      });
      try {
        const first = await passwordStep(email);
        expect(Object.keys(first.json()).sort()).toEqual(["email", "token"]);
        const headers = bearer(first.json().token);
        expect((await t.app.inject({ url: "/api/admin/me", headers })).json()).toMatchObject({
          email,
          enrolmentRequired: true,
        });
        const subscribers = await t.app.inject({ url: "/api/subscribe", headers });
        expect(subscribers.statusCode).toBe(403);
        expect(subscribers.json()).toEqual({
          message: "Set up two-step verification to continue.",
          enrolmentRequired: true,
        });
        const { secret } = (await post("/api/admin/account/second-factor/totp", {}, headers)).json();
        await post("/api/admin/account/second-factor/totp/confirm", { code: totpCode(secret, now) }, headers);
        expect((await t.app.inject({ url: "/api/admin/me", headers })).json()).not.toHaveProperty("enrolmentRequired");
        expect((await t.app.inject({ url: "/api/subscribe", headers })).statusCode).toBe(200);
        // Its only factor cannot be removed while one is required.
        later(30_000);
        const removed = await post("/api/admin/account/second-factor/totp/disable", { password: PASSWORD }, headers);
        expect(removed.statusCode).toBe(409);
      } finally {
        await t.app.inject({
          method: "PUT",
          url: "/api/admin/settings/second-factor",
          headers: admin,
          payload: { requireSecondFactor: false },
        });
      }
    });
  });
});
