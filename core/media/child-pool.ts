import { type ChildProcess, fork } from "node:child_process";

/**
 * How many image children a pool keeps at most: one fewer than the cores, at least one. Decoding and
 * encoding also take memory bandwidth and cache, which no priority keeps from the pages: with a
 * child on every core a page's p99 doubled while an upload was prepared (docs/decisions/0440) and
 * was 2–3 × higher while its variants were encoded (docs/decisions/0548).
 */
export function imageChildrenFor(cores: number): number {
  return Math.max(1, cores - 1);
}

/** How a pool's children are started: `fork`'s execPath and execArgv (e.g. through `chrt --idle 0`). */
export interface ChildLaunch {
  execPath?: string;
  execArgv: string[];
  /**
   * Called when a child started this way ends before it is ready (the wrapper missing or refused):
   * the waiting work is then given to a child started anew (the launch asked again), not failed.
   */
  onFailedStart?: () => void;
}

export interface ChildPoolOptions {
  /** The module each child runs; it calls `serveParent`. */
  module: string;
  /** Names the pool in errors ("variant encoder"). */
  name: string;
  /** How many children at most, each doing one thing at a time. */
  size: number;
  /** A child without work for this long is let go (it exits), so an idle server keeps none. */
  idleMs: number;
  /** Asked before each start; plain `node` with no flags by default. */
  launch?: () => ChildLaunch;
}

export interface ChildPool<M, A> {
  /** Sends `message` to a free child (started if none is) and resolves with its answer. */
  ask(message: M): Promise<A>;
  /** The process ids of the children running now (for tests and the operator). */
  pids(): number[];
  /** Lets every idle child go now; busy ones finish their work first. */
  close(): void;
}

type Reply<A> = { ready: true } | { id: number; ok: true; answer: A } | { id: number; ok: false; error: string };

interface Task<M, A> {
  message: M;
  resolve: (answer: A) => void;
  reject: (error: Error) => void;
}

interface Child<M, A> {
  process: ChildProcess;
  launch: ChildLaunch;
  ready: boolean;
  gone: boolean;
  task?: Task<M, A> & { id: number };
  idleTimer?: NodeJS.Timeout;
}

/**
 * Long-lived child processes that do one thing at a time each, for the image work of
 * docs/decisions/0440: up to `size` children, started when work comes and nothing is free, kept
 * warm for `idleMs` after their last answer, so a burst pays one Node start per child, not per
 * image. A child that dies (crash, kill) rejects the work it had, and the next work starts a new
 * one. Work in flight keeps this process alive for its answer; an idle child never keeps it from
 * exiting, and exits itself when this process goes (its IPC channel closes).
 */
export function createChildPool<M extends object, A>(options: ChildPoolOptions): ChildPool<M, A> {
  const { module, name, size, idleMs } = options;
  const children = new Set<Child<M, A>>();
  const idle: Child<M, A>[] = [];
  const queue: Task<M, A>[] = [];
  let nextId = 0;

  function holdOpen(child: Child<M, A>, hold: boolean) {
    if (hold) {
      child.process.ref();
      child.process.channel?.ref();
    } else {
      child.process.unref();
      child.process.channel?.unref();
    }
  }

  function run(child: Child<M, A>, task: Task<M, A>) {
    clearTimeout(child.idleTimer);
    const id = nextId++;
    child.task = { ...task, id };
    holdOpen(child, true);
    child.process.send({ id, message: task.message }, (error) => {
      if (error && child.task?.id === id) stop(child, error);
    });
  }

  /** A free child takes the next work, or waits for some until `idleMs` has passed. */
  function free(child: Child<M, A>) {
    child.task = undefined;
    const task = queue.shift();
    if (task) return run(child, task);
    holdOpen(child, false);
    idle.push(child);
    child.idleTimer = setTimeout(() => letGo(child), idleMs);
    child.idleTimer.unref();
  }

  function letGo(child: Child<M, A>) {
    const at = idle.indexOf(child);
    if (at !== -1) idle.splice(at, 1);
    clearTimeout(child.idleTimer);
    child.gone = true;
    children.delete(child);
    // The child exits when its channel closes (serveParent).
    if (child.process.connected) child.process.disconnect();
  }

  /**
   * The child is dead or unusable: whatever it was doing fails, and waiting work gets a new child.
   * A child that never got ready through a launch with `onFailedStart` fails no work: it is retried.
   */
  function stop(child: Child<M, A>, error: Error) {
    if (child.gone) return;
    const retry = !child.ready && child.launch.onFailedStart !== undefined;
    const task = child.task ?? (child.ready || retry ? undefined : queue.shift());
    letGo(child);
    child.process.kill("SIGKILL");
    if (retry) child.launch.onFailedStart?.();
    task?.reject(error);
    pump();
  }

  function start() {
    const launch = options.launch?.() ?? { execArgv: [] };
    const child: Child<M, A> = {
      launch,
      process: fork(module, [], {
        ...(launch.execPath ? { execPath: launch.execPath } : {}),
        execArgv: launch.execArgv,
        serialization: "advanced",
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
      ready: false,
      gone: false,
    };
    children.add(child);
    child.process.on("message", (reply: Reply<A>) => {
      if ("ready" in reply) {
        child.ready = true;
        free(child);
        return pump();
      }
      const task = child.task;
      if (!task || task.id !== reply.id) return;
      if (reply.ok) task.resolve(reply.answer);
      else task.reject(new Error(`${name} failed: ${reply.error}`));
      free(child);
    });
    child.process.on("error", (error) => stop(child, error));
    child.process.on("exit", (code, signal) =>
      stop(child, new Error(`${name} stopped (${signal ?? `exit ${code}`}) before answering`)),
    );
  }

  /**
   * Gives waiting work to idle children, and starts a child while there is work and room: one at a
   * time, the next once the last is ready. Each start forks this process, which holds its event
   * loop for tens of milliseconds when it is large; two at once held every page request meanwhile
   * for both (docs/decisions/0545).
   */
  function pump() {
    while (queue.length > 0 && idle.length > 0) run(idle.pop() as Child<M, A>, queue.shift() as Task<M, A>);
    const starting = [...children].some((child) => !child.ready);
    if (!starting && queue.length > 0 && children.size < size) start();
  }

  return {
    ask(message) {
      return new Promise<A>((resolve, reject) => {
        queue.push({ message, resolve, reject });
        pump();
      });
    },
    pids: () => [...children].flatMap((child) => (child.process.pid ? [child.process.pid] : [])),
    close() {
      for (const child of [...idle]) letGo(child);
    },
  };
}

/**
 * The child's side (call it once the module is ready for work): answers each `ask` with what
 * `handle` returns (a throw goes back as the pool's error), one at a time as the pool sends them,
 * and exits when the parent lets go of it or goes away.
 */
export function serveParent<M, A>(handle: (message: M) => Promise<A> | A): void {
  process.on("message", async ({ id, message }: { id: number; message: M }) => {
    let reply: Reply<A>;
    try {
      reply = { id, ok: true, answer: await handle(message) };
    } catch (error) {
      reply = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    if (process.connected) process.send?.(reply);
  });
  process.once("disconnect", () => process.exit(0));
  if (!process.connected) process.exit(0);
  process.send?.({ ready: true }, (error: Error | null) => {
    if (error) process.exit(0);
  });
}
