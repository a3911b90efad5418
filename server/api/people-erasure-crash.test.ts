import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiProcess } from "../../tests/support/api-process.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/dialects.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../tests/support/test-app.ts";
import { visitorIp } from "../../tests/support/visitor-ip.ts";

/**
 * An erasure whose process is killed half-way (PostgreSQL: a lock holds it inside its transaction
 * after some sources are done, then the process is killed) changes nothing, and the job finishes it
 * once when an instance runs again.
 */
describe.runIf(DIALECTS.includes("postgres"))("an erasure killed mid-way", () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    t = await createTestApp("postgres", { database });
  });
  afterAll(() => t.close());

  const count = async (table: "volunteer_applications" | "contact_messages") =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where email = 'abebe@example.org'`.execute(database.db)
      ).rows[0]?.n,
    );

  it("leaves nothing half-erased, then finishes exactly once", async () => {
    const visitor = (url: string, payload: object) =>
      t.app.inject({ method: "POST", url, payload, remoteAddress: visitorIp() });
    await visitor("/api/volunteer", {
      fullName: "Abebe Girma",
      email: "abebe@example.org",
      phone: "+251 966 123 456",
      age: 52,
      interest: "General Support",
      motivation: "Our family wants to help the children.",
      availability: "Flexible",
    });
    await visitor("/api/messages", { name: "Abebe Girma", email: "abebe@example.org", message: "Hello." });
    const personId = (await t.services.people.list({ q: "abebe" })).items[0]?.id as string;

    const applicationName = `${database.schema}-erasing`;
    const api = await startApiProcess({ schema: database.schema as string, applicationName });
    const blocker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await blocker.connect();
    try {
      const login = await fetch(`${api.baseUrl}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(TEST_ADMIN),
      });
      const { token } = (await login.json()) as { token: string };
      // Messages come after volunteer applications: the erasure stops there, its earlier deletes made.
      await blocker.query("begin");
      await blocker.query(`lock table ${database.schema}.contact_messages in access exclusive mode`);
      void fetch(`${api.baseUrl}/api/people/${personId}/erase`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: "{}",
      }).catch(() => undefined);
      await expect
        .poll(async () =>
          Number(
            (
              await sql<{ n: number }>`select count(*) as n from pg_stat_activity
                where application_name = ${applicationName} and wait_event_type = 'Lock'`.execute(database.db)
            ).rows[0]?.n,
          ),
        )
        .toBe(1);
      const exited = new Promise((resolve) => api.child.once("exit", resolve));
      api.child.kill("SIGKILL");
      await exited;
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${applicationName}`.execute(
        database.db,
      );
      await blocker.query("rollback");
    } finally {
      await blocker.end();
      await api.stop();
    }

    // Nothing was erased: the transaction died with the process.
    expect(await count("volunteer_applications")).toBe(1);
    expect(await count("contact_messages")).toBe(1);
    expect(await database.db.selectFrom("erasures").select("status").execute()).toEqual([{ status: "pending" }]);

    // An instance's worker finds the erasure's job and finishes it; a second run does nothing more.
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    expect(await count("volunteer_applications")).toBe(0);
    expect(await count("contact_messages")).toBe(0);
    const erasures = await database.db.selectFrom("erasures").select(["status", "email_key", "summary"]).execute();
    expect(erasures).toHaveLength(1);
    expect(erasures[0]?.status).toBe("done");
    expect(erasures[0]?.email_key).toBe(null);
    expect(JSON.parse(erasures[0]?.summary as string).erased).toMatchObject({ message: 1, "volunteer-application": 1 });
    const audited = await database.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "person")
      .where("action", "=", "delete")
      .execute();
    expect(audited).toEqual([{ action: "delete" }]);
  });
});
