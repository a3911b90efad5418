import type { FastifyInstance } from "fastify";
import { type Config, loadConfig } from "../../config/env.ts";
import type { StaffRole } from "../../core/access/roles.ts";
import type { Clock } from "../../core/shared/clock.ts";
import type { Dialect } from "../../db/database.ts";
import { buildApp } from "../../server/app.ts";
import type { Services } from "../../server/services.ts";
import { createTestDatabase, type TestDatabase } from "./dialects.ts";

export const TEST_ADMIN = { email: "staff@hopebehindbars.test", password: "correct horse battery staple" };

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SESSION_SECRET: "test-secret-test-secret-test-secret-1234",
      // nice 10 in test runs (vitest.config.ts, docs/decisions/0525).
      VARIANT_ENCODER_PRIORITY: process.env.VARIANT_ENCODER_PRIORITY,
    }),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  config: Config;
  /** Creates the test admin (once) and returns a fresh bearer token. */
  adminToken(): Promise<string>;
  /** `authorization` header for admin requests. */
  adminHeaders(): Promise<{ authorization: string }>;
  /** `authorization` header of a staff member with `role` (created once as `<role>@hopebehindbars.test`). */
  staffHeaders(role: StaffRole): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/**
 * The real API on a fresh database of the given dialect, for `app.inject()` tests; or on `database`
 * (e.g. a second instance on another's schema, see `connectAgain`).
 */
export async function createTestApp(
  dialect: Dialect,
  options: {
    config?: Partial<Config>;
    clock?: Clock;
    beforeReady?: (app: FastifyInstance) => void;
    database?: TestDatabase;
    /** A built site's client files, answered from memory once asked for (server/plugins/built-files.ts). */
    clientBuildDirectory?: string;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(dialect));
  const config = testConfig(database.dir, options.config);
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    logger: false,
    clientBuildDirectory: options.clientBuildDirectory,
  });
  options.beforeReady?.(app);
  await app.ready();
  let adminCreated = false;
  const login = async (credentials: { email: string; password: string }) => {
    const response = await app.inject({ method: "POST", url: "/api/admin/login", payload: credentials });
    if (response.statusCode !== 200) throw new Error(`test login failed: ${response.body}`);
    return response.json<{ token: string }>().token;
  };
  const adminToken = async () => {
    if (!adminCreated) {
      await app.services.auth.createAdmin(TEST_ADMIN.email, TEST_ADMIN.password);
      adminCreated = true;
    }
    return login(TEST_ADMIN);
  };
  const staffCreated = new Set<StaffRole>();
  const staffHeaders = async (role: StaffRole) => {
    const credentials = { email: `${role}@hopebehindbars.test`, password: TEST_ADMIN.password };
    if (!staffCreated.has(role)) {
      await app.services.auth.createAdmin(credentials.email, credentials.password, role);
      staffCreated.add(role);
    }
    return { authorization: `Bearer ${await login(credentials)}` };
  };
  return {
    app,
    services: app.services,
    database,
    config,
    adminToken,
    adminHeaders: async () => ({ authorization: `Bearer ${await adminToken()}` }),
    staffHeaders,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
