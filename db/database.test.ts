import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../tests/support/dialects.ts";
import { migrateToLatest } from "./database.ts";
import { migrations } from "./migrations/index.ts";

describe.each(DIALECTS)("migrations on %s", (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.destroy());

  it("apply to an empty database and are idempotent on restart", async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const first = await migrateToLatest(database);
    expect(first).toEqual(Object.keys(migrations));
    expect(first[0]).toBe("2026-11-21-001-initial");
    expect(await migrateToLatest(database)).toEqual([]);
    const tables = (await database.db.introspection.getTables()).map((t) => t.name);
    for (const table of [
      "admin_users",
      "admin_sessions",
      "blog_posts",
      "publications",
      "gallery_items",
      "gallery_images",
      "videos",
      "volunteer_applications",
      "contact_messages",
      "subscribers",
    ]) {
      expect(tables).toContain(table);
    }
  });

  it("enforces integrity in the database: unique subscriber e-mail and enum checks", async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    const now = new Date().toISOString();
    await db.insertInto("subscribers").values({ id: "s1", email: "a@b.c", created_at: now }).execute();
    await expect(
      db.insertInto("subscribers").values({ id: "s2", email: "a@b.c", created_at: now }).execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("videos")
        .values({
          id: "v1",
          title: "t",
          description: "d",
          youtube_id: "dQw4w9WgXcQ",
          category: "Bloopers",
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("applies a migration that lands after a later-dated one already ran", async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const names = Object.keys(migrations);
    expect(names.length).toBeGreaterThanOrEqual(3);
    const lateComer = names[1] as string;
    // A database that ran every migration but one with an earlier date (it landed later).
    const without = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== lateComer));
    const earlier = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => without },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    expect((await earlier.migrateToLatest()).error).toBeUndefined();
    expect(await migrateToLatest(database)).toEqual([lateComer]);
  });

  // The outbox rows become `staff-mail` jobs, which 2026-11-22-030 turns into `email` jobs to staff.
  it("moves the old outbox's unsent staff e-mails into the jobs table, and drops the outbox", async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const jobsMigration = "2026-11-22-010-jobs";
    const before = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    const names = Object.keys(migrations);
    expect((await before.migrateTo(names[names.indexOf(jobsMigration) - 1] as string)).error).toBeUndefined();
    const outbox = (database.db as Kysely<any>).insertInto("staff_notifications");
    const row = { reply_to: null, last_error: null, created_at: "2026-11-21T08:00:00.000Z" };
    await outbox
      .values([
        {
          ...row,
          id: "sent",
          subject: "Sent",
          body: "b",
          attempts: 1,
          next_attempt_at: row.created_at,
          sent_at: row.created_at,
        },
        {
          ...row,
          id: "waiting",
          subject: "New message from Abebe",
          body: "Hello",
          reply_to: "abebe@example.org",
          attempts: 2,
          next_attempt_at: "2026-11-21T08:01:30.000Z",
          last_error: "connect ECONNREFUSED",
        },
        { ...row, id: "exhausted", subject: "Old", body: "b", attempts: 20, next_attempt_at: row.created_at },
      ])
      .execute();

    expect(await migrateToLatest(database)).toContain(jobsMigration);
    const jobs = await database.db.selectFrom("jobs").selectAll().orderBy("id").execute();
    expect(jobs.map((job) => [job.id, job.type, job.status, job.attempts])).toEqual([
      ["exhausted", "email", "failed", 20],
      ["waiting", "email", "queued", 2],
    ]);
    expect(jobs[1]).toMatchObject({ run_at: "2026-11-21T08:01:30.000Z", last_error: "connect ECONNREFUSED" });
    expect(JSON.parse(jobs[1]?.payload as string)).toEqual({
      subject: "New message from Abebe",
      text: "Hello",
      replyTo: "abebe@example.org",
    });
    // Introspection reads the handle's own schema only (db/postgres-introspector.ts); the filter says so.
    const tables = (await database.db.introspection.getTables())
      .filter((t) => t.schema === database.schema)
      .map((t) => t.name);
    expect(tables).toContain("jobs");
    expect(tables).not.toContain("staff_notifications");
  });
});
