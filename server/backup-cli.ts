import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { ConfigError, loadConfig } from "../config/env.ts";

/**
 * `npm run backup [-- <file>]`: a consistent copy of the SQLite database made with SQLite's online
 * backup API, safe while the site is running (a plain file copy of a live WAL database is not).
 * Uploads are immutable files: copy `DATA_DIR/uploads` with any file tool.
 * With DATABASE_URL (PostgreSQL) use `pg_dump` instead.
 */
async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write("DATABASE_URL is PostgreSQL: back it up with pg_dump.\n");
    return 1;
  }
  const source = path.join(config.dataDir, "hope.sqlite");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const target = path.resolve(argv[0] ?? path.join(config.dataDir, "backups", `hope-${stamp}.sqlite`));
  mkdirSync(path.dirname(target), { recursive: true });
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await database.backup(target);
  } finally {
    database.close();
  }
  process.stdout.write(`Backed up ${source} to ${target}\n`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError) && !(error instanceof SQLite.SqliteError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}
