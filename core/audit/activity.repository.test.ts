import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/dialects.ts";
import { activityQuery } from "./activity.repository.ts";
import type { ActivityFilters } from "./activity.schema.ts";

const ACTIONS = ["create", "update", "delete", "login", "status"];
const ENTITIES = ["blog", "video", "session", "volunteer-application"];

/** A page of a long log is read from an index in order, never by sorting the table (migration 070). */
describe.each(DIALECTS)("activity page plan on %s", (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      actor_id: `staff-${i % 7}`,
      actor_email: `staff-${i % 7}@example.org`,
      ip: "192.0.2.1",
      action: ACTIONS[i % ACTIONS.length] as string,
      entity: ENTITIES[i % ENTITIES.length] as string,
      entity_id: null,
      changes: '{"fields":[],"values":{}}',
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await database.db
        .insertInto("audit_log")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    if (dialect === "postgres") await sql`analyze audit_log`.execute(database.db);
  });
  afterAll(() => database.destroy());

  async function plan(filters: ActivityFilters, cursor?: { at: string; id: string }) {
    const query = activityQuery(database.db, filters, cursor, 51).compile();
    return database.db.connection().execute(async (connection) => {
      if (dialect === "postgres") {
        // On a table this small a sort is cheapest; forbid it to see that an index gives the order.
        await sql`set enable_sort = off`.execute(connection);
        await sql`set enable_seqscan = off`.execute(connection);
        const result = await connection.executeQuery<{ "QUERY PLAN": string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
        await sql`reset enable_sort`.execute(connection);
        await sql`reset enable_seqscan`.execute(connection);
        return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
      }
      const result = await connection.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return result.rows.map((r) => r.detail).join("\n");
    });
  }

  it.each([
    ["no filter", {}, "audit_log_at_id_idx"],
    ["an action", { action: "status" }, "audit_log_action_at_idx"],
    ["an entity", { entity: "video" }, "audit_log_entity_at_idx"],
    ["a person", { person: "staff-3" }, "audit_log_actor_at_idx"],
  ])("pages %s from its index, in order", async (_name, filters, index) => {
    const cursor = { at: "2026-01-01T00:30:00.000Z", id: "00000000-0000-4000-8000-000000001800" };
    for (const text of [await plan(filters), await plan(filters, cursor)]) {
      if (dialect === "postgres") {
        // PostgreSQL picks among the (…, at, id) indexes by cost; each gives the order without a sort.
        expect(text).toMatch(/Index Scan Backward using audit_log_\w+_idx on audit_log/);
        expect(text).not.toMatch(/\bSort\b/);
      } else {
        expect(text).toContain(index);
        expect(text).not.toContain("TEMP B-TREE");
      }
    }
  });

  it("returns the newest entries of the filter first", async () => {
    const page = await activityQuery(database.db, { action: "status" }, undefined, 5).execute();
    expect(page.map((r) => r.id)).toEqual(
      [2999, 2994, 2989, 2984, 2979].map((i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`),
    );
  });
});
