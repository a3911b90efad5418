import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/dialects.ts";
import { galleryListQuery, insertGalleryItem } from "./gallery.repository.ts";

const WORDS = ["sewing", "bread", "literacy", "school", "football", "garden", "clinic", "library"];

describe.each(DIALECTS)("gallery search plan on %s", (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    for (let i = 0; i < 300; i++) {
      const word = WORDS[i % WORDS.length];
      await insertGalleryItem(
        database.db,
        `item-${i}`,
        {
          title: `${word} day ${i}`,
          description: `Notes number ${i} about the ${word} programme.`,
          category: "Education",
          eventDate: `2025-01-${String((i % 28) + 1).padStart(2, "0")}`,
        },
        [],
        { status: "published", publishAt: null },
        new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
      );
    }
    if (dialect === "postgres") await sql`analyze gallery_items`.execute(database.db);
  });
  afterAll(() => database.destroy());

  it("answers a selective substring search from the trigram index, not by reading every row", async () => {
    const query = galleryListQuery(database.db, dialect, { offset: 0, limit: 9, search: "Number 123 " }).compile();
    const plan = await database.db.connection().execute(async (connection) => {
      if (dialect === "postgres") {
        // On a table this small, walking the whole table or the date index is cheapest; forbid
        // both to see that the search predicate itself can be answered from an index.
        await sql`set enable_seqscan = off`.execute(connection);
        await sql`set enable_indexscan = off`.execute(connection);
        const result = await connection.executeQuery<{ "QUERY PLAN": string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
        await sql`reset enable_seqscan`.execute(connection);
        await sql`reset enable_indexscan`.execute(connection);
        return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
      }
      const result = await connection.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return result.rows.map((r) => r.detail).join("\n");
    });
    if (dialect === "postgres") {
      expect(plan).toMatch(/Bitmap Index Scan on gallery_items_search_trgm_idx/);
    } else {
      expect(plan).toMatch(/SCAN gallery_search VIRTUAL TABLE INDEX/);
    }
    const rows = await galleryListQuery(database.db, dialect, { offset: 0, limit: 9, search: "Number 123 " }).execute();
    expect(rows.map((r) => r.id)).toEqual(["item-123"]);
  });
});
