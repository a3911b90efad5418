import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, type Dialect, migrateToLatest, openDatabase } from "../db/database.ts";
import { migrations } from "../db/migrations/index.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "./support/dialects.ts";
import { createTestApp, type TestApp } from "./support/test-app.ts";

/**
 * docs/upgrade.md: a database made and filled by an older release (db/fixtures/upgrade/, written by
 * scripts/upgrade-fixture.ts with that release's own code) migrates with this release without losing
 * anything: every row and every value of every column it had are still there (the staff-mail outbox
 * moved into the job queue), and the site serves its content to its admin.
 */
const FIXTURES = path.resolve(import.meta.dirname, "../db/fixtures/upgrade");
const RELEASES = [{ name: "2026-11-21", adminPassword: "correct horse battery staple" }];
const BOOKKEEPING = new Set(["kysely_migration", "kysely_migration_lock"]);

type Snapshot = Map<string, { columns: string[]; rows: string[] }>;

/** Every table's rows as sorted JSON of the given columns (all columns by default). */
async function snapshot(database: DatabaseHandle, columnsOf?: Snapshot): Promise<Snapshot> {
  const tables = await database.db.introspection.getTables();
  const result: Snapshot = new Map();
  for (const table of tables) {
    if (BOOKKEEPING.has(table.name) || table.isView) continue;
    if (table.schema && database.schema && table.schema !== database.schema) continue;
    const present = table.columns.map((column) => column.name);
    const columns = columnsOf?.get(table.name)?.columns.filter((column) => present.includes(column)) ?? present;
    const rows = await sql<
      Record<string, unknown>
    >`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table.name)}`.execute(database.db);
    result.set(table.name, { columns, rows: rows.rows.map((row) => JSON.stringify(row)).sort() });
  }
  return result;
}

async function loadFixture(dialect: Dialect, release: string): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const empty = await createTestDatabase("sqlite", { migrate: false });
    await empty.close();
    copyFileSync(path.join(FIXTURES, `${release}.sqlite`), path.join(empty.dir, "test.sqlite"));
    const handle = openDatabase({ sqlitePath: path.join(empty.dir, "test.sqlite") });
    return {
      ...handle,
      dir: empty.dir,
      async destroy() {
        await handle.close();
        rmSync(empty.dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createTestDatabase("postgres", { migrate: false });
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      readFileSync(path.join(FIXTURES, `${release}.pg.sql`), "utf8").replaceAll(
        "__schema__",
        database.schema as string,
      ),
    );
  } finally {
    await client.end();
  }
  return database;
}

describe.each(DIALECTS.flatMap((dialect) => RELEASES.map((release) => [dialect, release] as const)))(
  "upgrading a %s database made by release %o",
  (dialect, release) => {
    let database: TestDatabase;
    let before: Snapshot;
    let applied: string[];
    let t: TestApp;

    beforeAll(async () => {
      database = await loadFixture(dialect, release.name);
      before = await snapshot(database);
      applied = await migrateToLatest(database);
      t = await createTestApp(dialect, { database });
    });
    afterAll(async () => {
      await t?.app.close();
      await database?.destroy();
    });

    it("applies every migration the release did not have", async () => {
      expect(applied.length).toBeGreaterThan(0);
      const had = Object.keys(migrations).filter((name) => !applied.includes(name));
      expect(had).toEqual([
        "2026-11-21-001-initial",
        "2026-11-21-020-gallery-search",
        "2026-11-21-030-staff-notifications",
        "2026-11-21-040-donations",
      ]);
      expect(await migrateToLatest(database)).toEqual([]);
    });

    it("keeps every row and value the release wrote", async () => {
      expect([...before.values()].some(({ rows }) => rows.length > 0)).toBe(true);
      const after = await snapshot(database, before);
      for (const [table, { columns, rows }] of before) {
        if (table === "staff_notifications") continue; // moved into jobs, below
        expect(after.get(table)?.columns, `columns of ${table}`).toEqual(columns);
        expect(after.get(table)?.rows, `rows of ${table}`).toEqual(rows);
      }
      // Unsent staff e-mails became jobs of the one e-mail type, each under its outbox id with its subject.
      const unsent = (before.get("staff_notifications")?.rows ?? [])
        .map((row) => JSON.parse(row))
        .filter((row) => row.sent_at === null);
      expect(unsent.length).toBeGreaterThan(0);
      const jobs = await database.db
        .selectFrom("jobs")
        .select(["id", "type", "payload"])
        .where("type", "=", "email")
        .execute();
      expect(jobs.map((job) => [job.id, JSON.parse(job.payload).subject]).sort()).toEqual(
        unsent.map((row) => [row.id, row.subject]).sort(),
      );
    });

    it("serves the release's content to its admin", async () => {
      const login = await t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { email: "admin@hopebehindbars.test", password: release.adminPassword },
      });
      expect(login.statusCode, login.body).toBe(200);
      const headers = { authorization: `Bearer ${login.json().token}` };
      const count = (table: string) => before.get(table)?.rows.length;
      const gallery = await t.app.inject({ url: "/api/gallery?limit=50" });
      expect(gallery.json().images).toHaveLength(count("gallery_items") as number);
      const blogs = await t.app.inject({ url: "/api/blogs" });
      expect(JSON.stringify(blogs.json())).toContain(JSON.parse(before.get("blog_posts")?.rows[0] as string).title);
      const subscribers = await t.app.inject({ url: "/api/subscribe", headers });
      expect(subscribers.body).toContain("upgrade-friend@example.org");
      const messages = await t.app.inject({ url: "/api/messages/admin", headers });
      expect(messages.body).toContain("Sent before the upgrade.");
      const me = await t.app.inject({ url: "/api/admin/me", headers });
      expect(me.json()).toMatchObject({ role: "administrator" });
    });
  },
);

describe("npm run migrate on a database of an older release", () => {
  it("lists applied and pending migrations, applies the pending ones alone, then has nothing to do", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-migrate-"));
    try {
      copyFileSync(path.join(FIXTURES, `${RELEASES[0]?.name}.sqlite`), path.join(dataDir, "hope.sqlite"));
      const migrate = (...args: string[]) =>
        spawnSync(process.execPath, ["server/migrate-cli.ts", ...args], {
          env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: "test" },
          encoding: "utf8",
          timeout: 30_000,
        });
      const pending = Object.keys(migrations).length - 4;
      const status = migrate("--status");
      expect(status.stderr).toBe("");
      expect(status.stdout.match(/^applied \S+ {2}2026-11-21-/gm)).toHaveLength(4);
      expect(status.stdout.match(/^pending {2}/gm)).toHaveLength(pending);
      const run = migrate();
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(`${pending} migration(s) applied`);
      expect(migrate().stdout).toBe("Nothing to migrate: the database is current\n");
      expect(migrate("--wrong").status).toBe(2);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
