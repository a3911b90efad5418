import { createServer, type Server } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { JobQueue } from "../core/jobs/jobs.service.ts";
import type { VisitCounter } from "../core/visits/visit-counter.ts";

/**
 * Prometheus text metrics (docs/deploy.md, "Health and monitoring"): requests and their latency by
 * route, the job queue, event-loop delay and memory. Counted in every app; served only by
 * `startMetricsServer` on a listener of its own (METRICS_PORT, 127.0.0.1 by default), so the site's
 * port and the proxy in front of it never expose them.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface RouteStats {
  method: string;
  route: string;
  /** Answers by status class (2xx, 3xx, 4xx, 5xx). */
  byStatus: Map<string, number>;
  /** Counts per bucket (not cumulative), the last one for +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

export interface Metrics {
  /** The exposition text, with the job queue read now. */
  render(): Promise<string>;
  /** Counts one answer given outside Fastify's lifecycle (the front door's cached hits). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const labelValue = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const labels = (pairs: Record<string, string>) =>
  `{${Object.entries(pairs)
    .map(([key, value]) => `${key}="${labelValue(value)}"`)
    .join(",")}}`;

export function createMetrics(jobs: JobQueue, visits: Pick<VisitCounter, "dropped"> | null = null): Metrics {
  const routes = new Map<string, RouteStats>();
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();

  function observe(method: string, route: string, status: number, seconds: number) {
    const id = `${method} ${route}`;
    let stats = routes.get(id);
    if (!stats) {
      stats = { method, route, byStatus: new Map(), buckets: new Array(BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      routes.set(id, stats);
    }
    const statusClass = `${Math.floor(status / 100)}xx`;
    stats.byStatus.set(statusClass, (stats.byStatus.get(statusClass) ?? 0) + 1);
    const bucket = BUCKETS.findIndex((bound) => seconds <= bound);
    const index = bucket === -1 ? BUCKETS.length : bucket;
    stats.buckets[index] = (stats.buckets[index] ?? 0) + 1;
    stats.sum += seconds;
    stats.count++;
  }

  async function render() {
    const lines: string[] = [];
    const family = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    family("hbb_http_requests_total", "counter", "Answers by method, matched route and status class.");
    for (const stats of routes.values()) {
      for (const [status, count] of stats.byStatus) {
        lines.push(`hbb_http_requests_total${labels({ method: stats.method, route: stats.route, status })} ${count}`);
      }
    }
    family("hbb_http_request_duration_seconds", "histogram", "Time to answer, by method and matched route.");
    for (const stats of routes.values()) {
      const base = { method: stats.method, route: stats.route };
      let cumulative = 0;
      BUCKETS.forEach((bound, i) => {
        cumulative += stats.buckets[i] as number;
        lines.push(`hbb_http_request_duration_seconds_bucket${labels({ ...base, le: String(bound) })} ${cumulative}`);
      });
      lines.push(`hbb_http_request_duration_seconds_bucket${labels({ ...base, le: "+Inf" })} ${stats.count}`);
      lines.push(`hbb_http_request_duration_seconds_sum${labels(base)} ${stats.sum}`);
      lines.push(`hbb_http_request_duration_seconds_count${labels(base)} ${stats.count}`);
    }

    const backlog = await jobs.backlog();
    family("hbb_jobs_pending", "gauge", "Jobs waiting or running (retries included), by type.");
    for (const { type, pending } of backlog.byType) lines.push(`hbb_jobs_pending${labels({ type })} ${pending}`);
    family("hbb_jobs_failed", "gauge", "Jobs that gave up after their last attempt, by type.");
    for (const { type, failed } of backlog.byType) lines.push(`hbb_jobs_failed${labels({ type })} ${failed}`);
    family(
      "hbb_jobs_oldest_pending_seconds",
      "gauge",
      "How long the oldest pending job has waited since it was queued.",
    );
    lines.push(`hbb_jobs_oldest_pending_seconds ${backlog.oldestPendingSeconds ?? 0}`);

    // Since the previous scrape: the delay seen over one scrape interval.
    family("hbb_event_loop_delay_seconds", "summary", "Event-loop delay since the previous scrape.");
    for (const quantile of [0.5, 0.9, 0.99]) {
      const nanoseconds = loopDelay.count > 0 ? loopDelay.percentile(quantile * 100) : 0;
      lines.push(`hbb_event_loop_delay_seconds${labels({ quantile: String(quantile) })} ${nanoseconds / 1e9}`);
    }
    family("hbb_event_loop_delay_max_seconds", "gauge", "Longest event-loop delay since the previous scrape.");
    lines.push(`hbb_event_loop_delay_max_seconds ${loopDelay.count > 0 ? loopDelay.max / 1e9 : 0}`);
    loopDelay.reset();

    if (visits) {
      family(
        "hbb_page_views_dropped_total",
        "counter",
        "Page views not counted: the buffer was full or its write failed.",
      );
      lines.push(`hbb_page_views_dropped_total ${visits.dropped}`);
    }

    const memory = process.memoryUsage();
    family("process_resident_memory_bytes", "gauge", "Resident memory.");
    lines.push(`process_resident_memory_bytes ${memory.rss}`);
    family("nodejs_heap_used_bytes", "gauge", "V8 heap in use.");
    lines.push(`nodejs_heap_used_bytes ${memory.heapUsed}`);
    family("nodejs_heap_total_bytes", "gauge", "V8 heap reserved.");
    lines.push(`nodejs_heap_total_bytes ${memory.heapTotal}`);
    family("nodejs_external_memory_bytes", "gauge", "Memory of buffers and native objects outside the heap.");
    lines.push(`nodejs_external_memory_bytes ${memory.external}`);
    family("process_uptime_seconds", "gauge", "Seconds since the process started.");
    lines.push(`process_uptime_seconds ${Math.round(process.uptime())}`);
    return `${lines.join("\n")}\n`;
  }

  return { observe, render };
}

/** Counts every answer under the route Fastify matched (the pattern, not the path: few series). */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { jobs, visits }: { jobs: JobQueue; visits: Pick<VisitCounter, "dropped"> | null }) => {
    const metrics = createMetrics(jobs, visits);
    app.decorate("metrics", { render: metrics.render, observe: metrics.observe });
    app.addHook("onResponse", async (request, reply) => {
      metrics.observe(
        request.method,
        request.routeOptions.url ?? "unmatched",
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: "metrics" },
);

/** The metrics listener: GET /metrics, nothing else; closed with the app (call it before the app is ready). */
export async function startMetricsServer(
  app: FastifyInstance,
  { port, host }: { port: number; host: string },
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    app.metrics.render().then(
      (text) => response.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8" }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, "metrics could not be read");
        response.writeHead(503).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  app.addHook("onClose", () => new Promise<void>((resolve) => server.close(() => resolve())));
  return server;
}
