import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, type Dialect, migrateToLatest, openDatabase } from "../db/database.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "./support/dialects.ts";
import { fileBlob, multipartPayload } from "./support/multipart.ts";
import { sitePath } from "./support/site-url.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "./support/test-app.ts";

/**
 * The runbook's backup and restore (docs/deploy.md): deploy/backup.sh copies a site with content,
 * deploy/restore.sh puts it into a fresh DATA_DIR (and, on PostgreSQL, a fresh database), and a
 * site started there serves the same content, uploads included, to the same admin.
 */
const root = path.resolve(import.meta.dirname, "..");

function sh(script: string, args: string[], env: Record<string, string | undefined>) {
  const result = spawnSync(path.join(root, "deploy", script), args, {
    env: { PATH: `${path.join(root, "node_modules/.bin")}:${process.env.PATH}`, NODE_ENV: "test", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`${script} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The site as SQLite keeps it in production: DATA_DIR/hope.sqlite (what `npm run backup` reads). */
async function sqliteInDataDir(dir: string): Promise<TestDatabase> {
  const handle = openDatabase({ sqlitePath: path.join(dir, "hope.sqlite") });
  await migrateToLatest(handle);
  return { ...handle, dir, destroy: () => handle.close() };
}

describe.each(DIALECTS)("backup and restore on %s", (dialect: Dialect) => {
  let t: TestApp;
  let backupDir: string;
  let restoredDir: string;
  let restoredDatabaseUrl: string | undefined;
  let restored: DatabaseHandle | undefined;
  let r: TestApp | undefined;
  const pgUrl = process.env.TEST_DATABASE_URL as string;
  const backups = () =>
    readdirSync(backupDir)
      .filter((name) => name.startsWith("20"))
      .sort();

  const contentOf = async (site: TestApp, headers: { authorization: string }) => {
    const read = async (url: string, admin = false) => {
      const response = await site.app.inject({ url, headers: admin ? headers : {} });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json();
    };
    const gallery = await read("/api/gallery");
    const upload = await site.app.inject({ url: sitePath(gallery.images[0].imageUrls[0], site.config.publicSiteUrl) });
    expect(upload.statusCode).toBe(200);
    return {
      gallery,
      upload: upload.rawPayload,
      subscribers: await read("/api/subscribe", true),
      messages: await read("/api/messages/admin", true),
    };
  };

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "hbb-site-"));
    t = await createTestApp(dialect, {
      database: dialect === "sqlite" ? await sqliteInDataDir(dataDir) : await createTestDatabase(dialect),
    });
    const headers = await t.adminHeaders();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Sewing class graduation",
      description: "Twelve mothers received their certificates.",
      category: "Skills Training",
      eventDate: "2026-03-14",
    }))
      form.append(name, value);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0b5563" } })
      .png()
      .toBuffer();
    form.append("images", fileBlob(png), "class.png");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/gallery",
      ...(await multipartPayload(form, headers)),
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const payload of [
      { url: "/api/subscribe", body: { email: "friend@example.org" } },
      { url: "/api/messages", body: { name: "Abeba", email: "abeba@example.org", message: "How can I help?" } },
    ]) {
      const response = await t.app.inject({ method: "POST", url: payload.url, payload: payload.body });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    backupDir = mkdtempSync(path.join(os.tmpdir(), "hbb-backups-"));
    restoredDir = mkdtempSync(path.join(os.tmpdir(), "hbb-restored-"));
  });

  afterAll(async () => {
    await r?.app.close();
    await restored?.close();
    await t.close();
    if (restoredDatabaseUrl) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(restoredDatabaseUrl).pathname.slice(1)} with (force)`);
      await admin.end();
    }
    for (const dir of [backupDir, restoredDir, t.config.dataDir]) rmSync(dir, { recursive: true, force: true });
  });

  const backupEnv = () => ({
    DATA_DIR: t.config.dataDir,
    BACKUP_DIR: backupDir,
    BACKUP_KEEP: "2",
    ...(dialect === "postgres" ? { DATABASE_URL: pgUrl, PG_DUMP_OPTIONS: `--schema=${t.database.schema}` } : {}),
  });

  it("backs up nightly into dated folders, keeping the newest BACKUP_KEEP, uploads shared between them", () => {
    for (let night = 0; night < 3; night++) expect(sh("backup.sh", [], backupEnv())).toMatch(/^backup: /);
    const kept = backups();
    expect(kept).toHaveLength(2);
    const [older, newer] = kept.map((name) => path.join(backupDir, name)) as [string, string];
    expect(readdirSync(newer).sort()).toEqual([dialect === "sqlite" ? "database.sqlite" : "database.dump", "uploads"]);
    const anUpload = (dir: string) => {
      const gallery = path.join(dir, "uploads", "gallery");
      return path.join(gallery, readdirSync(gallery)[0] as string);
    };
    // Uploads never change once written: each night links the previous night's copy.
    expect(statSync(anUpload(newer)).ino).toBe(statSync(anUpload(older)).ino);
  });

  it("restores into a fresh DATA_DIR where the site serves the same content to the same admin", async () => {
    const before = await contentOf(t, await t.adminHeaders());
    const latest = path.join(backupDir, backups().at(-1) as string);
    if (dialect === "sqlite") {
      sh("restore.sh", [latest], { DATA_DIR: restoredDir });
      restored = openDatabase({ sqlitePath: path.join(restoredDir, "hope.sqlite") });
    } else {
      const name = `restore_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      restoredDatabaseUrl = url.toString();
      // A dump of one schema leaves out the extension the gallery's search index uses; a whole
      // database's dump (the runbook's) carries it.
      const fresh = new pg.Client({ connectionString: restoredDatabaseUrl });
      await fresh.connect();
      await fresh.query("create extension if not exists pg_trgm schema public");
      await fresh.end();
      sh("restore.sh", [latest], { DATA_DIR: restoredDir, DATABASE_URL: restoredDatabaseUrl });
      // Restoring over a database would leave behind the tables a newer release added: refused.
      expect(() => sh("restore.sh", [latest], { DATA_DIR: restoredDir, DATABASE_URL: restoredDatabaseUrl })).toThrow(
        /has \d+ tables: restore into an empty one/,
      );
      restored = openDatabase({ databaseUrl: restoredDatabaseUrl, pgSchema: t.database.schema });
    }
    // What a start does first; nothing is pending on a backup of the same release.
    expect(await migrateToLatest(restored)).toEqual([]);
    const database: TestDatabase = { ...restored, dir: restoredDir, destroy: async () => {} };
    r = await createTestApp(dialect, { database });
    const login = await r.app.inject({ method: "POST", url: "/api/admin/login", payload: TEST_ADMIN });
    expect(login.statusCode, login.body).toBe(200);
    const after = await contentOf(r, { authorization: `Bearer ${login.json().token}` });
    expect(after.gallery).toEqual(before.gallery);
    expect(after.subscribers).toEqual(before.subscribers);
    expect(after.messages).toEqual(before.messages);
    expect(Buffer.compare(after.upload, before.upload)).toBe(0);
  });
});
