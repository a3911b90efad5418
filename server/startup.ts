import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config/env.ts";
import type { EnvAdminOutcome } from "../core/auth/auth.service.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database.ts";
import { INITIAL_MIGRATION } from "../db/migrations/index.ts";
import { seedDemoContent } from "../db/seed/index.ts";
import type { Services } from "./services.ts";

/** A local run without SESSION_SECRET gets a random one, kept in the data folder across restarts. */
export function resolveSessionSecret(config: Config): Config {
  if (config.sessionSecret) return config;
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, "session-secret");
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return { ...config, sessionSecret: readFileSync(file, "utf8").trim() };
}

export function openConfiguredDatabase(config: Config): DatabaseHandle {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, "hope.sqlite"),
    checkpointInWorker: true,
  });
}

/** Migrates; returns whether this start created the database (a fresh data dir). */
export async function prepareDatabase(database: DatabaseHandle): Promise<{ fresh: boolean }> {
  const applied = await migrateToLatest(database);
  return { fresh: applied.includes(INITIAL_MIGRATION) };
}

const ENV_ADMIN_LOG: Record<EnvAdminOutcome, string> = {
  created: "admin from ADMIN_EMAIL created with ADMIN_PASSWORD",
  unchanged:
    "ADMIN_PASSWORD is the one last applied: the admin's current password and sessions are kept (a password changed with the CLI since stays)",
  recorded: "ADMIN_PASSWORD is already that admin's password: nothing changed, sessions kept",
  updated: "ADMIN_PASSWORD changed since it was last applied: password updated, that admin's sessions ended",
};

export async function ensureAdmins(services: Services, log: FastifyBaseLogger): Promise<void> {
  const { config, auth } = services;
  if (config.bootstrapAdmin) {
    const outcome = await auth.ensureEnvAdmin(config.bootstrapAdmin.email, config.bootstrapAdmin.password);
    log.info({ email: config.bootstrapAdmin.email, outcome }, ENV_ADMIN_LOG[outcome]);
    return;
  }
  if (!config.isLocalSite || (await auth.countAdmins()) > 0) return;
  // A local try-out: make a demo admin and show its password once. Never on a public site URL.
  const email = "admin@localhost.test";
  const password = randomBytes(12).toString("base64url");
  // Another instance starting beside this one may have made it first: then it showed the password.
  if (!(await auth.createAdminIfAbsent(email, password))) return;
  process.stdout.write(
    `\n  Local demo admin created (shown once):\n    e-mail:   ${email}\n    password: ${password}\n  Change it with: npm run admin -- reset-password ${email}\n\n`,
  );
}

export async function seedIfFresh(services: Services, fresh: boolean, log: FastifyBaseLogger): Promise<void> {
  if (!fresh || !services.config.seedDemo) return;
  log.info("seeding demo content");
  await seedDemoContent(services);
  log.info("demo content seeded");
}
