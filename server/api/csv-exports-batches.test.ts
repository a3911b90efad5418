import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  UnknownRow,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../core/audit/audit.ts";
import { createTestDatabase, DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const ROWS = 20_000;

/** Counts the queries that read the audit log, to see the export read it a batch at a time. */
function auditReads() {
  const counter = { reads: 0 };
  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs) {
      if (node.kind === "SelectQueryNode" && JSON.stringify(node.from).includes('"audit_log"')) counter.reads++;
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return result;
    },
  };
  return { counter, plugin };
}

describe.each(DIALECTS)("A long CSV export on %s", (dialect) => {
  let t: TestApp;
  const { counter, plugin } = auditReads();

  beforeAll(async () => {
    const database = await createTestDatabase(dialect);
    t = await createTestApp(dialect, { database: { ...database, db: database.db.withPlugin(plugin) } });
    for (let from = 0; from < ROWS; from += 1000) {
      await database.db
        .insertInto("audit_log")
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            id: `audit-${String(from + i).padStart(6, "0")}`,
            at: "2025-01-01T10:00:00.000Z",
            actor_id: null,
            actor_email: "=ayana@example.org",
            ip: "203.0.113.9",
            action: "update",
            entity: "blog",
            entity_id: null,
            changes: '{"fields":["title"],"values":{}}',
          })),
        )
        .execute();
    }
  }, 60_000);
  afterAll(() => t.close());

  it("writes the first rows after one batch is read, and every row by the end", async () => {
    counter.reads = 0;
    const stream = t.services.activity.exportCsv({ to: "2025-12-31" }, SYSTEM_ACTOR);
    let lines = 0;
    let readsAtFirstRows: number | undefined;
    for await (const chunk of stream) {
      lines += (chunk.toString().match(/\r\n/g) ?? []).length;
      if (lines > 1 && readsAtFirstRows === undefined) readsAtFirstRows = counter.reads;
    }
    expect(readsAtFirstRows).toBe(1);
    expect(lines).toBe(ROWS + 1);
    // 20 full batches of 1,000 and the empty one that ends the list.
    expect(counter.reads).toBe(21);
  }, 60_000);

  it("answers over HTTP with every row, formula-safe", async () => {
    const response = await t.app.inject({
      url: "/api/admin/activity/export.csv?to=2025-12-31",
      headers: await t.adminHeaders(),
    });
    const lines = response.body.split("\r\n");
    expect(lines).toHaveLength(ROWS + 2);
    expect(lines[1]).toBe(
      "2025-01-01T10:00:00.000Z,'=ayana@example.org,'=ayana@example.org,203.0.113.9,update,blog post,,title,'=ayana@example.org changed the title of a blog post.",
    );
  }, 60_000);
});
