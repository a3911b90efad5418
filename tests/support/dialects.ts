import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, type Dialect, migrateToLatest, openDatabase } from "../../db/database.ts";

/** Every database test runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DIALECTS: Dialect[] = ["sqlite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])];

export interface TestDatabase extends DatabaseHandle {
  /** Temp folder for this database's files (SQLite file, uploads). */
  dir: string;
  /** Drops the database (PostgreSQL schema or SQLite file). */
  destroy(): Promise<void>;
}

/** A fresh, empty, migrated database of its own for one test file. */
export async function createTestDatabase(dialect: Dialect, { migrate = true } = {}): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hbb-test-"));
  if (dialect === "sqlite") {
    const sqlitePath = path.join(dir, "test.sqlite");
    if (migrate) copyFileSync(await migratedSqliteTemplate(), sqlitePath);
    const handle = openDatabase({ sqlitePath });
    return {
      ...handle,
      dir,
      async destroy() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const template = migrate ? await postgresTemplate(url) : undefined;
  await onPostgres(url, (client) =>
    client.query(template ? template.replaceAll(SCHEMA_PLACEHOLDER, schema) : `create schema ${schema}`),
  );
  // Named after the schema, so a test that ends connections ends only its own (the server is shared).
  const handle = openDatabase({ databaseUrl: url, pgSchema: schema, applicationName: schema });
  return {
    ...handle,
    dir,
    async destroy() {
      await handle.close();
      await onPostgres(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Another connection (pool) to the same test database, as another instance of the site would have;
 * on PostgreSQL its connections carry their own `application_name`. Destroying it only closes it.
 */
export function connectAgain(database: TestDatabase, applicationName: string): TestDatabase {
  const handle =
    database.dialect === "sqlite"
      ? openDatabase({ sqlitePath: path.join(database.dir, "test.sqlite") })
      : openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: database.schema, applicationName });
  return { ...handle, dir: database.dir, destroy: () => handle.close() };
}

/*
 * Templates. The unit suite creates hundreds of databases, and running every migration on each cost
 * ~2 s apiece (more than half the suite's time). So the migrations run once per set of migration
 * files, into a template kept in the temp folder under the files' hash, and each database is a copy:
 * a file copy on SQLite, pg_dump's output of a migrated schema replayed under a new name on
 * PostgreSQL (one round trip). A changed migration file changes the hash, so a stale template is
 * never used. The migrations themselves stay tested: db/database.test.ts runs them from empty.
 */
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../db/migrations");
const TEMPLATES_DIR = path.join(os.tmpdir(), "hbb-test-templates");
const SCHEMA_PLACEHOLDER = "__hbb_template_schema__";

function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Writes `build`'s result to `file` once: concurrent runs each write a temp file and rename it in. */
async function templateFile(file: string, build: (temp: string) => Promise<void>): Promise<string> {
  if (existsSync(file)) return file;
  mkdirSync(TEMPLATES_DIR, { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    await build(temp);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  return file;
}

export async function migratedSqliteTemplate(): Promise<string> {
  return templateFile(path.join(TEMPLATES_DIR, `${migrationsHash()}.sqlite`), async (temp) => {
    const handle = openDatabase({ sqlitePath: temp });
    await migrateToLatest(handle);
    // Closing checkpoints the write-ahead log into the file, so the file alone is the database.
    await handle.close();
    rmSync(`${temp}-wal`, { force: true });
    rmSync(`${temp}-shm`, { force: true });
  });
}

let postgresTemplateText: string | undefined;

async function postgresTemplate(url: string): Promise<string> {
  if (postgresTemplateText) return postgresTemplateText;
  const file = await templateFile(path.join(TEMPLATES_DIR, `${migrationsHash()}.pg.sql`), async (temp) => {
    const schema = `template_${randomBytes(6).toString("hex")}`;
    await onPostgres(url, (client) => client.query(`create schema ${schema}`));
    try {
      const handle = openDatabase({ databaseUrl: url, pgSchema: schema, applicationName: schema });
      await migrateToLatest(handle);
      await handle.close();
      const dump = execFileSync("pg_dump", ["--no-owner", "--no-privileges", "--inserts", "--schema", schema, url], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      // psql's own commands (`\restrict`) are not SQL; the session settings stay with the one client.
      const sql = dump
        .split("\n")
        .filter((line) => !line.startsWith("\\"))
        .join("\n")
        .replaceAll(schema, SCHEMA_PLACEHOLDER);
      writeFileSync(temp, sql);
    } finally {
      await onPostgres(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
    }
  });
  postgresTemplateText = readFileSync(file, "utf8");
  return postgresTemplateText;
}

async function onPostgres(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Test schemas need no crash durability: skipping the flush makes creating and dropping them cheaper.
    await client.query("set synchronous_commit = off");
    await work(client);
  } finally {
    await client.end();
  }
}
