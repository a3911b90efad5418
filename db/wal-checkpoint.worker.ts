/**
 * The worker thread behind `startWalCheckpoints` (db/wal-checkpoints.ts): its own connection to the
 * site's SQLite file, copying the write-ahead log into the database every few hundred milliseconds.
 * PASSIVE never waits for a lock and never stops the main thread's readers or writer; what it
 * cannot copy yet it copies next time.
 */
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

const { file, everyMs } = workerData as { file: string; everyMs: number };
const connection = new SQLite(file);
const timer = setInterval(() => {
  try {
    connection.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Busy (a backup's checkpoint) or the file going away at shutdown: the next turn tries again.
  }
}, everyMs);

parentPort?.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  connection.close();
  parentPort?.close();
});
