import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";

/**
 * `node scripts/upgrade-fixture.ts <commit> <name>`: the database an older release made, for
 * tests/upgrade.test.ts. Checks the commit out beside this one, and with ITS code migrates a fresh
 * SQLite database and a fresh PostgreSQL schema (TEST_DATABASE_URL), fills each with its demo
 * content, an admin and visitor submissions whose staff e-mails are still unsent, and writes
 * db/fixtures/upgrade/<name>.sqlite and <name>.pg.sql (the schema's name as __schema__).
 * Run it for each release whose databases later releases must keep upgrading.
 */
const root = path.resolve(import.meta.dirname, "..");
const [commit, name] = process.argv.slice(2);
const pgUrl = process.env.TEST_DATABASE_URL;
if (!commit || !name || !pgUrl) {
  process.stderr.write("Usage: TEST_DATABASE_URL=postgres://… node scripts/upgrade-fixture.ts <commit> <name>\n");
  process.exit(2);
}

/** Runs inside the old checkout, with that release's own modules. */
const GENERATOR = `
import { loadConfig } from "./config/env.ts";
import { migrateToLatest, openDatabase } from "./db/database.ts";
import { buildApp } from "./server/app.ts";
import { ensureAdmins, seedIfFresh } from "./server/startup.ts";

const dataDir = process.env.FIXTURE_DATA_DIR;
const config = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  SESSION_SECRET: "upgrade-fixture-secret-upgrade-fixture-secret",
  ADMIN_EMAIL: "admin@hopebehindbars.test",
  ADMIN_PASSWORD: "correct horse battery staple",
  SEED_DEMO: "true",
  STAFF_EMAIL: "office@hopebehindbars.test",
  SMTP_URL: "smtp://127.0.0.1:9",
});
const database = openDatabase(
  process.env.FIXTURE_SCHEMA
    ? { databaseUrl: process.env.FIXTURE_PG_URL, pgSchema: process.env.FIXTURE_SCHEMA }
    : { sqlitePath: dataDir + "/hope.sqlite" },
);
await migrateToLatest(database);
const app = await buildApp({ config, database, logger: false });
await app.ready();
await ensureAdmins(app.services, app.log);
await seedIfFresh(app.services, true, app.log);
for (const [url, payload] of [
  ["/api/subscribe", { email: "upgrade-friend@example.org" }],
  ["/api/messages", { name: "Upgrade Test", email: "upgrade@example.org", message: "Sent before the upgrade." }],
]) {
  const response = await app.inject({ method: "POST", url, payload });
  if (response.statusCode >= 300) throw new Error(url + ": " + response.statusCode + " " + response.body);
}
await app.close();
await database.close();
`;

const work = mkdtempSync(path.join(os.tmpdir(), "hbb-fixture-"));
const source = path.join(work, "source");
const out = path.join(root, "db/fixtures/upgrade");
const schema = `fixture_${process.pid}`;
const admin = new pg.Client({ connectionString: pgUrl });
try {
  execFileSync("git", ["worktree", "add", "--detach", source, commit], { cwd: root, stdio: "inherit" });
  symlinkSync(path.join(root, "node_modules"), path.join(source, "node_modules"));
  writeFileSync(path.join(source, "upgrade-fixture-generator.ts"), GENERATOR);
  mkdirSync(out, { recursive: true });
  const generate = (env: Record<string, string>) =>
    execFileSync(process.execPath, ["upgrade-fixture-generator.ts"], {
      cwd: source,
      env: { PATH: process.env.PATH, ...env },
      stdio: "inherit",
    });

  const sqliteDir = path.join(work, "sqlite");
  mkdirSync(sqliteDir);
  generate({ FIXTURE_DATA_DIR: sqliteDir });
  const sqliteFile = path.join(out, `${name}.sqlite`);
  rmSync(sqliteFile, { force: true });
  const sqlite = new SQLite(path.join(sqliteDir, "hope.sqlite"));
  sqlite.prepare("vacuum into ?").run(sqliteFile);
  sqlite.close();

  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const pgDir = path.join(work, "pg");
  mkdirSync(pgDir);
  generate({ FIXTURE_DATA_DIR: pgDir, FIXTURE_PG_URL: pgUrl, FIXTURE_SCHEMA: schema });
  const dump = execFileSync(
    "pg_dump",
    ["--schema", schema, "--no-owner", "--no-privileges", "--inserts", "--format=plain", pgUrl],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  // The test creates the schema itself and names it; the dump's session settings stay.
  const sql = dump
    .split("\n")
    .filter((line) => !/^CREATE SCHEMA /.test(line) && !/^\\/.test(line))
    .join("\n")
    .replaceAll(schema, "__schema__");
  writeFileSync(path.join(out, `${name}.pg.sql`), `-- made by scripts/upgrade-fixture.ts from ${commit}\n${sql}`);
  process.stdout.write(`wrote ${path.relative(root, out)}/${name}.sqlite and ${name}.pg.sql\n`);
} finally {
  await admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
  await admin.end().catch(() => {});
  execFileSync("git", ["worktree", "remove", "--force", source], { cwd: root, stdio: "inherit" });
  rmSync(work, { recursive: true, force: true });
}
