import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.ts";
import { connectAgain, createTestDatabase, DIALECTS, type TestDatabase } from "../../tests/support/dialects.ts";
import { createJobQueue, FIRST_RETRY_MS, type JobDefinition, recurringKey, StillWaiting } from "./jobs.service.ts";
import { startJobWorker } from "./jobs.worker.ts";

const quietLog = { warn: () => undefined, error: () => undefined };

describe.each(DIALECTS)("durable jobs on %s", (dialect) => {
  let database: TestDatabase | undefined;
  const others: DatabaseHandle[] = [];
  let now = new Date("2026-11-22T09:00:00Z");
  const clock = () => now;
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  afterEach(async () => {
    for (const other of others.splice(0)) await other.close();
    await database?.destroy();
    database = undefined;
    now = new Date("2026-11-22T09:00:00Z");
  });

  /** A queue with one job type that records what it ran and fails while `failing` is set. */
  async function setUp(options: Partial<JobDefinition<{ n: number }>> = {}) {
    database ??= await createTestDatabase(dialect);
    const queue = createJobQueue({ database, clock });
    const ran: number[] = [];
    const control = { failing: false };
    queue.register<{ n: number }>({
      type: "test.record",
      async handle({ n }) {
        if (control.failing) throw new Error(`refused ${n}`);
        ran.push(n);
      },
      ...options,
    });
    return { db: database.db, queue, ran, control };
  }

  const rows = () => (database as TestDatabase).db.selectFrom("jobs").selectAll().execute();

  it("stores a job only with the transaction that enqueued it", async () => {
    const { db, queue, ran } = await setUp();
    await expect(
      db.transaction().execute(async (trx) => {
        await queue.enqueue(trx, { type: "test.record", payload: { n: 1 } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await db.transaction().execute((trx) => queue.enqueue(trx, { type: "test.record", payload: { n: 2 } }));
    expect(await queue.runDue()).toEqual({ done: 1, failed: 0 });
    expect(ran).toEqual([2]);
    expect(await queue.runDue()).toEqual({ done: 0, failed: 0 });
  });

  it("keeps one job per key however often it is enqueued", async () => {
    const { db, queue, ran } = await setUp();
    expect(await queue.enqueue(db, { type: "test.record", payload: { n: 1 }, key: "receipt:42" })).toBe(true);
    expect(await queue.enqueue(db, { type: "test.record", payload: { n: 2 }, key: "receipt:42" })).toBe(false);
    await queue.runDue();
    expect(await queue.enqueue(db, { type: "test.record", payload: { n: 3 }, key: "receipt:42" })).toBe(false);
    await queue.runDue();
    expect(ran).toEqual([1]);
    expect(await queue.state({ key: "receipt:42" })).toMatchObject({ status: "done", attempts: 1 });
  });

  it("runs a job no earlier than its runAt", async () => {
    const { db, queue, ran } = await setUp();
    await queue.enqueue(db, { type: "test.record", payload: { n: 1 }, runAt: new Date(now.getTime() + 60_000) });
    expect(await queue.runDue()).toEqual({ done: 0, failed: 0 });
    later(60_000);
    expect(await queue.runDue()).toEqual({ done: 1, failed: 0 });
    expect(ran).toEqual([1]);
  });

  it("retries a failure after a wait that doubles, then gives up after maxAttempts", async () => {
    const { db, queue, ran, control } = await setUp({ maxAttempts: 3 });
    await queue.enqueue(db, { type: "test.record", payload: { n: 7 }, key: "k" });
    control.failing = true;
    expect(await queue.runDue()).toEqual({ done: 0, failed: 1 });
    expect(await queue.state({ key: "k" })).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "refused 7",
      runAt: new Date(now.getTime() + FIRST_RETRY_MS).toISOString(),
    });
    expect(await queue.runDue()).toEqual({ done: 0, failed: 0 }); // not before its wait is over
    later(FIRST_RETRY_MS);
    await queue.runDue();
    expect((await queue.state({ key: "k" }))?.runAt).toBe(new Date(now.getTime() + 2 * 30_000).toISOString());
    later(2 * FIRST_RETRY_MS);
    await queue.runDue();
    expect(await queue.state({ key: "k" })).toMatchObject({ status: "failed", attempts: 3, lastError: "refused 7" });
    later(24 * 60 * 60_000);
    control.failing = false;
    expect(await queue.runDue()).toEqual({ done: 0, failed: 0 });
    expect(ran).toEqual([]);
  });

  it("asks again later without an error or a late queue when a job waits on someone outside", async () => {
    database ??= await createTestDatabase(dialect);
    const queue = createJobQueue({ database, clock });
    const answer = { ready: false };
    queue.register<Record<string, never>>({
      type: "test.wait",
      maxAttempts: 2,
      retryDelayMs: () => 20 * 60_000,
      async handle() {
        if (!answer.ready) throw new StillWaiting("no answer yet");
      },
    });
    await queue.enqueue(database.db, { type: "test.wait", payload: {}, key: "w" });
    expect(await queue.runDue()).toEqual({ done: 0, failed: 1 });
    expect(await queue.state({ key: "w" })).toMatchObject({ status: "queued", attempts: 1, lastError: null });
    // Queued 19 minutes ago, but not due before its next ask: nothing is late.
    later(19 * 60_000);
    expect(await queue.backlog()).toMatchObject({ pending: 1, oldestPendingSeconds: 0 });
    // Due and not run for 5 minutes: counted from when it was due.
    later(6 * 60_000);
    expect((await queue.backlog()).oldestPendingSeconds).toBe(300);
    // Out of attempts while still waiting: given up, saying why.
    expect(await queue.runDue()).toEqual({ done: 0, failed: 1 });
    expect(await queue.state({ key: "w" })).toMatchObject({ status: "failed", lastError: "no answer yet" });
  });

  it("never gives one job to two instances claiming at the same moment", async () => {
    const { db, queue } = await setUp();
    const second = connectAgain(database as TestDatabase, "jobs-second-instance");
    others.push(second);
    const other = createJobQueue({ database: second, clock });
    other.register({ type: "test.record", handle: async () => undefined });
    for (let n = 0; n < 60; n++) await queue.enqueue(db, { type: "test.record", payload: { n } });
    const claims = await Promise.all([
      ...Array.from({ length: 6 }, () => queue.claim(7)),
      ...Array.from({ length: 6 }, () => other.claim(7)),
    ]);
    const ids = claims.flat().map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(60);
  });

  it("gives a job whose worker died to another once the claim expires, without using up an attempt", async () => {
    const { db, queue, ran } = await setUp({ claimMs: 60_000, maxAttempts: 2 });
    await queue.enqueue(db, { type: "test.record", payload: { n: 1 }, key: "k" });
    const [crashed] = await queue.claim(1); // its worker is killed before it finishes
    expect(crashed).toBeDefined();
    expect(await queue.claim(1)).toEqual([]); // still claimed
    later(59_999);
    expect(await queue.claim(1)).toEqual([]); // a millisecond before the claim expires
    later(1);
    expect(await queue.runDue()).toEqual({ done: 1, failed: 0 });
    expect(ran).toEqual([1]);
    expect(await queue.state({ key: "k" })).toMatchObject({ status: "done", attempts: 1, interruptions: 1 });
    // The first run can no longer record an outcome: its claim is gone.
    expect(await queue.run(crashed as NonNullable<typeof crashed>)).toBe("lost");
    expect(ran).toEqual([1, 1]);
    expect(await queue.state({ key: "k" })).toMatchObject({ status: "done", attempts: 1 });
  });

  it("holds each claim for its own type's time, however long other types claimed with it take", async () => {
    const { db, queue, ran } = await setUp({ claimMs: 30_000, maxAttempts: 2 });
    queue.register<{ n: number }>({ type: "test.slow", claimMs: 300_000, handle: async () => undefined });
    await queue.enqueue(db, { type: "test.record", payload: { n: 1 }, key: "short" });
    await queue.enqueue(db, { type: "test.slow", payload: { n: 2 }, key: "long" });
    expect((await queue.claim(2)).map((job) => job.type).sort()).toEqual(["test.record", "test.slow"]);
    // Both workers die here. The short job is free again after its own 30 s, the long one is not.
    later(30_000);
    const [again] = await queue.claim(2);
    expect(again?.type).toBe("test.record");
    expect(await queue.run(again as NonNullable<typeof again>)).toBe("done");
    expect(ran).toEqual([1]);
    expect(await queue.state({ key: "long" })).toMatchObject({ status: "running", attempts: 1 });
    later(270_000);
    expect((await queue.claim(2)).map((job) => job.type)).toEqual(["test.slow"]);
  });

  it("runs a job whose worker died on its last attempt again: an interruption is not a failure", async () => {
    const { db, queue, ran } = await setUp({ claimMs: 60_000, maxAttempts: 1 });
    await queue.enqueue(db, { type: "test.record", payload: { n: 1 }, key: "k" });
    await queue.claim(1);
    later(60_000);
    expect(await queue.runDue()).toEqual({ done: 1, failed: 0 });
    expect(ran).toEqual([1]);
    expect(await queue.state({ key: "k" })).toMatchObject({ status: "done", attempts: 1, interruptions: 1 });
  });

  it("gives up a job whose runs were cut short 25 times (it kills its worker every time), not 24", async () => {
    const { db, queue, ran } = await setUp({ claimMs: 60_000, maxAttempts: 3 });
    await queue.enqueue(db, { type: "test.record", payload: { n: 1 }, key: "k" });
    for (let interrupted = 0; interrupted < 25; interrupted++) {
      expect(await queue.claim(1)).toHaveLength(1); // and its worker dies
      later(60_000);
    }
    expect(await queue.state({ key: "k" })).toMatchObject({ status: "running", interruptions: 24, attempts: 1 });
    expect(await queue.runDue()).toEqual({ done: 0, failed: 0 });
    expect(ran).toEqual([]);
    expect(await queue.state({ key: "k" })).toMatchObject({
      status: "failed",
      lastError: "its run was cut short 25 times (the worker stopped while running it)",
    });
  });

  it("hands a job back at once when its worker stops and the handler stops at the signal", async () => {
    database ??= await createTestDatabase(dialect);
    const queue = createJobQueue({ database, clock });
    const handled: number[] = [];
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    queue.register<{ n: number }>({
      type: "test.long",
      async handle({ n }, job) {
        handled.push(n);
        await blocked;
        job.signal.throwIfAborted();
      },
    });
    await queue.enqueue(database.db, { type: "test.long", payload: { n: 1 }, key: "long" });
    const worker = startJobWorker(queue, quietLog, { pollMs: 60_000, stopGraceMs: 5_000 });
    await expect.poll(() => handled).toEqual([1]);
    const stopped = worker.stop();
    release();
    await stopped;
    expect(await queue.state({ key: "long" })).toMatchObject({
      status: "queued",
      attempts: 0,
      interruptions: 1,
      runAt: now.toISOString(),
    });
  });

  it("hands a run what an earlier run of the same job recorded", async () => {
    database ??= await createTestDatabase(dialect);
    const queue = createJobQueue({ database, clock });
    const seen: unknown[] = [];
    queue.register({
      type: "test.resume",
      async handle(_payload, job) {
        seen.push(job.recorded);
        await job.progress({ done: seen.length * 3 });
        if (seen.length === 1) throw new Error("the mail server went away after three");
      },
    });
    await queue.enqueue(database.db, { type: "test.resume", payload: null, key: "r" });
    expect(await queue.runDue()).toEqual({ done: 0, failed: 1 });
    later(FIRST_RETRY_MS);
    expect(await queue.runDue()).toEqual({ done: 1, failed: 0 });
    expect(seen).toEqual([null, { done: 3 }]);
  });

  it("keeps one row per recurring job across instances and runs it at start and every period", async () => {
    database = await createTestDatabase(dialect);
    const second = connectAgain(database, "jobs-second-instance");
    others.push(second);
    const runs: string[] = [];
    const instances = [database, second].map((handle, i) => {
      const queue = createJobQueue({ database: handle, clock });
      queue.register<null>({
        type: "test.sweep",
        everyMs: 60 * 60_000,
        async handle(_payload, job) {
          runs.push(`instance ${i}`);
          await job.progress({ removed: runs.length });
        },
      });
      return queue;
    });
    const [a, b] = instances as [ReturnType<typeof createJobQueue>, ReturnType<typeof createJobQueue>];
    await Promise.all([a.scheduleRecurring(), b.scheduleRecurring()]);
    expect(await rows()).toHaveLength(1);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toHaveLength(1);
    const key = recurringKey("test.sweep");
    expect(await a.state({ key })).toMatchObject({
      status: "queued",
      attempts: 0,
      progress: { removed: 1 },
      runAt: new Date(now.getTime() + 60 * 60_000).toISOString(),
    });

    later(30 * 60_000);
    expect(await a.runDue()).toEqual({ done: 0, failed: 0 });
    await b.scheduleRecurring(); // an instance (re)starts: the periodic work runs now
    expect(await b.runDue()).toEqual({ done: 1, failed: 0 });
    later(60 * 60_000);
    expect(await a.runDue()).toEqual({ done: 1, failed: 0 });
    expect(runs).toHaveLength(3);
    expect(await rows()).toHaveLength(1);
  });

  it("refuses a job type nobody registered", async () => {
    const { db, queue } = await setUp();
    await expect(queue.enqueue(db, { type: "test.unknown", payload: {} })).rejects.toThrow(
      /no job type "test.unknown"/,
    );
  });

  it("runs in the background: wakes on enqueue and keeps claiming while work remains", async () => {
    const { db, queue, ran } = await setUp();
    const worker = startJobWorker(queue, quietLog, { pollMs: 60_000, concurrency: 3 });
    try {
      for (let n = 0; n < 25; n++) await queue.enqueue(db, { type: "test.record", payload: { n } });
      await expect.poll(() => ran.length, { timeout: 10_000 }).toBe(25);
      expect(new Set(ran).size).toBe(25);
    } finally {
      await worker.stop();
    }
  });
});
