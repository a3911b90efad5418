import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";
import { buildApp } from "./app.ts";

describe.each(DIALECTS)("what the request log keeps on %s", (dialect) => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ config: t.config, database: t.database, logger: { level: "info", stream } });
    app.get("/test/stricter-referrer", { config: { access: "public" } }, async (_request, reply) =>
      reply.header("referrer-policy", "no-referrer").send({ ok: true }),
    );
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it("redacts sign-in tokens and other secrets from every logged URL, keeping the rest", async () => {
    await app.inject({ url: "/giving?token=DonorSecret1234567890&from=email" });
    await app.inject({ url: "/api/subscribe/confirm?Token=ConfirmSecret987&lang=am" });
    await app.inject({ url: "/api/gallery?search=kality&api_key=KeySecret555&code=CodeSecret666" });
    await app.inject({ url: "/api/people?q=selam.haile%40example.org&page=2" });
    const log = lines.join("");
    expect(log).toContain("request completed");
    for (const secret of ["DonorSecret", "ConfirmSecret", "KeySecret", "CodeSecret", "selam.haile"])
      expect(log).not.toContain(secret);
    const urls = lines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
    expect(urls).toEqual([
      "/giving?token=[redacted]&from=email",
      "/api/subscribe/confirm?Token=[redacted]&lang=am",
      "/api/gallery?search=kality&api_key=[redacted]&code=[redacted]",
      "/api/people?q=[redacted]&page=2",
    ]);
  });

  it("keeps a page's stricter Referrer-Policy (the donor page's no-referrer)", async () => {
    const stricter = await app.inject({ url: "/test/stricter-referrer" });
    expect(stricter.headers["referrer-policy"]).toBe("no-referrer");
    const usual = await app.inject({ url: "/api/health" });
    expect(usual.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("cached hits in the request log", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(() => t.close());

  /** The log lines of two requests for the same public list on a listening server, the second a cached hit. */
  async function linesOfRepeatedList(logCachedHits: boolean): Promise<string[]> {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = { ...t.config, pageCacheSeconds: 60, logCachedHits };
    const app = await buildApp({ config, database: t.database, logger: { level: "info", stream } });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      for (let n = 0; n < 2; n += 1) await (await fetch(`${base}/api/videos?limit=3&token=HitSecret42`)).text();
    } finally {
      await app.close();
    }
    return lines.filter((line) => line.includes("/api/videos"));
  }

  it("writes none at the default setting, however many", async () => {
    const lines = await linesOfRepeatedList(false);
    expect(lines.length).toBeGreaterThan(0); // the first request, answered by Fastify
    expect(lines.join("")).not.toContain("from the front door's cache");
  });

  it("writes each when LOG_CACHED_HITS asks for them, with its URL redacted", async () => {
    const lines = await linesOfRepeatedList(true);
    const hits = lines.filter((line) => line.includes("from the front door's cache"));
    expect(hits).toHaveLength(1);
    expect(JSON.parse(hits[0] as string).req.url).toBe("/api/videos?limit=3&token=[redacted]");
    expect(lines.join("")).not.toContain("HitSecret42");
  });
});
