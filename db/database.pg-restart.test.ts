import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiProcess } from "../tests/support/api-process.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../tests/support/dialects.ts";
import { TEST_ADMIN } from "../tests/support/test-app.ts";

describe.runIf(DIALECTS.includes("postgres"))("PostgreSQL dropping connections", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(() => database.destroy());

  /** Ends the connections of one `application_name` (never another test's: the server is shared). */
  async function endConnections(applicationName: string): Promise<number> {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()",
        [applicationName],
      );
      return ended.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  async function waitingOnLocks(applicationName: string): Promise<number> {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where application_name = ${applicationName} and wait_event_type = 'Lock'`.execute(database.db);
    return rows[0]?.waiting ?? 0;
  }

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

  it("stays up under reads and writes while its connections are ended again and again, answers 503 meanwhile, loses no acknowledged write", async () => {
    const applicationName = `${database.schema}-api`;
    const api = await startApiProcess({ schema: database.schema as string, applicationName });
    try {
      const login = await fetch(`${api.baseUrl}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(TEST_ADMIN),
      });
      const { token } = (await login.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}` };

      const unclean: string[] = [];
      const acknowledged: string[] = [];
      let answered = 0;
      let refused = 0;
      let stopped = false;
      async function record(response: Response, what: string) {
        const body = await response.text();
        answered += 1;
        if (response.status === 503) refused += 1;
        // Success, or the clean refusal of a request caught by the outage: never a 500, a 401, a crash.
        const clean = response.ok || (response.status === 503 && typeof JSON.parse(body).message === "string");
        if (!clean) unclean.push(`${what}: ${response.status} ${body}`);
      }
      async function writer(id: number) {
        for (let n = 0; !stopped; n += 1) {
          const title = `writer ${id} video ${n}`;
          const video = {
            title,
            description: "A story.",
            youtubeUrl: "https://youtu.be/aaaaaaaaaaa",
            category: "Testimonials",
          };
          try {
            const response = await fetch(`${api.baseUrl}/api/videos`, {
              method: "POST",
              headers: { ...auth, "content-type": "application/json" },
              body: JSON.stringify(video),
            });
            if (response.status === 201) acknowledged.push(title);
            await record(response, "write");
          } catch (error) {
            unclean.push(`write: ${error}`);
          }
        }
      }
      async function reader() {
        while (!stopped) {
          try {
            await record(await fetch(`${api.baseUrl}/api/videos?limit=5`), "public read");
            await record(await fetch(`${api.baseUrl}/api/admin/me`, { headers: auth }), "staff read");
          } catch (error) {
            unclean.push(`read: ${error}`);
          }
        }
      }
      const traffic = [writer(1), writer(2), writer(3), reader(), reader(), reader()];

      // Some writes are surely in flight when the connections go: the test holds a lock their
      // inserts wait for (its own connection, under another name), and ends theirs while they wait.
      const locker = new pg.Client({
        connectionString: process.env.TEST_DATABASE_URL,
        application_name: `${database.schema}-lock`,
        options: `-c search_path=${database.schema}`,
      });
      await locker.connect();
      const rounds = 5;
      try {
        for (let round = 0; round < rounds; round += 1) {
          const before = answered;
          await expect.poll(() => answered, { timeout: 20_000 }).toBeGreaterThan(before + 20);
          await locker.query("begin");
          await locker.query("lock table videos in exclusive mode");
          await expect.poll(() => waitingOnLocks(applicationName), { timeout: 20_000 }).toBeGreaterThan(0);
          expect(await endConnections(applicationName)).toBeGreaterThan(0);
          await locker.query("rollback");
          // Required: back within 5 s. Measured by asking until it answers, against a generous deadline.
          await expect
            .poll(
              async () =>
                api.child.exitCode === null
                  ? (await fetch(`${api.baseUrl}/api/videos?limit=1`)).status
                  : `exited:\n${api.output()}`,
              { timeout: 15_000, interval: 50 },
            )
            .toBe(200);
          const writes = acknowledged.length;
          await expect.poll(() => acknowledged.length, { timeout: 15_000, interval: 50 }).toBeGreaterThan(writes);
        }
      } finally {
        await locker.end();
      }
      stopped = true;
      await Promise.all(traffic);

      expect(api.child.exitCode, api.output()).toBeNull();
      expect(unclean).toEqual([]);
      expect(refused).toBeGreaterThanOrEqual(rounds);
      const stored = new Set(
        (await database.db.selectFrom("videos").select("title").execute()).map((row) => row.title),
      );
      expect(acknowledged.filter((title) => !stored.has(title))).toEqual([]);
    } finally {
      await api.stop();
    }
  });
});
