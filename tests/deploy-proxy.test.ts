import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../db/database.ts";
import { buildApp } from "../server/app.ts";
import { testConfig } from "./support/test-app.ts";

/**
 * The runbook's step 5 on this machine: deploy/Caddyfile, as shipped, run by Caddy with its own
 * local certificate authority (no public name here) in front of the site started with the service's
 * TRUST_PROXY. Only what a test machine needs differs: ports, storage and log paths, the upstream port.
 */
const root = path.resolve(import.meta.dirname, "..");
const caddyFound = spawnSync("sh", ["-c", "command -v caddy"]).status === 0;
if (!caddyFound) {
  if (process.env.CI) throw new Error("caddy not found: apt-get install caddy (.ci/run does)");
  console.warn("caddy not found: the Caddy test is skipped (it is required under CI).");
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = https.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.runIf(caddyFound)("Caddy in front of the site (deploy/Caddyfile)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hbb-caddy-"));
  let app: FastifyInstance;
  let caddy: ChildProcess;
  let caddyOutput = "";
  let httpsPort: number;
  let ca: Buffer;

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
          port: httpsPort,
          path: url,
          servername: "localhost",
          ca,
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

    httpsPort = await freePort();
    const httpPort = await freePort();
    const shipped = readFileSync(path.join(root, "deploy/Caddyfile"), "utf8");
    expect(shipped).toContain("reverse_proxy 127.0.0.1:3000\n");
    const caddyfile = shipped
      .replace(
        "{\n",
        `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n`,
      )
      .replace("reverse_proxy 127.0.0.1:3000", `reverse_proxy 127.0.0.1:${appPort}`)
      .replace("/var/log/caddy/hope-behind-bars.log", path.join(dir, "access.log"));
    writeFileSync(path.join(dir, "Caddyfile"), caddyfile);
    caddy = spawn("caddy", ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], {
      env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    caddy.stdout?.on("data", (chunk) => (caddyOutput += chunk));
    caddy.stderr?.on("data", (chunk) => (caddyOutput += chunk));
    const exited = new Promise<never>((_, reject) =>
      caddy.once("exit", (code) => reject(new Error(`caddy exited (${code}):\n${caddyOutput}`))),
    );
    const rootCert = path.join(dir, "caddy/pki/authorities/local/root.crt");
    // Caddy issues the certificate from its new local authority at start: wait until it answers.
    await Promise.race([
      exited,
      (async () => {
        for (;;) {
          if (existsSync(rootCert)) {
            ca = readFileSync(rootCert);
            const ready = await get("/api/health").then(
              (response) => response.status === 200,
              () => false,
            );
            if (ready) return;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })(),
    ]);
  });

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy.once("exit", resolve));
      caddy.kill("SIGTERM");
      await exited;
    }
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
    expect(readFileSync(path.join(dir, "access.log"), "utf8")).toContain('"uri":"/api/health"');
  });
});
