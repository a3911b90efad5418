import path from "node:path";
import SQLite from "better-sqlite3";

/**
 * After a kill -9, makes the dead run's job claims lapsed, as they would be once their claim time
 * (30 s for variants and newsletters) had passed: the restarted worker then takes them up at its
 * first look rather than after that wait. Only the time moves; the rows stay as the crash left them
 * (status running, attempts counted, progress kept). Call it between `crash()` and the restart.
 */
export function lapseClaims(dataDir: string): number {
  const db = new SQLite(path.join(dataDir, "hope.sqlite"));
  try {
    const past = new Date(Date.now() - 60 * 60_000).toISOString();
    return db.prepare("update jobs set locked_until = ? where status = 'running'").run(past).changes;
  } finally {
    db.close();
  }
}
