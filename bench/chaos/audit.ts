import { readdirSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

/** `PRAGMA integrity_check` of a SQLite file; "ok" when sound. Opening it replays the WAL, as a restart would. */
export function integrityCheck(file: string): string {
  const db = new SQLite(file);
  try {
    const rows = db.pragma("integrity_check") as Array<{ integrity_check: string }>;
    return rows.map((r) => r.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

function walk(dir: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/**
 * Every text value in every table of a SQLite file but the job queue's (see KillStore.rowText).
 */
export function sqliteRowText(sqliteFile: string): string {
  const db = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != 'jobs'")
      .pluck()
      .all() as string[];
    const parts: string[] = [];
    for (const table of tables) {
      for (const row of db.prepare(`select * from "${table}"`).raw().iterate() as Iterable<unknown[]>) {
        for (const cell of row) if (typeof cell === "string") parts.push(cell);
      }
    }
    return parts.join("\n");
  } finally {
    db.close();
  }
}

export interface UploadsAudit {
  files: number;
  /** Finished files that no row refers to. */
  orphans: string[];
  /** Half-written temp files (`.name.xxxx.tmp`) of an interrupted upload. */
  temps: string[];
  /** Files a row refers to that are not on disk (broken images). */
  missing: string[];
  orphanBytes: number;
}

const KEY_IN_TEXT = /(?:gallery|blog|publications)\/[a-zA-Z0-9-]+\.(?:avif|webp|jpg)/g;

/**
 * Compares DATA_DIR/uploads with the rows' text (KillStore.rowText): keys are server-generated
 * (`gallery/<uuid>-640.webp`), so a file is referenced when its key appears in any row's text,
 * whatever column holds it.
 */
export function auditUploads(dataDir: string, text: string): UploadsAudit {
  const root = path.join(dataDir, "uploads");
  const files = walk(root);
  const keys = new Set(files.map((file) => path.relative(root, file).split(path.sep).join("/")));
  const temps = [...keys].filter((key) => path.basename(key).startsWith(".") || key.endsWith(".tmp"));
  const orphans = [...keys].filter((key) => !temps.includes(key) && !text.includes(key));
  const missing = [...new Set(text.match(KEY_IN_TEXT) ?? [])].filter((key) => !keys.has(key));
  const orphanBytes = [...orphans, ...temps].reduce((sum, key) => sum + statSync(path.join(root, key)).size, 0);
  return { files: keys.size, orphans, temps, missing, orphanBytes };
}

/**
 * Makes every upload file look `hours` old. A clean-up may rightly spare young files (an upload in
 * progress on another instance); aging them stands for the time that passes after a crash.
 */
export function ageUploads(dataDir: string, hours: number) {
  const when = new Date(Date.now() - hours * 3600_000);
  for (const file of walk(path.join(dataDir, "uploads"))) utimesSync(file, when, when);
}
