import { ConfigError, loadConfig } from "../config/env.ts";
import { migrateToLatest, migrationStatus } from "../db/database.ts";
import { openConfiguredDatabase } from "./startup.ts";

/**
 * `npm run migrate [-- --status]`: applies this release's pending migrations to the configured
 * database (DATA_DIR's SQLite file or DATABASE_URL) and exits, as every start does before it
 * listens; an upgrade runs it alone first to see them succeed before the site starts
 * (docs/upgrade.md). `--status` lists each migration as applied (with when) or pending, changing nothing.
 */
async function main(argv: string[]): Promise<number> {
  if (argv.length > 1 || (argv[0] !== undefined && argv[0] !== "--status")) {
    process.stderr.write("Usage: npm run migrate [-- --status]\n");
    return 2;
  }
  const database = openConfiguredDatabase(loadConfig());
  try {
    if (argv[0] === "--status") {
      const lines = (await migrationStatus(database)).map(
        ({ name, executedAt }) => `${executedAt ? `applied ${executedAt.toISOString()}` : "pending"}  ${name}\n`,
      );
      process.stdout.write(lines.join(""));
      return 0;
    }
    const applied = await migrateToLatest(database);
    for (const name of applied) process.stdout.write(`applied  ${name}\n`);
    process.stdout.write(
      applied.length ? `${applied.length} migration(s) applied\n` : "Nothing to migrate: the database is current\n",
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? `Migration failed: ${error.message}` : String(error)}\n`,
  );
  process.exitCode = 1;
}
