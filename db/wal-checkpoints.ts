import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

/** How often the worker copies the log into the database; about 1,000 pages are written meanwhile at most under an import. */
export const CHECKPOINT_EVERY_MS = 250;

/**
 * Moves SQLite's checkpoints off the event loop (docs/decisions/0893-sqlite-checkpoints-in-a-worker.md).
 * By default the commit that grows the write-ahead log past 1,000 pages copies it into the database
 * file and flushes both, inside better-sqlite3's synchronous call: 25–60 ms in which the server
 * answers nobody, every ~440 addresses of an import. Here the connection stops checkpointing and a
 * worker thread does it on a connection of its own. If the worker ever stops, the connection goes
 * back to checkpointing itself, so the log cannot grow without end.
 */
export function startWalCheckpoints(sqlite: SQLite.Database, file: string): { stop(): Promise<void> } {
  sqlite.pragma("wal_autocheckpoint = 0");
  const worker = new Worker(new URL("./wal-checkpoint.worker.ts", import.meta.url), {
    workerData: { file, everyMs: CHECKPOINT_EVERY_MS },
  });
  worker.unref();
  let stopping = false;
  const selfCheckpoint = () => {
    if (!stopping && sqlite.open) sqlite.pragma("wal_autocheckpoint = 1000");
  };
  worker.on("error", selfCheckpoint);
  worker.on("exit", selfCheckpoint);
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      // Held by the worker until it has closed its connection: a process with nothing else left
      // to do (a CLI) would otherwise end while this waits.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
