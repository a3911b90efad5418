import { type ChildProcess, fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { ValidationError } from "../shared/errors.ts";
import type { PreparedSource } from "./image-pipeline.ts";

const CHILD = fileURLToPath(new URL("./source-preparer.child.ts", import.meta.url));

/** The request's part of an upload (`prepareSource`), done where it cannot hold up page requests. */
export type SourcePreparer = (bytes: Uint8Array, field: string) => Promise<PreparedSource>;

type Answer =
  | { ready: true }
  | { id: number; ok: true; source: PreparedSource }
  | { id: number; ok: false; refused?: { message: string; fields: Record<string, string> }; error?: string };

interface Worker {
  child: ChildProcess;
  ask(bytes: Uint8Array, field: string): Promise<PreparedSource>;
  idleTimer?: NodeJS.Timeout;
  dead: boolean;
}

/** Starts one preparing process and resolves once it is ready for work. */
function startWorker(): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      execArgv: [],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const pending = new Map<number, { resolve: (s: PreparedSource) => void; reject: (e: Error) => void }>();
    /** Work in flight keeps this process alive for its answer; an idle child never keeps it from exiting. */
    const holdOpen = (hold: boolean) => {
      if (hold) {
        child.ref();
        child.channel?.ref();
      } else {
        child.unref();
        child.channel?.unref();
      }
    };
    let nextId = 0;
    const worker: Worker = {
      child,
      dead: false,
      ask(bytes, field) {
        return new Promise((resolveAsk, rejectAsk) => {
          const id = nextId++;
          if (pending.size === 0) holdOpen(true);
          pending.set(id, { resolve: resolveAsk, reject: rejectAsk });
          child.send({ id, bytes, field }, (error) => {
            if (!error) return;
            pending.delete(id);
            rejectAsk(error);
          });
        });
      },
    };
    child.on("message", (answer: Answer) => {
      if ("ready" in answer) {
        holdOpen(false);
        return resolve(worker);
      }
      const waiter = pending.get(answer.id);
      if (!waiter) return;
      pending.delete(answer.id);
      if (pending.size === 0) holdOpen(false);
      if (answer.ok) {
        const { source } = answer;
        waiter.resolve({ ...source, largest: { ...source.largest, data: Buffer.from(source.largest.data) } });
      } else if (answer.refused) waiter.reject(new ValidationError(answer.refused.message, answer.refused.fields));
      else waiter.reject(new Error(`preparing the upload failed: ${answer.error}`));
    });
    const fail = (error: Error) => {
      worker.dead = true;
      reject(error);
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    };
    child.on("error", fail);
    child.on("exit", (code, signal) => fail(new Error(`upload preparer stopped (${signal ?? `exit ${code}`})`)));
  });
}

/**
 * Prepares uploads in child processes a little below requests (nice 5): a page request gets the CPU
 * first, and with no page to serve the upload still has every core (docs/decisions/0440). As many
 * children as cores, started on the first upload and let go after `idleMs` without work, so an
 * instance that takes no uploads keeps no such process (and its memory).
 */
export function createSourcePreparer(
  parallel = Math.max(1, os.availableParallelism()),
  idleMs = 15_000,
): SourcePreparer {
  const idle: Worker[] = [];
  const waiting: Array<{ resolve: (worker: Worker) => void; reject: (error: unknown) => void }> = [];
  let started = 0;

  function retire(worker: Worker) {
    worker.dead = true;
    started--;
    worker.child.disconnect?.();
  }

  async function acquire(): Promise<Worker> {
    for (let worker = idle.pop(); worker; worker = idle.pop()) {
      clearTimeout(worker.idleTimer);
      if (!worker.dead) return worker;
      started--;
    }
    if (started < parallel) {
      started++;
      try {
        return await startWorker();
      } catch (error) {
        started--;
        throw error;
      }
    }
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  }

  function release(worker: Worker) {
    if (worker.dead) {
      started--;
      // A waiting upload gets a new child.
      const next = waiting.shift();
      if (next) acquire().then(next.resolve, next.reject);
      return;
    }
    const next = waiting.shift();
    if (next) return next.resolve(worker);
    worker.idleTimer = setTimeout(() => {
      const at = idle.indexOf(worker);
      if (at !== -1) idle.splice(at, 1);
      retire(worker);
    }, idleMs);
    worker.idleTimer.unref();
    idle.push(worker);
  }

  return async (bytes, field) => {
    const worker = await acquire();
    try {
      return await worker.ask(bytes, field);
    } finally {
      release(worker);
    }
  };
}
