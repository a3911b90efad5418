import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import Fastify from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import errors from "./errors.ts";

const OUT_OF_SPACE = { message: "The server has run out of storage space. Please try again later." };

// Found by `npm run chaos` (disk full on a small tmpfs): every write answered 500 while the disk was full.
describe("a full disk", () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(errors);
    // /dev/full answers every write with ENOSPC, exactly as a full file system does.
    app.post("/write-file", async () => writeFile("/dev/full", "an upload's bytes"));
    app.post("/postgres-full", async () => {
      throw Object.assign(new pg.DatabaseError("could not extend file: No space left on device", 0, "error"), {
        code: "53100",
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.runIf(existsSync("/dev/full"))("answers 507 with a message when a file cannot be written (ENOSPC)", async () => {
    const response = await app.inject({ method: "POST", url: "/write-file" });
    expect([response.statusCode, response.json()]).toEqual([507, OUT_OF_SPACE]);
  });

  it("answers 507 with a message when PostgreSQL's disk is full (SQLSTATE 53100)", async () => {
    const response = await app.inject({ method: "POST", url: "/postgres-full" });
    expect([response.statusCode, response.json()]).toEqual([507, OUT_OF_SPACE]);
  });
});

describe("a full SQLite database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("answers 507 with a message to writes, and reads go on working", async () => {
    const authorization = (await t.adminHeaders()).authorization;
    // The file may not grow past its current size: SQLite then fails writes with SQLITE_FULL.
    await sql`pragma max_page_count = 1`.execute(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(507); i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/videos",
        headers: { authorization },
        payload: {
          title: `Video ${i}`,
          description: "x".repeat(4000),
          youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
          category: "Testimonials",
        },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 507) expect(response.json()).toEqual(OUT_OF_SPACE);
    }
    expect(statuses.filter((status) => status !== 201)).toEqual([507]);
    expect((await t.app.inject({ method: "GET", url: "/api/videos" })).statusCode).toBe(200);
  });
});
