import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
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
    const handle = openDatabase({ sqlitePath: path.join(dir, "test.sqlite") });
    if (migrate) await migrateToLatest(handle);
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
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  // Named after the schema, so a test that ends connections ends only its own (the server is shared).
  const handle = openDatabase({ databaseUrl: url, pgSchema: schema, applicationName: schema });
  if (migrate) await migrateToLatest(handle);
  return {
    ...handle,
    dir,
    async destroy() {
      await handle.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
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
