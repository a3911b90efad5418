import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../db/database.ts";
import { buildApp } from "../server/app.ts";
import { CADDY_FOUND, type RunningCaddy, startCaddy } from "./support/caddy.ts";
import { testConfig } from "./support/test-app.ts";

/**
 * The runbook's step 5 on this machine: deploy/Caddyfile, as shipped (tests/support/caddy.ts), in
 * front of the site started with the service's TRUST_PROXY.
 */
if (!CADDY_FOUND) {
  if (process.env.CI) throw new Error("caddy not found: apt-get install caddy (.ci/run does)");
  console.warn("caddy not found: the Caddy test is skipped (it is required under CI).");
}

describe.runIf(CADDY_FOUND)("Caddy in front of the site (deploy/Caddyfile)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hbb-caddy-"));
  let app: FastifyInstance;
  let caddy: RunningCaddy;

  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{
      status: number;
      headers: Record<string, string | string[] | undefined>;
      cacheControl: string[];
      body: Buffer;
    }>((resolve, reject) => {
      const request = https.get(
        {
          host: "127.0.0.1",
          port: caddy.httpsPort,
          path: url,
          servername: "localhost",
          ca: caddy.ca,
          headers: { host: "localhost", ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              // Every cache-control line as sent: node would join two into one value.
              cacheControl: response.rawHeaders.filter(
                (_, i, all) => i % 2 === 1 && all[i - 1]?.toLowerCase() === "cache-control",
              ),
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on("error", reject);
    });

  beforeAll(async () => {
    const database = openDatabase({ sqlitePath: path.join(dir, "hope.sqlite") });
    await migrateToLatest(database);
    // The service's setting: X-Forwarded-For is believed from Caddy on this machine only.
    app = await buildApp({ config: testConfig(dir, { trustProxy: "127.0.0.1" }), database, logger: false });
    app.get("/api/test/visitor", { config: { access: "public" } }, async (request) => ({
      ip: request.ip,
      protocol: request.protocol,
    }));
    // As the real site answers a built asset: its own long cache header.
    app.get("/assets/entry-0123abcd.js", { config: { access: "public" } }, async (_request, reply) =>
      reply.type("text/javascript").header("cache-control", "public, max-age=31536000, immutable").send("export {};"),
    );
    app.addHook("onClose", () => database.close());
    await app.listen({ host: "127.0.0.1", port: 0 });
    const appPort = (app.server.address() as AddressInfo).port;

    caddy = await startCaddy(appPort);
  });

  afterAll(async () => {
    await caddy?.stop();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the site on https with a certificate for its name", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString()).status).toBe("ok");
  });

  it("gives the site the visitor's address and scheme, never an address the visitor claims", async () => {
    const response = await get("/api/test/visitor", { "x-forwarded-for": "203.0.113.9" });
    expect(JSON.parse(response.body.toString())).toEqual({ ip: "127.0.0.1", protocol: "https" });
  });

  it("keeps the site's own compression and compresses what the site sends as it is", async () => {
    const compressedBySite = await get("/api/site-content", { "accept-encoding": "gzip" });
    expect(compressedBySite.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(compressedBySite.body).toString())).toBeTypeOf("object");
    const small = await get("/api/test/visitor", { "accept-encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined(); // below the size worth compressing
  });

  it("marks hashed assets cacheable for a year, with one header (the site sends its own)", async () => {
    for (const url of ["/assets/entry-0123abcd.js", "/assets/gone-0123abcd.js"]) {
      const response = await get(url);
      expect(response.cacheControl, url).toEqual(["public, max-age=31536000, immutable"]);
    }
  });

  it("writes an access log", () => {
    expect(readFileSync(caddy.accessLog, "utf8")).toContain('"uri":"/api/health"');
  });
});
