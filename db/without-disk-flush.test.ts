import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../tests/support/dialects.ts";
import { withoutDiskFlush } from "./database.ts";

describe.each(DIALECTS)("withoutDiskFlush on %s", (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.destroy());

  it("commits the write, relaxes the flush for it only, and leaves other writes as durable as before", async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    const setting = async (d = db) =>
      dialect === "sqlite"
        ? String(Object.values((await sql<Record<string, unknown>>`pragma synchronous`.execute(d)).rows[0] ?? {})[0])
        : String(
            (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(d)).rows[0]?.synchronous_commit,
          );
    const before = await setting();
    const during = await withoutDiskFlush(database, async (connection) => {
      await connection
        .insertInto("subscribers")
        .values({ id: "s1", email: "a@b.c", created_at: new Date().toISOString() })
        .execute();
      return setting(connection);
    });
    expect(during).toBe(dialect === "sqlite" ? "1" : "off"); // NORMAL
    expect(await setting()).toBe(before);
    expect(before).toBe(dialect === "sqlite" ? "2" : "on"); // FULL
    expect(await db.selectFrom("subscribers").select("email").execute()).toEqual([{ email: "a@b.c" }]);

    // A failing write restores the setting too.
    await expect(
      withoutDiskFlush(database, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await setting()).toBe(before);
  });
});
