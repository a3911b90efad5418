import {
  type AbortableOperationOptions,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Driver,
  type Kysely,
  type OperationNode,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import type pg from "pg";
import { ServiceUnavailableError } from "../core/shared/errors.ts";
import { OwnSchemaIntrospector } from "./postgres-introspector.ts";

/**
 * What a request meets while PostgreSQL restarts or fails over: the HTTP layer answers 503 with
 * this message, and the cause stays in the log.
 */
export class DatabaseUnavailableError extends ServiceUnavailableError {
  constructor(cause: unknown) {
    super("The site is briefly unavailable. Please try again in a moment.", { cause });
  }
}

// SQLSTATEs that mean "this connection or server is going away", not "this statement is wrong":
// admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, and a standby that
// refuses writes (a client that reached the old primary while it was demoted).
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "25006"]);
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);

/** True when the error says the connection or the server is lost (node-postgres has no single type for it). */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // Class 08 is "connection exception".
    return UNAVAILABLE_CODES.has(code) || code.startsWith("08") || NETWORK_CODES.has(code);
  }
  return (
    /^Connection terminated|not queryable|timeout exceeded when trying to connect/.test(error.message) ||
    isSilence(error)
  );
}

/**
 * The client gave up waiting for an answer (the pool's `query_timeout`): the database or the network
 * went silent. The connection is lost (its answer may still arrive, out of turn), but the statement
 * is not repeated: it has already made the request wait as long as one may.
 */
const isSilence = (error: Error) => error.message === "Query read timeout";

/** The server cancelled a statement that ran past `statement_timeout`: the connection is fine. */
const isStatementTimeout = (error: unknown) => (error as { code?: unknown } | null)?.code === "57014";

/**
 * Refusals a server gives to a new connection while it cannot take one: besides the codes above,
 * 55000 "database is not currently accepting connections" (a database being moved or restored).
 * At connect time no statement has run, so nothing can be half-done.
 */
const isConnectRefusal = (error: unknown) =>
  isConnectionFailure(error) || (error as { code?: unknown } | null)?.code === "55000";

const WRITE_NODES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);

function containsWrite(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsWrite);
  if (!node || typeof node !== "object") return false;
  if (WRITE_NODES.has((node as OperationNode).kind)) return true;
  return Object.values(node).some(containsWrite);
}

/**
 * A query built with Kysely's `selectFrom` and no data-modifying part: running it twice changes
 * nothing. Raw `sql` is never assumed to be one.
 */
function isPlainRead(query: CompiledQuery): boolean {
  return query.query.kind === "SelectQueryNode" && !containsWrite(query.query);
}

/** A failover ends every connection at once: let the others' "terminated" reach the pool before retrying. */
const pendingIo = () => new Promise<void>((resolve) => setImmediate(resolve));

class FailoverConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  /** The pool's own driver, for the retry's fresh connection. */
  readonly driver: Driver;
  inTransaction = false;

  constructor(inner: DatabaseConnection, driver: Driver) {
    this.inner = inner;
    this.driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query, options);
    } catch (error) {
      if (isStatementTimeout(error)) throw new DatabaseUnavailableError(error);
      if (!isConnectionFailure(error)) throw error;
      // A write may have committed just before its connection died, so only a read is repeated.
      // Inside a transaction the earlier statements died with the connection: never repeat there.
      if (this.inTransaction || !isPlainRead(query) || isSilence(error as Error)) {
        throw new DatabaseUnavailableError(error);
      }
      await pendingIo();
      const fresh = await this.driver.acquireConnection().catch((retryError) => {
        throw isConnectRefusal(retryError) ? new DatabaseUnavailableError(retryError) : retryError;
      });
      try {
        return await fresh.executeQuery<R>(query, options);
      } catch (retryError) {
        throw isConnectionFailure(retryError) ? new DatabaseUnavailableError(retryError) : retryError;
      } finally {
        await this.driver.releaseConnection(fresh);
      }
    }
  }

  streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: AbortableOperationOptions,
  ): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize, options);
  }

  // Kysely's abortable queries use these; PostgreSQL's connection has all three.
  collectSessionInfo = () => this.inner.collectSessionInfo?.() ?? Promise.resolve();
  cancelQuery: DatabaseConnection["cancelQuery"] = (control) => this.inner.cancelQuery?.(control) ?? Promise.resolve();
  killSession: DatabaseConnection["killSession"] = (control) => this.inner.killSession?.(control) ?? Promise.resolve();
}

const unwrap = (connection: DatabaseConnection) => (connection as FailoverConnection).inner;

/**
 * Kysely's PostgreSQL driver, made to survive a server that drops its connections (restart,
 * failover, `pg_terminate_backend`): a lost connection becomes a `DatabaseUnavailableError` (503)
 * instead of a 500, and a plain read outside a transaction is retried once on another connection.
 * docs/decisions/0150-postgres-failover.md
 */
class FailoverDriver implements Driver {
  readonly inner: Driver;

  constructor(inner: Driver) {
    this.inner = inner;
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    try {
      return new FailoverConnection(await this.inner.acquireConnection(), this.inner);
    } catch (error) {
      throw isConnectRefusal(error) ? new DatabaseUnavailableError(error) : error;
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    (connection as FailoverConnection).inTransaction = true;
    await this.inner.beginTransaction(connection, settings);
  }

  async commitTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.commitTransaction(connection);
    } finally {
      (connection as FailoverConnection).inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.rollbackTransaction(unwrap(connection));
    } catch (error) {
      throw isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error;
    } finally {
      (connection as FailoverConnection).inTransaction = false;
    }
  }

  savepoint: Driver["savepoint"] = (connection, name, compile) =>
    this.inner.savepoint?.(connection, name, compile) ?? Promise.resolve();

  rollbackToSavepoint: Driver["rollbackToSavepoint"] = (connection, name, compile) =>
    this.inner.rollbackToSavepoint?.(connection, name, compile) ?? Promise.resolve();

  releaseSavepoint: Driver["releaseSavepoint"] = (connection, name, compile) =>
    this.inner.releaseSavepoint?.(connection, name, compile) ?? Promise.resolve();

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy() {
    return this.inner.destroy();
  }
}

/**
 * The pool as Kysely sees it. A connection the server ended reports it first to the query it was
 * running, and only later, when its socket closes, to the pool; released in between, it would go
 * back to the idle list and fail the next request too. Here a client that failed that way is
 * destroyed on release instead.
 */
function discardingLostConnections(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let lost = false;
      const noteLoss = (error: unknown) => {
        if (isConnectionFailure(error)) lost = true;
        throw error;
      };
      return {
        // Kysely calls it with SQL and parameters (a promise) or with a cursor (returned as is).
        query: ((...args: Parameters<pg.PoolClient["query"]>) => {
          const result = (client.query as (...a: unknown[]) => unknown)(...args);
          return result instanceof Promise ? result.catch(noteLoss) : result;
        }) as PostgresPoolClient["query"],
        release: (destroy?: boolean) => client.release(destroy || lost),
      };
    },
  };
}

export class FailoverPostgresDialect extends PostgresDialect {
  constructor(pool: pg.Pool) {
    super({ pool: discardingLostConnections(pool) });
  }

  override createDriver(): Driver {
    return new FailoverDriver(super.createDriver());
  }

  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
