import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../tests/support/dialects.ts";

describe.runIf(DIALECTS.includes("postgres"))("PostgreSQL dropping connections", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(() => database.destroy());

  it("survives the server ending idle connections (restart, failover) and keeps answering", async () => {
    const pid = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [pid.rows[0]?.pid]);
    await admin.end();
    // Give the pool's idle client time to receive the termination notice.
    await expect
      .poll(async () => (await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows[0]?.one)
      .toBe(1);
  });
});
