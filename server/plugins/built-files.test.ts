import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { builtFileUrls } from "./built-files.ts";

const SCRIPT = "/assets/island-Ab12Cd.js";
const PICTURE = "/images/hero-640.avif";

/** A GET whose body is the bytes as sent (fetch would decompress them). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

describe("built files answered from memory", () => {
  const script = Buffer.from(`export const words = ${JSON.stringify("the same words again ".repeat(200))};\n`);
  const picture = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256));
  let directory: string;
  let t: TestApp;
  let base: string;
  /** Requests that went through Fastify's lifecycle. */
  let reachedFastify = 0;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), "hbb-built-"));
    mkdirSync(path.join(directory, "assets"));
    mkdirSync(path.join(directory, "images"));
    mkdirSync(path.join(directory, ".vite"));
    writeFileSync(path.join(directory, SCRIPT), script);
    writeFileSync(path.join(directory, `${SCRIPT}.br`), brotliCompressSync(script));
    writeFileSync(path.join(directory, `${SCRIPT}.gz`), gzipSync(script));
    writeFileSync(path.join(directory, PICTURE), picture);
    writeFileSync(path.join(directory, ".vite", "manifest.json"), "{}");
    t = await createTestApp("sqlite", {
      clientBuildDirectory: directory,
      beforeReady: (app) => {
        app.addHook("onRequest", async () => {
          reachedFastify += 1;
        });
        // As server/main.ts serves the build (through @mcansh/react-router-fastify).
        app.register(fastifyStatic, {
          root: directory,
          wildcard: false,
          preCompressed: true,
          cacheControl: false,
          setHeaders: (reply) => reply.header("cache-control", "public, max-age=31536000, immutable"),
        });
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** Asks once through Fastify, then waits until the file is kept. */
  async function firstAnswer(url: string, headers: Record<string, string> = {}) {
    const first = await get(`${base}${url}`, headers);
    await expect.poll(() => t.app.builtFiles?.lookup(url, {})).toBeDefined();
    return first;
  }

  it("lists the built files, not their compressed copies or dotfiles", () => {
    expect([...builtFileUrls(directory)].sort()).toEqual([SCRIPT, PICTURE].sort());
  });

  it("writes a script from memory after its first answer: the build's brotli, gzip and plain bytes, the same headers", async () => {
    const first = await firstAnswer(SCRIPT, { "accept-encoding": "br" });
    expect(first.headers["x-cache"]).toBeUndefined();
    // Chosen by Accept-Encoding from the first answer on, so no cache in front mixes the forms up.
    expect(first.headers).toMatchObject({ "content-encoding": "br", vary: "accept-encoding" });
    const before = reachedFastify;
    const br = await get(`${base}${SCRIPT}`, { "accept-encoding": "br, gzip" });
    const gzipped = await get(`${base}${SCRIPT}`, { "accept-encoding": "gzip" });
    const plain = await get(`${base}${SCRIPT}`);
    expect(reachedFastify).toBe(before);
    expect(br.headers).toMatchObject({ "x-cache": "hit", "content-encoding": "br", vary: "accept-encoding" });
    expect(br.body).toEqual(brotliCompressSync(script));
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.body).toEqual(gzipSync(script));
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toEqual(script);
    // Every header the first answer had comes back the same (security headers included), but those
    // of one exchange or one representation, and the file's own validators (the hit has its ETag).
    const ownToEachAnswer = new Set([
      ...["date", "x-request-id", "connection", "keep-alive", "content-length", "content-encoding"],
      ...["etag", "last-modified", "accept-ranges", "vary"],
    ]);
    const kept = Object.entries(first.headers).filter(([name]) => !ownToEachAnswer.has(name));
    expect(kept.map(([name]) => name)).toEqual(expect.arrayContaining(["cache-control", "x-content-type-options"]));
    for (const [name, value] of kept) expect(br.headers[name], name).toEqual(value);
    expect([br.headers["last-modified"], br.headers["accept-ranges"]]).toEqual([undefined, undefined]);
    const revalidated = await get(`${base}${SCRIPT}`, { "if-none-match": String(plain.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it("sends a picture as it is, with nothing compressed for it", async () => {
    await firstAnswer(PICTURE, { "accept-encoding": "br" });
    const hit = await get(`${base}${PICTURE}`, { "accept-encoding": "br, gzip" });
    expect(hit.headers["x-cache"]).toBe("hit");
    expect(hit.headers["content-encoding"]).toBeUndefined();
    expect(hit.body).toEqual(picture);
    const kept = t.app.builtFiles?.lookup(PICTURE, {});
    await kept?.compressed;
    expect([kept?.br, kept?.gzip]).toEqual([undefined, undefined]);
  });

  it("leaves ranges to Fastify", async () => {
    await firstAnswer(SCRIPT);
    const before = reachedFastify;
    const range = await get(`${base}${SCRIPT}`, { range: "bytes=0-9" });
    expect(range.status).toBe(206);
    expect(range.headers.vary).toBe("accept-encoding");
    expect(range.body).toEqual(script.subarray(0, 10));
    expect(reachedFastify).toBe(before + 1);
  });

  it("starts without a build (nothing is kept then)", () => {
    expect(builtFileUrls(path.join(directory, "no-such-folder")).size).toBe(0);
  });
});
