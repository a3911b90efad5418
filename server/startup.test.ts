import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../config/env.ts";
import { type DatabaseHandle, type Dialect, openDatabase } from "../db/database.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../tests/support/dialects.ts";
import { testConfig } from "../tests/support/test-app.ts";
import { createServices, type Services } from "./services.ts";
import { ensureAdmins, prepareDatabase } from "./startup.ts";

const EMAIL = "director@hopebehindbars.test";
const ENV_PASSWORD = "the password from the environment";
const CLI_PASSWORD = "a password set later with the CLI";

/** One start's log lines (message text only). */
function recordingLog() {
  const lines: string[] = [];
  const log = { info: (_fields: unknown, message: string) => lines.push(message) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** Another connection (another instance's pool) to the same database. */
function secondHandle(database: TestDatabase, dialect: Dialect): DatabaseHandle {
  return dialect === "sqlite"
    ? openDatabase({ sqlitePath: path.join(database.dir, "test.sqlite") })
    : openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: database.schema });
}

describe.each(DIALECTS)("starting with ADMIN_EMAIL and ADMIN_PASSWORD on %s", (dialect) => {
  let database: TestDatabase;
  const extraHandles: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const handle of extraHandles.splice(0)) await handle.close();
    await database?.destroy();
  });

  const instance = (handle: DatabaseHandle, overrides: Partial<Config> = {}): Services =>
    createServices({
      config: testConfig(database.dir, { bootstrapAdmin: { email: EMAIL, password: ENV_PASSWORD }, ...overrides }),
      database: handle,
    });
  /** A (re)start's admin step, with the env password given; returns what it logged. */
  const start = async (password = ENV_PASSWORD, handle: DatabaseHandle = database) => {
    const { log, lines } = recordingLog();
    await ensureAdmins(instance(handle, { bootstrapAdmin: { email: EMAIL, password } }), log);
    return lines;
  };
  const login = async (password: string) => {
    try {
      const result = await instance(database).auth.login({ email: EMAIL, password }, { clientIp: "127.0.0.1" });
      return "token" in result ? result.token : undefined;
    } catch {
      return undefined;
    }
  };
  const isLoggedIn = async (token: string | undefined) => Boolean(await instance(database).auth.authenticate(token));

  it("creates the admin on the first start, storing only argon2id hashes", async () => {
    database = await createTestDatabase(dialect);
    expect(await start()).toEqual(["admin from ADMIN_EMAIL created with ADMIN_PASSWORD"]);
    expect(await login(ENV_PASSWORD)).toBeDefined();
    const row = await database.db.selectFrom("admin_users").selectAll().executeTakeFirstOrThrow();
    expect(row.env_password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(ENV_PASSWORD);
  });

  it("keeps the admin's sessions across restarts with the same password, and says so", async () => {
    database = await createTestDatabase(dialect);
    await start();
    const token = await login(ENV_PASSWORD);
    expect(await start()).toEqual([
      "ADMIN_PASSWORD is the one last applied: the admin's current password and sessions are kept (a password changed with the CLI since stays)",
    ]);
    expect(await start()).toHaveLength(1);
    expect(await isLoggedIn(token)).toBe(true);
  });

  it("keeps a password changed with the CLI when restarted with the old ADMIN_PASSWORD", async () => {
    database = await createTestDatabase(dialect);
    await start();
    await instance(database).auth.resetPassword(EMAIL, CLI_PASSWORD);
    const token = await login(CLI_PASSWORD);
    await start(ENV_PASSWORD);
    expect(await login(CLI_PASSWORD)).toBeDefined();
    expect(await login(ENV_PASSWORD)).toBeUndefined();
    expect(await isLoggedIn(token)).toBe(true);
  });

  it("applies a changed ADMIN_PASSWORD once, ending that admin's sessions, and says so", async () => {
    database = await createTestDatabase(dialect);
    await start();
    const before = await login(ENV_PASSWORD);
    const newPassword = "a new password from the environment";
    expect(await start(newPassword)).toEqual([
      "ADMIN_PASSWORD changed since it was last applied: password updated, that admin's sessions ended",
    ]);
    expect(await isLoggedIn(before)).toBe(false);
    expect(await login(ENV_PASSWORD)).toBeUndefined();
    const after = await login(newPassword);
    await start(newPassword);
    expect(await isLoggedIn(after)).toBe(true);
  });

  it("adopts an admin whose password already is ADMIN_PASSWORD without ending sessions", async () => {
    database = await createTestDatabase(dialect);
    // As before env passwords were recorded: an admin made with the same password, logged in.
    await instance(database).auth.createAdmin(EMAIL, ENV_PASSWORD);
    const token = await login(ENV_PASSWORD);
    expect(await start()).toEqual(["ADMIN_PASSWORD is already that admin's password: nothing changed, sessions kept"]);
    expect(await isLoggedIn(token)).toBe(true);
    expect(await start()).toHaveLength(1);
    expect(await isLoggedIn(token)).toBe(true);
  });

  it("starts two instances at once on a fresh database: both come up, with one admin", async () => {
    database = await createTestDatabase(dialect, { migrate: dialect === "sqlite" });
    const other = secondHandle(database, dialect);
    extraHandles.push(other);
    // SQLite serves one instance (its migrations are not built to race); PostgreSQL races them too.
    const bootOn = async (handle: DatabaseHandle) => {
      if (dialect === "postgres") await prepareDatabase(handle);
      return start(ENV_PASSWORD, handle);
    };
    const logs = await Promise.all([bootOn(database), bootOn(other)]);
    expect(logs.flat().sort()).toEqual([
      "ADMIN_PASSWORD is the one last applied: the admin's current password and sessions are kept (a password changed with the CLI since stays)",
      "admin from ADMIN_EMAIL created with ADMIN_PASSWORD",
    ]);
    const admins = await database.db.selectFrom("admin_users").select("email").execute();
    expect(admins).toEqual([{ email: EMAIL }]);
    expect(await login(ENV_PASSWORD)).toBeDefined();
  });

  it("starts two local try-outs at once: one demo admin, no crash", async () => {
    database = await createTestDatabase(dialect);
    const other = secondHandle(database, dialect);
    extraHandles.push(other);
    const local = (handle: DatabaseHandle) =>
      createServices({
        config: testConfig(database.dir, { bootstrapAdmin: undefined, isLocalSite: true }),
        database: handle,
      });
    const quiet = recordingLog().log;
    await Promise.all([ensureAdmins(local(database), quiet), ensureAdmins(local(other), quiet)]);
    const admins = await database.db.selectFrom("admin_users").select("email").execute();
    expect(admins).toEqual([{ email: "admin@localhost.test" }]);
  });
});
