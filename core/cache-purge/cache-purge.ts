import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import type { DatabaseHandle } from "../../db/database.ts";

/**
 * Clears every cache of what the public sees (the page cache and the API cache) on this instance
 * at once, and on every other instance on the same PostgreSQL schema within moments. Call it
 * after the change has committed, never inside its transaction: a cache refilled before the commit
 * would keep the old content. It never throws, so a committed change is never reported as failed.
 */
export type PurgePublicCaches = () => Promise<void>;

export interface CachePurge {
  purgePublicCaches: PurgePublicCaches;
  /** Registers a cache; `clear` runs on every purge, local or from another instance. */
  onPurge(clear: () => void): void;
  /**
   * Increases with every purge. A cache stores an answer only if this is unchanged since the
   * request began, so a render that read the old content cannot refill a cache just purged.
   */
  readonly generation: number;
  /** Starts hearing other instances' purges (PostgreSQL); resolves once listening or retrying. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 2000;

/**
 * SQLite has one instance per database file, so a local purge is the whole job. On PostgreSQL
 * each instance LISTENs on a channel named after its schema on a connection of its own, and a
 * purge NOTIFYs it. docs/decisions/0110-cache-purge-across-instances.md
 */
export function createCachePurge({
  database,
  report = (message) => process.stderr.write(`${message}\n`),
}: {
  database: DatabaseHandle;
  /** Where a lost listening connection is reported. */
  report?: (message: string) => void;
}): CachePurge {
  const caches: Array<() => void> = [];
  const instanceId = randomUUID();
  const channel = `public_caches:${database.schema ?? "public"}`;
  let generation = 0;

  function clearHere() {
    generation += 1;
    for (const clear of caches) clear();
  }

  let listener: pg.Client | undefined;
  let stopped = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reconnectDelay = RECONNECT_FIRST_MS;

  async function listen(isReconnect: boolean): Promise<void> {
    const config = database.pgClientConfig;
    if (!config || stopped) return;
    const client = new pg.Client(config);
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = undefined;
      if (stopped) return;
      report(`cache purge: listening connection lost (${error?.message ?? "closed"}); reconnecting`);
      scheduleReconnect();
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload !== instanceId) clearHere();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost(error as Error);
      // Not awaited: a client whose connection already failed may never report that it ended.
      void client.end().catch(() => {});
      return;
    }
    if (stopped) {
      await client.end();
      return;
    }
    listener = client;
    reconnectDelay = RECONNECT_FIRST_MS;
    // Purges sent while we were not listening were lost: assume there was one.
    if (isReconnect) clearHere();
  }

  function scheduleReconnect() {
    if (reconnectTimer || stopped) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void listen(true);
    }, reconnectDelay);
    reconnectTimer.unref();
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  return {
    async purgePublicCaches() {
      clearHere();
      if (database.dialect !== "postgres") return;
      try {
        await sql`select pg_notify(${channel}, ${instanceId})`.execute(database.db);
      } catch (error) {
        // The change itself is saved. A database failover also drops the other instances'
        // listeners, and they purge on reconnecting; otherwise their entries expire within
        // KEPT_UNTIL_PURGED_SECONDS (server/plugins/stored-responses.ts).
        report(`cache purge: could not tell other instances (${(error as Error).message})`);
      }
    },
    onPurge(clear) {
      caches.push(clear);
    },
    get generation() {
      return generation;
    },
    start: () => listen(false),
    async stop() {
      stopped = true;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      const client = listener;
      listener = undefined;
      await client?.end();
    },
  };
}
