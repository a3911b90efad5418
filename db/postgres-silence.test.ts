import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../tests/support/dialects.ts";
import { type DatabaseHandle, openDatabase } from "./database.ts";
import { DatabaseUnavailableError } from "./postgres-failover.ts";

/**
 * A TCP relay between the site and PostgreSQL that can go silent: while `silent`, bytes in either
 * direction are swallowed and no connection is closed, as in a network partition or a database
 * host that froze. Only on 127.0.0.1.
 */
function startRelay(target: { host: string; port: number }) {
  const state = { silent: false };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on("data", (chunk) => {
        if (!state.silent) to.write(chunk);
      });
      from.on("error", () => to.destroy());
      from.on("close", () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  return new Promise<{ port: number; state: typeof state; close(): Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        state,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A server that speaks just enough of PostgreSQL's protocol to refuse every connection with `code`. */
function startRefusingServer(code: string, message: string) {
  const server = net.createServer((socket) => {
    socket.once("data", () => {
      const fields = Buffer.concat([
        ...[
          ["S", "FATAL"],
          ["V", "FATAL"],
          ["C", code],
          ["M", message],
        ].map(([type, value]) => Buffer.from(`${type}${value}\0`)),
        Buffer.from([0]),
      ]);
      const header = Buffer.alloc(5);
      header.write("E", 0);
      header.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([header, fields]));
    });
    socket.on("error", () => undefined);
  });
  return new Promise<{ port: number; close(): Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

const through = (port: number) => {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString();
};

describe.runIf(DIALECTS.includes("postgres"))("PostgreSQL that stops answering", () => {
  let database: TestDatabase;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let site: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    relay = await startRelay({ host: url.hostname, port: Number(url.port || 5432) });
    site = openDatabase({ databaseUrl: through(relay.port), pgSchema: database.schema, queryTimeoutMs: 1500 });
  });
  afterAll(async () => {
    await site.close();
    await relay.close();
    await database.destroy();
  });

  it("gives every request the database's 'unavailable' within its query timeout, then answers again once it speaks", async () => {
    await sql`select 1`.execute(site.db);
    relay.state.silent = true;
    const read = site.db.selectFrom("videos").select("id").execute();
    const write = site.db.deleteFrom("videos").where("id", "=", "none").execute();
    const [readOutcome, writeOutcome] = await Promise.allSettled([read, write]);
    expect(readOutcome.status === "rejected" && readOutcome.reason).toBeInstanceOf(DatabaseUnavailableError);
    expect(writeOutcome.status === "rejected" && writeOutcome.reason).toBeInstanceOf(DatabaseUnavailableError);
    relay.state.silent = false;
    // The silent connections were discarded: the next statements get fresh ones that work.
    expect(await site.db.selectFrom("videos").select("id").execute()).toEqual([]);
  });

  it("has the server cancel a statement that runs past the timeout, as 'unavailable', and keeps the connection", async () => {
    const slow = sql`select pg_sleep(3)`.execute(site.db);
    await expect(slow).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(slow).rejects.toMatchObject({ cause: { code: "57014" } });
    expect((await sql<{ one: number }>`select 1 as one`.execute(site.db)).rows).toEqual([{ one: 1 }]);
  });

  it("waits five seconds by default: the pool's statement timeout and the client's read timeout", async () => {
    const defaults = openDatabase({ databaseUrl: through(relay.port), pgSchema: database.schema });
    try {
      const rows = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(defaults.db);
      expect(rows.rows[0]?.statement_timeout).toBe("4500ms");
    } finally {
      await defaults.close();
    }
  });
});

describe("PostgreSQL refusing new connections", () => {
  it("is 'unavailable' (a 503 with Retry-After), not an error of ours, for 'not currently accepting connections'", async () => {
    const refusing = await startRefusingServer("55000", 'database "test" is not currently accepting connections');
    const site = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${refusing.port}/test` });
    try {
      const outcome = site.db.selectFrom("videos").select("id").execute();
      await expect(outcome).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(outcome).rejects.toMatchObject({ cause: { code: "55000" } });
    } finally {
      await site.close();
      await refusing.close();
    }
  });

  it("is 'unavailable' while the server shuts down (57P03)", async () => {
    const refusing = await startRefusingServer("57P03", "the database system is shutting down");
    const site = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${refusing.port}/test` });
    try {
      await expect(site.db.selectFrom("videos").select("id").execute()).rejects.toBeInstanceOf(
        DatabaseUnavailableError,
      );
    } finally {
      await site.close();
      await refusing.close();
    }
  });

  it("keeps other connection errors as they are (a wrong password is the operator's to fix)", async () => {
    const refusing = await startRefusingServer("28P01", 'password authentication failed for user "postgres"');
    const site = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${refusing.port}/test` });
    try {
      const outcome = site.db.selectFrom("videos").select("id").execute();
      await expect(outcome).rejects.toMatchObject({ code: "28P01" });
      await expect(outcome).rejects.not.toBeInstanceOf(DatabaseUnavailableError);
    } finally {
      await site.close();
      await refusing.close();
    }
  });
});
