import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";
import { SCRIPTS_FROM_SELF_HEADER } from "./plugins/security-headers.ts";

/** Headers that differ between any two answers. */
const PER_EXCHANGE = new Set(["date", "x-request-id", "connection", "keep-alive"]);
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_EXCHANGE.has(name)));

describe.each(DIALECTS)("front door on %s", (dialect) => {
  let t: TestApp;
  let base: string;
  let renders = 0;
  /** Requests that went through Fastify's lifecycle. */
  let reachedFastify = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      config: { pageCacheSeconds: 60 },
      beforeReady: (app) => {
        app.addHook("onRequest", async () => {
          reachedFastify += 1;
        });
        app.get("/public-page", { config: { access: "public" } }, async (_request, reply) => {
          renders += 1;
          return reply
            .type("text/html; charset=utf-8")
            .header("x-page-cache", "public")
            .header(SCRIPTS_FROM_SELF_HEADER, "1")
            .send(`<html><body>render ${renders}</body></html>`);
        });
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const page = { accept: "text/html" };

  it("answers cached pages and API lists before Fastify with the headers Fastify's hit sends", async () => {
    for (const [url, headers] of [
      ["/public-page", page],
      ["/api/videos?limit=3", {}],
    ] as const) {
      await fetch(`${base}${url}`, { headers });
      const inside = await t.app.inject({ url, headers });
      const [rendersBefore, fastifyBefore] = [renders, reachedFastify];
      const outside = await fetch(`${base}${url}`, { headers });
      expect([renders, reachedFastify], url).toEqual([rendersBefore, fastifyBefore]);
      expect(outside.headers.get("x-cache"), url).toBe("hit");
      expect(await outside.text(), url).toBe(inside.body);
      expect(comparable(Object.fromEntries(outside.headers)), url).toEqual(comparable(inside.headers));
      expect(outside.headers.get("x-request-id"), url).toMatch(/^[0-9a-f-]{36}$/);
      const revalidated = await fetch(`${base}${url}`, {
        headers: { ...headers, "if-none-match": String(outside.headers.get("etag")) },
      });
      expect(revalidated.status, url).toBe(304);
    }
  });

  it("counts its answers in the metrics under the route that made them", async () => {
    await fetch(`${base}/public-page`, { headers: page });
    const count = async () =>
      Number(
        /hbb_http_requests_total\{method="GET",route="\/public-page",status="2xx"\} (\d+)/.exec(
          await t.app.metrics.render(),
        )?.[1] ?? 0,
      );
    const before = await count();
    await fetch(`${base}/public-page`, { headers: page });
    expect(await count()).toBe(before + 1);
  });

  it("leaves requests with a token, other methods and unknown URLs to Fastify", async () => {
    const staff = await t.adminHeaders();
    const before = reachedFastify;
    const withToken = await fetch(`${base}/api/videos?limit=3`, { headers: staff });
    expect(withToken.headers.get("x-cache")).toBeNull();
    const head = await fetch(`${base}/api/videos?limit=3`, { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBeNull();
    const other = await fetch(`${base}/api/videos?limit=4`);
    expect(other.headers.get("x-cache")).toBeNull();
    expect(reachedFastify).toBe(before + 3);
  });
});
