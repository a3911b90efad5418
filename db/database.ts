import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import pg from "pg";
import { migrations } from "./migrations/index.ts";
import { FailoverPostgresDialect } from "./postgres-failover.ts";
import type { Database } from "./schema.ts";
import { startWalCheckpoints } from "./wal-checkpoints.ts";

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  /** How this process's connections appear in `pg_stat_activity` (tests end only their own by it). */
  applicationName?: string;
  /** PostgreSQL: how long the pool's statements may take before the request gives up (default 5 s). */
  queryTimeoutMs?: number;
  /**
   * SQLite: checkpoints in a worker thread instead of inside a commit (db/wal-checkpoints.ts). The
   * server asks for it; tests and tools that open the file briefly keep SQLite's own.
   */
  checkpointInWorker?: boolean;
}

/** How long a request waits on one PostgreSQL statement; migrations and own connections have no limit. */
export const QUERY_TIMEOUT_MS = 5000;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL schema holding the tables (and the migration bookkeeping). */
  schema?: string;
  /** PostgreSQL: how to open a connection of our own outside the pool, with the pool's settings. */
  pgClientConfig?: pg.ClientConfig;
  close(): Promise<void>;
}

/**
 * Runs one small write whose commit need not wait for the disk (docs/decisions/0481): it survives
 * our process dying (SQLite's WAL is written before the commit returns; PostgreSQL has it), but a
 * power cut or a crash of the database server may lose the last moments of such writes. For records
 * that can be redone, e.g. a newsletter delivery marked sent (lost: that message is sent again),
 * never for money or consent. SQLite: `synchronous = NORMAL` for this write only, on the one
 * connection held meanwhile, so nothing else commits under it; PostgreSQL: `synchronous_commit = off`
 * for its transaction.
 */
export async function withoutDiskFlush<T>(
  database: Pick<DatabaseHandle, "db" | "dialect">,
  write: (db: Db) => Promise<T>,
): Promise<T> {
  if (database.dialect === "postgres") {
    return database.db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return write(trx);
    });
  }
  return database.db.connection().execute(async (connection) => {
    await sql`pragma synchronous = NORMAL`.execute(connection);
    try {
      return await write(connection);
    } finally {
      await sql`pragma synchronous = FULL`.execute(connection);
    }
  });
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pgClientConfig: pg.ClientConfig = {
      connectionString: options.databaseUrl,
      application_name: options.applicationName ?? "hope-behind-bars",
      // A server that vanished without a word (failover behind a virtual IP, a network partition)
      // is noticed by the kernel after a few seconds of silence, not the system's default two hours;
      // and a request waits at most this long for a connection instead of hanging.
      keepAlive: true,
      keepAliveInitialDelayMillis: 5000,
      connectionTimeoutMillis: 5000,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    };
    const queryTimeoutMs = options.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
    const pool = new pg.Pool({
      ...pgClientConfig,
      // The site's statements take milliseconds. The server cancels one that runs longer (its
      // connection stays usable); a database that stops answering altogether is given up on by the
      // client a little later, and that connection is discarded. Either way the request answers 503
      // with Retry-After within seconds instead of hanging (docs/decisions/0150-postgres-failover.md).
      options: [pgClientConfig.options, `-c statement_timeout=${queryTimeoutMs - 500}`].filter(Boolean).join(" "),
      query_timeout: queryTimeoutMs,
      max: 10,
    });
    // A connection the server drops (restart, failover) emits 'error' whether it is idle or busy,
    // and an 'error' nobody listens to ends the process. The pool listens only while a client is
    // idle, so every client gets a listener of its own for its whole life; the query it was running
    // fails on its own (503, see postgres-failover.ts) and the pool replaces the client.
    pool.on("connect", (client) => {
      let reported = false; // a dropped connection often reports twice: the server's notice, then the closed socket
      client.on("error", (error) => {
        if (!reported) process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`);
        reported = true;
      });
    });
    // Required too: the pool re-emits an idle client's error here (already reported above).
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new FailoverPostgresDialect(pool) });
    return {
      db,
      dialect: "postgres",
      schema: options.pgSchema ?? "public",
      pgClientConfig,
      close: () => db.destroy(),
    };
  }
  const file = options.sqlitePath ?? ":memory:";
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialectAfterAutoRollback(sqlite) });
  const checkpoints = options.checkpointInWorker && file !== ":memory:" ? startWalCheckpoints(sqlite, file) : undefined;
  return {
    db,
    dialect: "sqlite",
    async close() {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR, …). Kysely's
 * own rollback would then fail with "no transaction is active" and that error would replace the real
 * one, so a full disk would answer 500 instead of 507: roll back only what is still open.
 */
class SqliteDialectAfterAutoRollback extends SqliteDialect {
  readonly #sqlite: SQLite.Database;

  constructor(sqlite: SQLite.Database) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
  }

  override createDriver() {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (...args) => {
      if (this.#sqlite.inTransaction) await rollback(...args);
    };
    return driver;
  }
}

const provider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => migrations,
};

function migrator({ db, schema }: Pick<DatabaseHandle, "db" | "schema">) {
  // Naming the schema keeps Kysely from mistaking another schema's bookkeeping tables for ours.
  // Features land in parallel, so a migration with an earlier date can arrive after a later one
  // has run somewhere: apply it rather than refuse to start. Migrations never depend on siblings.
  return new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Every migration this release has, with when it ran on this database (undefined: pending). */
export async function migrationStatus(handle: Pick<DatabaseHandle, "db" | "schema">) {
  const all = await migrator(handle).getMigrations();
  return all.map(({ name, executedAt }) => ({ name, executedAt }));
}

/** Applies pending migrations; a no-op when the database is current. Throws on failure. */
export async function migrateToLatest(
  handle: Pick<DatabaseHandle, "db" | "schema" | "pgClientConfig">,
): Promise<string[]> {
  // On PostgreSQL migrations run on a connection of their own without the pool's statement timeout:
  // building an index on a grown table, or waiting for another instance's migration lock, may take
  // longer than a request should.
  const own = handle.pgClientConfig
    ? new Kysely<Database>({ dialect: new FailoverPostgresDialect(new pg.Pool({ ...handle.pgClientConfig, max: 1 })) })
    : undefined;
  try {
    const { error, results } = await migrator({ db: own ?? handle.db, schema: handle.schema }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  } finally {
    await own?.destroy();
  }
}
