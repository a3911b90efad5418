import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_LIFETIME_MS } from "../../core/auth/auth.service.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";

describe.each(DIALECTS)("admin auth API on %s", (dialect) => {
  let t: TestApp;
  let now = new Date("2026-11-21T10:00:00Z");
  const login = (payload: unknown, ip = "10.0.0.1") =>
    t.app.inject({ method: "POST", url: "/api/admin/login", payload: payload as object, remoteAddress: ip });

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => now });
    await t.services.auth.createAdmin(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(() => t.close());

  it("logs in with the right password and returns a token and the e-mail", async () => {
    const response = await login(TEST_ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.email).toBe(TEST_ADMIN.email);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const me = await t.app.inject({ url: "/api/admin/me", headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json()).toEqual({ email: TEST_ADMIN.email });
  });

  it("accepts the e-mail in any case and with spaces around it", async () => {
    const response = await login({ email: `  ${TEST_ADMIN.email.toUpperCase()} `, password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it("requires both fields with the spec's message", async () => {
    const response = await login({ email: TEST_ADMIN.email });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Both email and password are required.");
  });

  it("answers a wrong password and an unknown e-mail alike, with similar cost", async () => {
    const wrong = await login({ email: TEST_ADMIN.email, password: "not the password at all" }, "10.0.0.2");
    const unknown = await login({ email: "nobody@hopebehindbars.test", password: "whatever-password" }, "10.0.0.3");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Invalid credentials" });
    expect(unknown.json()).toEqual(wrong.json());

    // Both paths verify an argon2 hash; without the dummy hash an unknown e-mail would answer ~50x faster.
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      await login({ email, password: "wrong-password-123" }, ip);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[1] as number;
    const known = median([
      await time(TEST_ADMIN.email, "10.1.0.1"),
      await time(TEST_ADMIN.email, "10.1.0.2"),
      await time(TEST_ADMIN.email, "10.1.0.3"),
    ]);
    const missing = median([
      await time("ghost@x.test", "10.2.0.1"),
      await time("ghost@x.test", "10.2.0.2"),
      await time("ghost@x.test", "10.2.0.3"),
    ]);
    expect(missing).toBeGreaterThan(known * 0.3);
    await t.services.auth.resetPassword(TEST_ADMIN.email, TEST_ADMIN.password); // clears the account counter
  });

  it("throttles an IP after five failures with a clear 429, and lets it try again later", async () => {
    const ip = "10.9.9.9";
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: `user${i}@x.test`, password: "wrong-password" }, ip)).statusCode).toBe(401);
    }
    const blocked = await login(TEST_ADMIN, ip);
    expect(blocked.statusCode).toBe(429);
    // X-Forwarded-For is trusted only from configured proxies: a spoofed header changes nothing.
    const spoofed = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: TEST_ADMIN,
      remoteAddress: ip,
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(spoofed.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed login attempts\. Please wait \d+ seconds/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    now = new Date(now.getTime() + 31_000);
    expect((await login(TEST_ADMIN, ip)).statusCode).toBe(200);
  });

  it("throttles an account attacked from many IPs, without locking it out for good", async () => {
    const target = { email: "target@hopebehindbars.test", password: "target-password-123" };
    await t.services.auth.createAdmin(target.email, target.password);
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: target.email, password: "guess" }, `10.3.0.${i}`)).statusCode).toBe(401);
    }
    expect((await login(target, "10.3.1.1")).statusCode).toBe(429);
    now = new Date(now.getTime() + 31_000);
    expect((await login(target, "10.3.1.1")).statusCode).toBe(200);
  });

  it("expires tokens after 8 hours", async () => {
    const token = (await login(TEST_ADMIN)).json().token;
    const me = () => t.app.inject({ url: "/api/admin/me", headers: { authorization: `Bearer ${token}` } });
    now = new Date(now.getTime() + SESSION_LIFETIME_MS - 1000);
    expect((await me()).statusCode).toBe(200);
    now = new Date(now.getTime() + 2000);
    expect((await me()).statusCode).toBe(401);
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
    const admin = await t.database.db.selectFrom("admin_users").select("password_hash").executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses passwords shorter than 12 characters", async () => {
    await expect(t.services.auth.createAdmin("short@x.test", "short")).rejects.toThrow(/at least 12/);
  });
});
