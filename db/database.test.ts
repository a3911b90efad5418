import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../tests/support/dialects.ts";
import { migrateToLatest } from "./database.ts";
import { INITIAL_MIGRATION, migrations } from "./migrations/index.ts";

describe.each(DIALECTS)("migrations on %s", (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.destroy());

  it("apply to an empty database and are idempotent on restart", async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const first = await migrateToLatest(database);
    expect(first).toEqual(Object.keys(migrations));
    expect(first[0]).toBe(INITIAL_MIGRATION);
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
});
