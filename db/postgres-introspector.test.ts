import { PostgresIntrospector } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../tests/support/dialects.ts";
import { migrateToLatest } from "./database.ts";

describe.runIf(DIALECTS.includes("postgres"))("introspection on PostgreSQL reads the site's own schema", () => {
  let ours: TestDatabase;
  let theirs: TestDatabase;
  beforeAll(async () => {
    [ours, theirs] = await Promise.all([createTestDatabase("postgres"), createTestDatabase("postgres")]);
  });
  afterAll(async () => {
    await ours.destroy();
    await theirs.destroy();
  });

  it("lists the tables of its own schema, with their columns, and none of another's", async () => {
    const tables = await ours.db.introspection.getTables();
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([ours.schema]));
    const jobs = tables.find((table) => table.name === "jobs");
    expect(jobs?.columns.map((column) => column.name)).toContain("status");
    expect(tables.map((table) => table.name)).not.toContain("kysely_migration");
    const internal = await ours.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(internal.map((table) => table.name)).toContain("kysely_migration");
    // The gallery-search migration tells PostgreSQL from SQLite by the introspector's class.
    expect(ours.db.introspection).toBeInstanceOf(PostgresIntrospector);
  });

  it("keeps migrating while another schema in the same database is dropped", async () => {
    // What failed before: Kysely's introspector looked up every schema by name, and one dropped
    // meanwhile (another test's) made the lookup, and the migration, fail.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const drops = Array.from({ length: 10 }, async (_, index) => {
        const name = `${theirs.schema}_${index}`;
        await admin.query(`create schema ${name}`);
        await admin.query(`create table ${name}.t (id serial primary key)`);
        return name;
      });
      const names = await Promise.all(drops);
      const migrations = Array.from({ length: 20 }, () => migrateToLatest(ours));
      for (const name of names) await admin.query(`drop schema ${name} cascade`);
      expect(await Promise.all(migrations)).toEqual(Array.from({ length: 20 }, () => []));
    } finally {
      await admin.end();
    }
  });
});
