/**
 * Databases a bench makes for itself and removes afterwards, so a run never touches another's data:
 * a fresh SQLite file in a temporary folder, or a fresh database on the PostgreSQL server named by
 * BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";

/** The PostgreSQL server benches may create their databases on, if one is named. */
export const benchPostgresServer = (): string | undefined =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function onServer(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

/** A new, empty PostgreSQL database `<prefix>_<random>` on the server; `drop` removes it. */
export async function scratchPostgres(
  serverUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => onServer(serverUrl, `drop database if exists ${name}`) };
}

export interface ScratchDatabase {
  /** What a server process needs to use it (DATA_DIR for SQLite, DATABASE_URL for PostgreSQL). */
  env: Record<string, string>;
  /** An in-process handle on it. */
  open(options?: { queryTimeoutMs?: number }): DatabaseHandle;
  drop(): Promise<void>;
}

/** A bench's own empty database, SQLite unless `postgres` (then it needs a server named in the environment). */
export async function scratchDatabase(prefix: string, { postgres }: { postgres: boolean }): Promise<ScratchDatabase> {
  if (!postgres) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll("_", "-")}-`));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ sqlitePath: path.join(dataDir, "hope.sqlite") }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const server = benchPostgresServer();
  if (!server) throw new Error("--postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL");
  const database = await scratchPostgres(server, prefix);
  return {
    env: { DATABASE_URL: database.url },
    open: (options) => openDatabase({ databaseUrl: database.url, ...options }),
    drop: database.drop,
  };
}
