import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";
import { recurringKey } from "../jobs/jobs.service.ts";
import { AUTH_HOUSEKEEPING_EVERY_MS, AUTH_HOUSEKEEPING_JOB } from "./auth-housekeeping.ts";
import { MEMORY_MS } from "./login-throttle.ts";
import { RESET_LINK_LIFETIME_MS } from "./password-reset.service.ts";
import { SESSION_LIFETIME_MS } from "./session-life.ts";

describe.each(DIALECTS)("sign-in housekeeping on %s", (dialect) => {
  let t: TestApp;
  let now = new Date("2026-11-22T09:00:00Z");
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: () => now,
      config: {
        mail: { smtp: "smtp://127.0.0.1:9", from: "Website <website@hopebehindbars.test>" },
        staffSessionIdleMinutes: 30,
      },
    });
  });
  afterAll(() => t.close());

  const count = async (table: "admin_sessions" | "single_use_links" | "login_throttle") =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Runs what is due, as the worker would; the housekeeping job must have run cleanly now. */
  const runHousekeeping = async () => {
    await t.services.jobs.scheduleRecurring();
    await t.services.jobs.runDue();
    expect(await t.services.jobs.state({ key: recurringKey(AUTH_HOUSEKEEPING_JOB) })).toMatchObject({
      status: "queued",
      lastError: null,
      runAt: new Date(now.getTime() + AUTH_HOUSEKEEPING_EVERY_MS).toISOString(),
    });
  };

  it("deletes expired sessions, reset links past their hour and login counters gone quiet", async () => {
    const token = await t.adminToken();
    /** Time passes while the session is in use, never idle for 30 minutes. */
    const laterInUse = async (ms: number) => {
      for (let left = ms; left > 0; left -= 20 * 60_000) {
        later(Math.min(left, 20 * 60_000));
        expect(await t.services.auth.authenticate(token)).toBeDefined();
      }
    };
    const ask = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/password-reset",
        payload: { email: TEST_ADMIN.email },
        remoteAddress: ip,
      });
    await ask("10.0.0.1");
    await t.services.jobs.runDue(1); // the request job makes the link (its e-mail cannot be delivered here)
    await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email: TEST_ADMIN.email, password: "a wrong guess at it" },
      remoteAddress: "10.0.0.2",
    });
    const sessionsBefore = await count("admin_sessions");
    expect(sessionsBefore).toBe(1);
    expect(await count("single_use_links")).toBe(1);
    expect(await count("login_throttle")).toBeGreaterThan(0);

    // Nothing is due yet.
    await laterInUse(RESET_LINK_LIFETIME_MS - 1);
    await runHousekeeping();
    expect(await count("single_use_links")).toBe(1);
    expect(await count("admin_sessions")).toBe(1);

    await laterInUse(1);
    await runHousekeeping();
    expect(await count("single_use_links")).toBe(0);
    expect(await count("login_throttle")).toBe(0); // quiet for an hour, more than MEMORY_MS
    expect(await count("admin_sessions")).toBe(1);

    later(SESSION_LIFETIME_MS);
    const fresh = await t.adminToken(); // a live session stays
    await runHousekeeping();
    expect(await count("admin_sessions")).toBe(1);
    expect((await t.services.auth.authenticate(fresh))?.email).toBe(TEST_ADMIN.email);
  });

  it("deletes a session left unused for 30 minutes", async () => {
    await t.database.db.deleteFrom("admin_sessions").execute();
    await t.adminToken();
    later(30 * 60_000 - 1);
    await runHousekeeping();
    expect(await count("admin_sessions")).toBe(1);
    later(1);
    await runHousekeeping();
    expect(await count("admin_sessions")).toBe(0);
  });

  it("keeps a login counter that is still remembered", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email: TEST_ADMIN.email, password: "another wrong guess" },
      remoteAddress: "10.0.0.3",
    });
    later(MEMORY_MS - 1);
    await runHousekeeping();
    expect(await count("login_throttle")).toBeGreaterThan(0);
    later(AUTH_HOUSEKEEPING_EVERY_MS);
    await runHousekeeping();
    expect(await count("login_throttle")).toBe(0);
  });
});
