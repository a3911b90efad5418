import { randomBytes } from "node:crypto";
import pg from "pg";
import { scratchPostgres } from "../scratch-database.ts";

/** The PostgreSQL to use, if any: parts that need one are skipped without it. */
export const postgresUrl = (): string | undefined => process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

async function adminQuery(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, application_name: "hbb-chaos-control" });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * A fresh schema of this run's own on the shared PostgreSQL server (for an in-process app, which
 * can be told its schema), dropped at the end. Other schemas are never touched.
 */
export async function createChaosSchema(
  url: string,
  label: string,
): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `chaos_${label}_${randomBytes(4).toString("hex")}`;
  await adminQuery(url, `create schema ${schema}`);
  return {
    schema,
    async drop() {
      await adminQuery(url, `drop schema if exists ${schema} cascade`);
    },
  };
}

/**
 * A fresh database of this run's own, for the real server process: `server/main.ts` takes only
 * DATABASE_URL, so it gets a URL naming this database and a unique `application_name` that marks its
 * connections, the only ones the run may end. Dropped at the end.
 */
export async function createChaosDatabase(
  url: string,
): Promise<{ url: string; database: string; applicationName: string; drop(): Promise<void> }> {
  const scratch = await scratchPostgres(url, "hbb_chaos");
  const applicationName = scratch.name.replaceAll("_", "-");
  const own = new URL(scratch.url);
  own.searchParams.set("application_name", applicationName);
  return {
    url: own.toString(),
    database: scratch.name,
    applicationName,
    async drop() {
      // The server has stopped; a connection still closing belongs to this run and may be ended.
      await terminateOwnBackends(url, scratch.name, applicationName);
      await scratch.drop();
    },
  };
}

/** Ends the backends of this run's server (its database and application_name), and no others. */
export async function terminateOwnBackends(url: string, database: string, applicationName: string): Promise<number> {
  const result = await adminQuery(
    url,
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = $1 and application_name = $2 and pid <> pg_backend_pid()`,
    [database, applicationName],
  );
  return result.rows.filter((row) => row.ended).length;
}
