import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-cli-"));
const run = (args: string[], input: string) =>
  spawnSync(process.execPath, ["server/admin-cli.ts", ...args], {
    input,
    encoding: "utf8",
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: "test" },
    timeout: 30_000,
  });

describe("admin CLI", () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("creates an admin with the password from stdin, hashed with argon2id", async () => {
    const result = run(["create", "Director@HopeBehindBars.org"], "a long enough password\n");
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("Admin director@hopebehindbars.org created.\n");
    const { db, close } = openDatabase({ sqlitePath: path.join(dataDir, "hope.sqlite") });
    const admin = await db.selectFrom("admin_users").selectAll().executeTakeFirstOrThrow();
    await close();
    expect(admin.email).toBe("director@hopebehindbars.org");
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(admin.password_hash).not.toContain("a long enough password");
  });

  it("refuses a short password and a duplicate e-mail with a clear message", () => {
    const short = run(["create", "other@hopebehindbars.org"], "short\n");
    expect(short.status).toBe(1);
    expect(short.stderr).toBe("Password must be at least 12 characters.\n");
    const duplicate = run(["create", "director@hopebehindbars.org"], "another long password\n");
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toMatch(/already exists/);
  });

  it("refuses a common or breached password and says why", () => {
    const common = run(["create", "other@hopebehindbars.org"], "password1234\n");
    expect(common.status).toBe(1);
    expect(common.stderr).toBe(
      "This password is too common: it is, or is close to, one found in lists of breached passwords. Choose another: a few unrelated words make a strong one.\n",
    );
    const reset = run(["reset-password", "director@hopebehindbars.org"], "123456789012\n");
    expect(reset.status).toBe(1);
    expect(reset.stderr).toMatch(/^This password is too common/);
  });

  it("resets a password, and refuses an unknown e-mail", () => {
    expect(run(["reset-password", "director@hopebehindbars.org"], "a new long password!\n").status).toBe(0);
    const unknown = run(["reset-password", "ghost@hopebehindbars.org"], "a new long password!\n");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe("No admin with e-mail ghost@hopebehindbars.org.\n");
  });

  it("explains its usage", () => {
    const result = run(["delete"], "");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Usage: npm run admin -- create <email> \| reset-password <email>/);
  });
});
