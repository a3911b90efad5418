import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ChildLaunch, type ChildPool, createChildPool, imageChildrenFor } from "./child-pool.ts";

const CHILD = fileURLToPath(new URL("./child-pool.fixture.child.ts", import.meta.url));

type Message = { hang?: boolean; fail?: string };

/** Whether a process with this id still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("child pool (the image work's long-lived children, docs/decisions/0440)", () => {
  it("keeps a core for the pages: one child fewer than the cores, and one where there is only one", () => {
    expect([1, 2, 4, 8].map(imageChildrenFor)).toEqual([1, 1, 3, 7]);
  });

  const pools: ChildPool<Message, { pid: number }>[] = [];
  const pool = (size: number, idleMs = 60_000, launch?: () => ChildLaunch) => {
    const created = createChildPool<Message, { pid: number }>({
      module: CHILD,
      name: "test child",
      size,
      idleMs,
      launch,
    });
    pools.push(created);
    return created;
  };
  afterEach(() => {
    for (const created of pools.splice(0)) {
      for (const pid of created.pids()) process.kill(pid, "SIGKILL");
    }
  });

  it("answers one ask after another from the same warm child", async () => {
    const children = pool(2);
    const first = await children.ask({});
    const second = await children.ask({});
    expect(second.pid).toBe(first.pid);
    expect(children.pids()).toEqual([first.pid]);
  });

  it("runs up to `size` children at once and queues the rest for them", async () => {
    const children = pool(2);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => children.ask({})));
    const pids = new Set(answers.map((answer) => answer.pid));
    expect(pids.size).toBeLessThanOrEqual(2);
    expect(children.pids().length).toBeLessThanOrEqual(2);
  });

  it("starts one child at a time: the next once the last is ready (each start holds this process up)", async () => {
    const children = pool(3);
    const answers = [1, 2, 3].map(() => children.ask({ hang: true }));
    expect(children.pids()).toHaveLength(1);
    await vi.waitFor(() => expect(children.pids()).toHaveLength(3), { timeout: 10_000 });
    for (const pid of children.pids()) process.kill(pid, "SIGKILL");
    await Promise.allSettled(answers);
  });

  it("starts children plainly when the wrapper they are started through is missing, failing no work", async () => {
    let wrapped = true;
    const children = pool(1, 60_000, () =>
      wrapped
        ? { execPath: "/nonexistent/wrapper", execArgv: [process.execPath], onFailedStart: () => (wrapped = false) }
        : { execArgv: [] },
    );
    const answer = await children.ask({});
    expect(wrapped).toBe(false);
    expect(children.pids()).toEqual([answer.pid]);
  });

  it("rejects with the child's error and keeps the child", async () => {
    const children = pool(1);
    const { pid } = await children.ask({});
    await expect(children.ask({ fail: "bad input" })).rejects.toThrow("test child failed: bad input");
    expect((await children.ask({})).pid).toBe(pid);
  });

  it("rejects the work of a child that is killed, and starts a new child for the next", async () => {
    const children = pool(1);
    const { pid } = await children.ask({});
    const hanging = children.ask({ hang: true });
    process.kill(pid, "SIGKILL");
    await expect(hanging).rejects.toThrow("test child stopped (SIGKILL) before answering");
    const next = await children.ask({});
    expect(next.pid).not.toBe(pid);
    expect(children.pids()).toEqual([next.pid]);
  });

  it("rejects waiting work when a child dies before it is ready, and the next ask works", async () => {
    const children = pool(1);
    const hanging = children.ask({ hang: true });
    await vi.waitFor(() => expect(children.pids()).toHaveLength(1));
    const [pid] = children.pids() as [number];
    process.kill(pid, "SIGKILL");
    await expect(hanging).rejects.toThrow("test child stopped (SIGKILL) before answering");
    expect((await children.ask({})).pid).not.toBe(pid);
  });

  it("lets an idle child go after the idle time: it exits", async () => {
    const children = pool(1, 50);
    const { pid } = await children.ask({});
    await vi.waitFor(() => expect(children.pids()).toEqual([]), { timeout: 5_000 });
    await vi.waitFor(() => expect(running(pid)).toBe(false), { timeout: 5_000 });
  });
});
