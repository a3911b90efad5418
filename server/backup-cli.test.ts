import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../db/database.ts";

describe("backup command", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-backup-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("copies a live database consistently, including rows still in the WAL", async () => {
    const live = openDatabase({ sqlitePath: path.join(dataDir, "hope.sqlite") });
    await migrateToLatest(live);
    await live.db
      .insertInto("subscribers")
      .values({ id: "s1", email: "friend@example.org", created_at: new Date().toISOString() })
      .execute();
    const target = path.join(dataDir, "copy.sqlite");
    const result = spawnSync(process.execPath, ["server/backup-cli.ts", target], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: "test" },
      encoding: "utf8",
      timeout: 30_000,
    });
    await live.close();
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain(`to ${target}`);
    const copy = new SQLite(target, { readonly: true });
    expect(copy.prepare("select email from subscribers").all()).toEqual([{ email: "friend@example.org" }]);
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    copy.close();
  });

  it("says to use pg_dump for PostgreSQL", () => {
    const result = spawnSync(process.execPath, ["server/backup-cli.ts"], {
      env: { PATH: process.env.PATH, DATABASE_URL: "postgres://x@127.0.0.1/db", NODE_ENV: "test" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("pg_dump");
  });
});
