import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkJobBacklog, LATE_AFTER_SECONDS } from "../../core/jobs/jobs.backlog.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

/** Liveness, readiness with the job backlog, the backlog warning in the log, and the metrics text. */
describe.each(DIALECTS)("health and metrics on %s", (dialect) => {
  let t: TestApp;
  let now = new Date("2026-11-22T09:00:00Z");
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: () => now,
      beforeReady: (app) => {
        app.services.jobs.register({
          type: "test.mail",
          handle: async () => {
            throw new Error("mail server unreachable");
          },
          maxAttempts: 1,
        });
      },
    });
  });
  afterAll(() => t.close());

  const ready = async () => {
    const response = await t.app.inject({ url: "/api/health/ready" });
    return { status: response.statusCode, body: response.json(), cache: response.headers["cache-control"] };
  };

  it("answers liveness without touching the database", async () => {
    const response = await t.app.inject({ url: "/api/health/live" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("is ready with the database and storage working and no backlog; /api/health says the same", async () => {
    const answer = await ready();
    expect(answer).toEqual({
      status: 200,
      cache: "no-store",
      body: {
        status: "ok",
        database: dialect,
        checks: {
          database: "ok",
          storage: "ok",
          jobs: { status: "ok", pending: 0, oldestPendingSeconds: null, failed: 0, byType: [] },
        },
      },
    });
    expect((await t.app.inject({ url: "/api/health" })).json()).toEqual(answer.body);
  });

  it("reports a late job queue, and logs it, but stays ready", async () => {
    const { jobs } = t.services;
    await jobs.enqueue(t.database.db, { type: "test.mail", payload: { to: "office" } });
    await jobs.enqueue(t.database.db, { type: "test.mail", payload: { to: "board" } });
    later(60);
    expect((await ready()).body.checks.jobs).toEqual({
      status: "ok",
      pending: 2,
      oldestPendingSeconds: 60,
      failed: 0,
      byType: [{ type: "test.mail", pending: 2, failed: 0 }],
    });
    const warnings: Array<{ details: object; message: string }> = [];
    const log = { warn: (details: object, message: string) => warnings.push({ details, message }), error: () => {} };
    await checkJobBacklog(jobs, log);
    expect(warnings).toEqual([]);

    later(LATE_AFTER_SECONDS);
    const answer = await ready();
    expect(answer.status).toBe(200);
    expect(answer.body.checks.jobs).toMatchObject({ status: "late", pending: 2, oldestPendingSeconds: 960 });
    await checkJobBacklog(jobs, log);
    expect(warnings).toEqual([
      {
        details: expect.objectContaining({ jobsPending: 2, oldestPendingSeconds: 960, jobsFailed: 0 }),
        message: "job backlog: 2 waiting, the oldest for 16 min",
      },
    ]);

    // One gives up (its only attempt fails): it leaves the backlog and counts as failed.
    await jobs.runDue(1);
    expect((await ready()).body.checks.jobs).toMatchObject({ pending: 1, failed: 1 });
  });

  it("shows Administrators the backlog and its oldest job with the last error; other staff are refused", async () => {
    const response = await t.app.inject({ url: "/api/admin/jobs", headers: await t.adminHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pending: 1,
      failed: 1,
      late: true,
      oldest: {
        type: "test.mail",
        status: "queued",
        attempts: 0,
        lastError: null,
        createdAt: "2026-11-22T09:00:00.000Z",
      },
    });
    const inbox = await t.app.inject({ url: "/api/admin/jobs", headers: await t.staffHeaders("inbox") });
    expect(inbox.statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/admin/jobs" })).statusCode).toBe(401);
  });

  it("counts requests by matched route and serves Prometheus text", async () => {
    await t.app.inject({ url: "/api/gallery?page=1" });
    await t.app.inject({ url: "/api/blogs/does-not-exist" });
    const text = await t.app.metrics.render();
    expect(text).toContain('hbb_http_requests_total{method="GET",route="/api/gallery",status="2xx"} 1');
    expect(text).toContain('hbb_http_requests_total{method="GET",route="/api/blogs/:id",status="4xx"} 1');
    expect(text).toMatch(
      /^hbb_http_request_duration_seconds_bucket\{method="GET",route="\/api\/gallery",le="\+Inf"\} 1$/m,
    );
    expect(text).toMatch(/^hbb_http_request_duration_seconds_count\{method="GET",route="\/api\/gallery"\} 1$/m);
    expect(text).toContain('hbb_jobs_pending{type="test.mail"} 1');
    expect(text).toContain('hbb_jobs_failed{type="test.mail"} 1');
    expect(text).toMatch(/^hbb_jobs_oldest_pending_seconds \d+$/m);
    expect(text).toMatch(/^hbb_event_loop_delay_seconds\{quantile="0.99"\} [\d.e-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    // Every sample line is "name{labels} value" after its HELP and TYPE.
    for (const line of text.trim().split("\n")) {
      expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{[^}]*\})? -?[\d.e+-]+)$/);
    }
  });
});

describe("readiness when storage fails", () => {
  it("answers 503 naming the storage when DATA_DIR cannot be written", async () => {
    const t = await createTestApp("sqlite");
    try {
      t.services.config.dataDir = path.join(t.database.dir, "gone", "missing");
      const response = await t.app.inject({ url: "/api/health/ready" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: "unavailable",
        message: "Upload storage unavailable.",
        checks: { database: "ok", storage: "down" },
      });
      expect((await t.app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
