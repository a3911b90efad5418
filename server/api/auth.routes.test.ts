import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "../../core/auth/password.ts";
import { type DatabaseHandle, openDatabase } from "../../db/database.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";
import { buildApp } from "../app.ts";

// Calls through to argon2; the spy lets a test see which hash each login verified against.
vi.mock("../../core/auth/password.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../core/auth/password.ts")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

const ARGON2ID_HASH = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;
const TOO_MANY = /^Too many failed login attempts\. Please wait \d+ seconds and try again\.$/;

describe.each(DIALECTS)("admin auth API on %s", (dialect) => {
  let t: TestApp;
  let now = new Date("2026-11-21T10:00:00Z");
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let ipCounter = 0;
  /** A fresh address, so each test starts with a source of its own. */
  const freshIp = () => `10.${100 + Math.floor(++ipCounter / 250)}.${ipCounter % 250}.1`;
  const login = (
    payload: unknown,
    ip = "10.0.0.1",
    headers: Record<string, string> = {},
    app: FastifyInstance = t.app,
  ) => app.inject({ method: "POST", url: "/api/admin/login", payload: payload as object, remoteAddress: ip, headers });
  const wrong = (email = TEST_ADMIN.email) => ({ email, password: "not the password at all" });
  /** The recognised-device cookie a successful login sets, ready to send back. */
  const deviceCookieOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers["set-cookie"]).split(";")[0] as string;

  beforeAll(async () => {
    // Staff sessions end after 30 minutes unused, as outside tests.
    t = await createTestApp(dialect, { clock: () => now, config: { staffSessionIdleMinutes: 30 } });
    await t.services.auth.createAdmin(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(() => t.close());

  it("logs in with the right password and returns exactly a token and the e-mail", async () => {
    const response = await login(TEST_ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["email", "token"]);
    expect(body.email).toBe(TEST_ADMIN.email);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const me = await t.app.inject({ url: "/api/admin/me", headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json()).toEqual({ email: TEST_ADMIN.email, name: "", role: "administrator" });
  });

  it("marks the browser as a recognised device with a cookie only the login route receives", async () => {
    const cookie = String((await login(TEST_ADMIN)).headers["set-cookie"]);
    expect(cookie).toMatch(/^hbb_device=\d+\.[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("Path=/api/admin/login");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain(`Max-Age=${180 * 24 * 60 * 60}`);
  });

  it("accepts the e-mail in any case and with spaces around it", async () => {
    const response = await login({ email: `  ${TEST_ADMIN.email.toUpperCase()} `, password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it("requires both fields with the spec's message", async () => {
    const response = await login({ email: TEST_ADMIN.email }, freshIp());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Both email and password are required.");
  });

  it("answers a wrong password and an unknown e-mail alike, both verified with a full argon2id hash", async () => {
    const verify = vi.mocked(verifyPassword);
    verify.mockClear();
    const wrongPassword = await login(wrong(), freshIp());
    const unknownAccount = await login(
      { email: "nobody@hopebehindbars.test", password: "whatever-password" },
      freshIp(),
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownAccount.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: "Invalid credentials" });
    expect(unknownAccount.json()).toEqual(wrongPassword.json());
    // Same work on both paths: one argon2id verification with the same cost parameters each, so
    // the answer's timing does not tell whether the account exists.
    expect(verify).toHaveBeenCalledTimes(2);
    const [[adminHash, typedForAdmin], [dummyHash, typedForNobody]] = verify.mock.calls as [
      [string, string],
      [string, string],
    ];
    expect(adminHash).toMatch(ARGON2ID_HASH);
    expect(dummyHash).toMatch(ARGON2ID_HASH);
    expect(dummyHash).not.toBe(adminHash);
    expect([typedForAdmin, typedForNobody]).toEqual(["not the password at all", "whatever-password"]);
  });

  it("throttles a source after five failures with a clear 429, and lets it try again later", async () => {
    const ip = "10.9.9.9";
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: `user${i}@x.test`, password: "wrong-password" }, ip)).statusCode).toBe(401);
    }
    const blocked = await login(TEST_ADMIN, ip);
    expect(blocked.statusCode).toBe(429);
    // X-Forwarded-For is trusted only from configured proxies: a spoofed header changes nothing.
    const spoofed = await login(TEST_ADMIN, ip, { "x-forwarded-for": "203.0.113.7" });
    expect(spoofed.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(TOO_MANY);
    expect(blocked.json().message).toBe("Too many failed login attempts. Please wait 30 seconds and try again.");
    expect(blocked.headers["retry-after"]).toBe("30");
    later(31_000);
    expect((await login(TEST_ADMIN, ip)).statusCode).toBe(200);
  });

  it("treats the addresses of one IPv6 /64 as one source", async () => {
    for (let i = 1; i <= 5; i++) expect((await login(wrong(), `2001:db8:5:7::${i}`)).statusCode).toBe(401);
    expect((await login(TEST_ADMIN, "2001:db8:5:7:ffff::1")).statusCode).toBe(429);
    expect((await login(TEST_ADMIN, "2001:db8:5:8::1")).statusCode).toBe(200);
  });

  it("lets the owner in from their own address while an attacker elsewhere is throttled", async () => {
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(wrong(), attacker)).statusCode).toBe(401);
    expect((await login(wrong(), attacker)).statusCode).toBe(429);
    expect((await login(TEST_ADMIN, freshIp())).statusCode).toBe(200);
  });

  it("rate limits malformed login bodies too, unreadable ones included", async () => {
    const ip = freshIp();
    const malformed: { payload: unknown; headers: Record<string, string> }[] = [
      { payload: { email: TEST_ADMIN.email }, headers: {} },
      { payload: { email: 42, password: ["x"] }, headers: {} },
      { payload: "{ not json", headers: { "content-type": "application/json" } },
      { payload: "email=a&password=b", headers: { "content-type": "application/x-www-form-urlencoded" } },
      {
        payload: JSON.stringify({ email: "x".repeat(5000), password: "y" }),
        headers: { "content-type": "application/json" },
      },
    ];
    for (const { payload, headers } of malformed) {
      const response = await login(payload, ip, headers);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(429);
    }
    const refused = await login({ password: "x" }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_MANY);
    expect((await login(TEST_ADMIN, ip)).statusCode).toBe(429);
    const unreadable = await login("{ not json", ip, { "content-type": "application/json" });
    expect(unreadable.statusCode).toBe(429);
    expect(unreadable.json().message).toMatch(TOO_MANY);
  });

  it("counts guesses at one account however its e-mail is typed, up to a much higher account-wide ceiling", async () => {
    const target = { email: "target@hopebehindbars.test", password: "target-password-123" };
    await t.services.auth.createAdmin(target.email, target.password);
    const casings = (i: number) =>
      [...target.email].map((c, j) => ((i >> (j % 8)) & 1 ? c.toUpperCase() : c)).join("") + " ".repeat(i % 3);
    // 50 wrong guesses from 10 sources, each within its own 5, each typing the address differently.
    for (let i = 0; i < 50; i++) {
      const response = await login(wrong(casings(i)), `10.77.${Math.floor(i / 5)}.1`);
      expect(response.statusCode).toBe(401);
    }
    // A new source, a new device: the account itself now waits.
    const fromNewDevice = await login(target, freshIp());
    expect(fromNewDevice.statusCode).toBe(429);
    expect(fromNewDevice.json().message).toMatch(TOO_MANY);
    later(31_000);
    expect((await login(target, freshIp())).statusCode).toBe(200);
  });

  it("never locks the owner's recognised device out, while the account-wide ceiling holds for others", async () => {
    const owner = { email: "owner@hopebehindbars.test", password: "owner-password-123" };
    await t.services.auth.createAdmin(owner.email, owner.password);
    const ownerIp = freshIp();
    const device = deviceCookieOf(await login(owner, ownerIp));
    for (let i = 0; i < 50; i++) await login(wrong(owner.email), `10.78.${Math.floor(i / 5)}.1`);
    expect((await login(owner, freshIp())).statusCode).toBe(429);
    // Still under attack (one more wrong guess a minute), the owner's own browser logs in at once.
    later(60_000);
    expect((await login(wrong(owner.email), "10.78.200.1")).statusCode).toBe(401);
    const recognised = await login(owner, ownerIp, { cookie: device });
    expect(recognised.statusCode).toBe(200);
  });

  it.each([40, 200])(
    "checks at most 5 of %i wrong passwords sent from one source at the same moment",
    async (count) => {
      const ip = freshIp();
      const responses = await Promise.all(Array.from({ length: count }, () => login(wrong(), ip)));
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(count - 5);
    },
  );

  it("checks at most 50 of 200 wrong passwords sent at once from 200 sources to one account", async () => {
    const account = { email: "crowd@hopebehindbars.test", password: "crowd-password-123" };
    await t.services.auth.createAdmin(account.email, account.password);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(wrong(account.email), `10.80.${Math.floor(i / 200)}.${i}`)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150);
  });

  it("expires tokens after 8 hours, however busy the session", async () => {
    const token = (await login(TEST_ADMIN)).json().token;
    const me = () => t.app.inject({ url: "/api/admin/me", headers: { authorization: `Bearer ${token}` } });
    const signedInAt = now.getTime();
    // In use every 20 minutes, so never idle for long.
    while (now.getTime() + 20 * 60_000 < signedInAt + 8 * 60 * 60_000) {
      later(20 * 60_000);
      expect((await me()).statusCode).toBe(200);
    }
    later(signedInAt + 8 * 60 * 60_000 - 1000 - now.getTime());
    expect((await me()).statusCode).toBe(200);
    later(2000);
    expect((await me()).statusCode).toBe(401);
  });

  it("ends a session left unused for 30 minutes", async () => {
    const token = (await login(TEST_ADMIN)).json().token;
    const me = () => t.app.inject({ url: "/api/admin/me", headers: { authorization: `Bearer ${token}` } });
    later(29 * 60_000);
    expect((await me()).statusCode).toBe(200);
    later(29 * 60_000);
    expect((await me()).statusCode).toBe(200);
    later(31 * 60_000);
    const ended = await me();
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ message: "Authentication required." });
  });

  it("revokes the token on logout", async () => {
    const token = (await login(TEST_ADMIN)).json().token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: "POST", url: "/api/admin/logout", headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: "/api/admin/me", headers })).statusCode).toBe(401);
  });

  it("revokes every token when the password is reset", async () => {
    const token = (await login(TEST_ADMIN)).json().token;
    await t.services.auth.resetPassword(TEST_ADMIN.email, "a brand new password 42");
    const me = await t.app.inject({ url: "/api/admin/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(401);
    await t.services.auth.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password);
  });

  it("stores no plain token and only argon2id hashes", async () => {
    const token = (await login(TEST_ADMIN)).json().token;
    const sessions = await t.database.db.selectFrom("admin_sessions").select("token_hash").execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
    const admin = await t.database.db
      .selectFrom("admin_users")
      .select("password_hash")
      .where("email", "=", TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(ARGON2ID_HASH);
  });

  it("refuses passwords shorter than 12 characters", async () => {
    await expect(t.services.auth.createAdmin("short@x.test", "short")).rejects.toThrow(/at least 12/);
  });
});

describe.runIf(DIALECTS.includes("postgres"))("admin login throttle across two instances on PostgreSQL", () => {
  let t: TestApp;
  let second: { app: FastifyInstance; database: DatabaseHandle };
  beforeAll(async () => {
    t = await createTestApp("postgres");
    await t.services.auth.createAdmin(TEST_ADMIN.email, TEST_ADMIN.password);
    // A second instance: its own pool and services on the same database.
    const database = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: t.database.schema });
    second = { app: await buildApp({ config: t.config, database, logger: false }), database };
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it("checks at most 5 of 40 wrong passwords from one source spread over both instances at once", async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? second.app : t.app).inject({
          method: "POST",
          url: "/api/admin/login",
          payload: { email: TEST_ADMIN.email, password: "not the password at all" },
          remoteAddress: "10.60.0.1",
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });
});
