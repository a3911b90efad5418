import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";

describe("SQLite checkpoints in a worker thread", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Writes ~6 MB in small commits, as an import does, and answers the database file's size after. */
  async function grow(checkpointInWorker: boolean) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "hbb-wal-"));
    dirs.push(dir);
    const file = path.join(dir, "hope.sqlite");
    const { db, close } = openDatabase({ sqlitePath: file, checkpointInWorker });
    await sql`create table filler (id integer primary key, body text)`.execute(db);
    const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    for (let batch = 0; batch < 60; batch++) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 25; i++) await sql`insert into filler (body) values (${"x".repeat(4000)})`.execute(trx);
      });
    }
    return { file, close, autocheckpoint: autocheckpoint.rows[0]?.wal_autocheckpoint };
  }

  it("stops the server's connection checkpointing and copies the log into the file from the worker", async () => {
    const { file, close, autocheckpoint } = await grow(true);
    try {
      expect(autocheckpoint).toBe(0);
      // Nothing on this connection copies the ~6 MB of log into the file: only the worker can.
      await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(5_000_000);
    } finally {
      await close();
    }
  });

  it("leaves SQLite's own checkpoints to tools and tests that do not ask for the worker", async () => {
    const { close, autocheckpoint } = await grow(false);
    await close();
    expect(autocheckpoint).toBe(1000);
  });
});
