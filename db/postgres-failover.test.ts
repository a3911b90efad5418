import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../tests/support/dialects.ts";
import { DatabaseUnavailableError } from "./postgres-failover.ts";

const video = (id: string) => ({
  id,
  title: id,
  description: "A story.",
  youtube_id: "aaaaaaaaaaa",
  category: "Testimonials",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
});

describe.runIf(DIALECTS.includes("postgres"))("a query whose PostgreSQL connection is ended", () => {
  let database: TestDatabase;
  let locker: pg.Client;
  let observer: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // Holds a lock the query under test waits for, so that it is surely in flight when its
    // connection is ended. Its own name keeps it out of what the test ends.
    locker = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL,
      application_name: `${database.schema}-lock`,
      options: `-c search_path=${database.schema}`,
    });
    await locker.connect();
    observer = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL,
      application_name: `${database.schema}-observer`,
    });
    await observer.connect();
  });
  afterAll(async () => {
    await locker.end();
    await observer.end();
    await database.destroy();
  });

  /** Runs `query` while its connection is ended under it, and returns how it settled. */
  async function endedInFlight<T>(query: () => Promise<T>): Promise<PromiseSettledResult<T>> {
    await locker.query("begin");
    try {
      await locker.query("lock table videos in access exclusive mode");
      const settled = query().then(
        (value): PromiseSettledResult<T> => ({ status: "fulfilled", value }),
        (reason): PromiseSettledResult<T> => ({ status: "rejected", reason }),
      );
      // Asked outside the locking transaction, which would keep showing the activity it first saw.
      const waiting = () =>
        observer.query("select pid from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'", [
          database.schema,
        ]);
      await expect.poll(async () => (await waiting()).rowCount).toBe(1);
      await observer.query("select pg_terminate_backend($1)", [(await waiting()).rows[0]?.pid]);
      await locker.query("rollback");
      return await settled;
    } finally {
      await locker.query("rollback");
    }
  }

  it("a read outside a transaction is answered on another connection", async () => {
    await database.db.insertInto("videos").values(video("kept")).execute();
    const result = await endedInFlight(() => database.db.selectFrom("videos").select("title").execute());
    expect(result).toEqual({ status: "fulfilled", value: [{ title: "kept" }] });
  });

  it("a write is not repeated (it may have committed): the caller hears the database is unavailable", async () => {
    const result = await endedInFlight(() => database.db.insertInto("videos").values(video("once")).execute());
    expect(result.status === "rejected" && result.reason).toBeInstanceOf(DatabaseUnavailableError);
  });

  it("does not hand the ended connection to the next statement", async () => {
    const result = await endedInFlight(() =>
      database.db
        .insertInto("videos")
        .values(video("lost"))
        .execute()
        // At once, before the ended connection's socket has closed and told the pool.
        .catch(() => database.db.insertInto("videos").values(video("next")).execute()),
    );
    expect(result.status).toBe("fulfilled");
  });

  it("a read inside a transaction is not repeated: the transaction's earlier work died with it", async () => {
    const result = await endedInFlight(() =>
      database.db.transaction().execute((trx) => trx.selectFrom("videos").select("title").execute()),
    );
    expect(result.status === "rejected" && result.reason).toBeInstanceOf(DatabaseUnavailableError);
  });

  it("raw SQL is never assumed to be a read", async () => {
    const result = await endedInFlight(() => sql`select title from videos`.execute(database.db));
    expect(result.status === "rejected" && result.reason).toBeInstanceOf(DatabaseUnavailableError);
  });

  it("answers again at once afterwards", async () => {
    const titles = (await database.db.selectFrom("videos").select("title").execute()).map((row) => row.title);
    expect(titles.sort()).toEqual(["kept", "next"]);
  });
});
