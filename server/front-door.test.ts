import { type AddressInfo, connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
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
        // Long enough for the cache to keep its brotli and gzip forms.
        app.get("/long-page", { config: { access: "public" } }, async (_request, reply) =>
          reply
            .type("text/html; charset=utf-8")
            .header("x-page-cache", "public")
            .header(SCRIPTS_FROM_SELF_HEADER, "1")
            .send(`<html><body>${"<p>A long page, the same words again.</p>".repeat(100)}</body></html>`),
        );
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

  /**
   * Requests written as they are on one connection, and the answers node:http wrote, parsed by hand
   * (each: status line, headers in lower case, the body's bytes). The last request closes.
   */
  async function exchange(requests: string[]) {
    const { port } = t.app.server.address() as AddressInfo;
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(port, "127.0.0.1", () => socket.write(requests.join("")));
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("end", () => resolve(Buffer.concat(chunks)));
      socket.on("error", reject);
    });
    const answers: Array<{ status: string; headers: Record<string, string>; body: Buffer }> = [];
    let at = 0;
    while (at < bytes.length) {
      const end = bytes.indexOf("\r\n\r\n", at);
      const [status = "", ...lines] = bytes.subarray(at, end).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        const name = line.slice(0, colon).toLowerCase();
        expect(headers[name], `${name} sent once`).toBeUndefined();
        headers[name] = line.slice(colon + 1).trim();
      }
      const length = Number(headers["content-length"] ?? 0);
      const bodyLength = status.includes(" 304 ") || requests[answers.length]?.startsWith("HEAD") ? 0 : length;
      answers.push({ status, headers, body: bytes.subarray(end + 4, end + 4 + bodyLength) });
      at = end + 4 + bodyLength;
    }
    expect(answers).toHaveLength(requests.length);
    return answers;
  }

  const get = (url: string, more = "", method = "GET", version = "1.1") =>
    `${method} ${url} HTTP/${version}\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n${more}\r\n`;

  it("writes a hit's head itself with what node:http would add: date, keep-alive and its timeout", async () => {
    await fetch(`${base}/public-page`, { headers: page });
    const inside = await t.app.inject({ url: "/public-page", headers: page });
    const before = reachedFastify;
    const [hit, again, fromFastify, last] = await exchange([
      get("/public-page"),
      get("/public-page", "x-request-id: from-the-proxy-42\r\n"),
      get("/api/health", "accept: application/json\r\n"),
      get("/public-page", "Connection: close\r\n"),
    ]);
    expect(reachedFastify).toBe(before + 1);
    for (const answer of [hit, again, last]) {
      expect(answer?.status).toBe("HTTP/1.1 200 OK");
      expect(answer?.body.toString()).toBe(inside.body);
      expect(comparable(answer?.headers ?? {})).toEqual(comparable(inside.headers));
      expect(answer?.headers["content-length"]).toBe(String(Buffer.byteLength(inside.body)));
      expect(new Date(answer?.headers.date ?? "").toUTCString()).toBe(answer?.headers.date);
    }
    // Keep-alive as node:http says it on an answer Fastify wrote on the same connection.
    expect(fromFastify?.headers.connection).toBe("keep-alive");
    expect(hit?.headers.connection).toBe(fromFastify?.headers.connection);
    expect(hit?.headers["keep-alive"]).toBe(fromFastify?.headers["keep-alive"]);
    expect(hit?.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(again?.headers["x-request-id"]).toBe("from-the-proxy-42");
    // The client's close is honoured (the exchange ends because the server closed).
    expect(last?.headers.connection).toBe("close");
    expect(last?.headers["keep-alive"]).toBeUndefined();
  });

  it("sends the compressed forms with their own tags and lengths, and HEAD, HTTP/1.0 and 304 as before", async () => {
    await fetch(`${base}/long-page`, { headers: page });
    await t.app.pageCache?.lookup("/long-page", page)?.compressed;
    const inside = await t.app.inject({ url: "/long-page", headers: page });
    const [br, gzip, head, old] = await exchange([
      get("/long-page", "Accept-Encoding: gzip, deflate, br\r\n"),
      get("/long-page", "Accept-Encoding: gzip\r\n"),
      get("/long-page", "Accept-Encoding: br\r\n", "HEAD"),
      get("/long-page", "", "GET", "1.0"),
    ]);
    expect(br?.headers["content-encoding"]).toBe("br");
    expect(br?.headers.etag).toBe(`${inside.headers.etag?.toString().slice(0, -1)}-br"`);
    expect(brotliDecompressSync(br?.body ?? Buffer.alloc(0)).toString()).toBe(inside.body);
    expect(br?.headers["content-length"]).toBe(String(br?.body.length));
    expect(gzip?.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip?.body ?? Buffer.alloc(0)).toString()).toBe(inside.body);
    expect(head?.headers["content-length"]).toBe(br?.headers["content-length"]);
    expect(head?.body.length).toBe(0);
    expect(old?.headers.connection).toBe("close");
    expect(old?.body.toString()).toBe(inside.body);
    const [notModified] = await exchange([
      get("/long-page", `If-None-Match: ${br?.headers.etag}\r\nConnection: close\r\n`),
    ]);
    expect(notModified?.status).toBe("HTTP/1.1 304 Not Modified");
    expect(notModified?.headers["x-cache"]).toBe("hit");
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
