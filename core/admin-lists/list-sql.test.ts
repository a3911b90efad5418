import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/dialects.ts";
import { listPage, listQuerySchema, parseListQuery } from "./list-query.ts";
import { containsPattern, containsText, pageOf } from "./list-sql.ts";

const schema = listQuerySchema(["newest", "name"], {});

describe("the list query", () => {
  it("defaults to the first page of 25, the first sort and no search", () => {
    expect(parseListQuery(schema, {})).toEqual({ page: 1, pageSize: 25, sort: "newest", q: "" });
  });

  it("reads the query string's text, trims the search and caps the page size at 100", () => {
    expect(parseListQuery(schema, { page: "3", pageSize: "5000", sort: "name", q: "  Hanna " })).toEqual({
      page: 3,
      pageSize: 100,
      sort: "name",
      q: "Hanna",
    });
  });

  it.each([
    [{ page: "0" }, "page", "Page must be a whole number from 1."],
    [{ page: "two" }, "page", "Page must be a whole number from 1."],
    [{ pageSize: "1.5" }, "pageSize", "Page must be a whole number from 1."],
    [{ sort: "email" }, "sort", "Sort must be one of: newest, name."],
    [{ q: "x".repeat(201) }, "q", "Please search with at most 200 characters."],
  ])("refuses %o", (input, field, message) => {
    expect(() => parseListQuery(schema, input)).toThrow(
      expect.objectContaining({ status: 400, fields: { [field]: message } }),
    );
  });

  it("escapes LIKE's wildcards and its escape character", () => {
    expect(containsPattern("50%_A\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});

describe.each(DIALECTS)("a page of rows on %s", (dialect) => {
  let database: TestDatabase;
  const NAMES = ["Abebe", "abebech", "100% Sure", "1000 Sure", "snake_case", "snakeXcase", "Back\\slash", "Backslash"];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await database.db
      .insertInto("contact_messages")
      .values(
        NAMES.map((name, index) => ({
          id: `00000000-0000-4000-8000-00000000000${index}`,
          name,
          email: `${index}@example.org`,
          message: "Hello",
          is_read: 0,
          created_at: `2026-11-0${index + 1}T00:00:00.000Z`,
        })),
      )
      .execute();
  });
  afterAll(() => database.destroy());

  const search = async (q: string, page = { page: 1, pageSize: 100 }) => {
    const { rows, total } = await pageOf(
      database.db.selectFrom("contact_messages").where((eb) => containsText(eb, ["name", "email"], q)),
      page,
      (qb) => qb.select("name").orderBy("created_at"),
    );
    return { names: rows.map((row) => row.name), total };
  };

  it("finds a search literally and whatever its case", async () => {
    expect(await search("ABEBE")).toEqual({ names: ["Abebe", "abebech"], total: 2 });
    expect(await search("0%")).toEqual({ names: ["100% Sure"], total: 1 });
    expect(await search("e_c")).toEqual({ names: ["snake_case"], total: 1 });
    expect(await search("k\\s")).toEqual({ names: ["Back\\slash"], total: 1 });
    expect(await search("%")).toEqual({ names: ["100% Sure"], total: 1 });
  });

  it("counts every matching row, and answers a partial last page and an empty page past the end", async () => {
    expect(await search("", { page: 1, pageSize: 3 })).toEqual({
      names: ["Abebe", "abebech", "100% Sure"],
      total: 8,
    });
    expect(await search("", { page: 3, pageSize: 3 })).toEqual({ names: ["Back\\slash", "Backslash"], total: 8 });
    expect(await search("", { page: 4, pageSize: 3 })).toEqual({ names: [], total: 8 });
  });

  it("answers the shape every list shares", () => {
    expect(listPage(["a"], 8, { page: 2, pageSize: 1 })).toEqual({
      items: ["a"],
      total: 8,
      page: 2,
      pageSize: 1,
    });
  });
});
