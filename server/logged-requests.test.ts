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
    const log = lines.join("");
    expect(log).toContain("request completed");
    for (const secret of ["DonorSecret", "ConfirmSecret", "KeySecret", "CodeSecret"]) expect(log).not.toContain(secret);
    const urls = lines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
    expect(urls).toEqual([
      "/giving?token=[redacted]&from=email",
      "/api/subscribe/confirm?Token=[redacted]&lang=am",
      "/api/gallery?search=kality&api_key=[redacted]&code=[redacted]",
    ]);
  });

  it("keeps a page's stricter Referrer-Policy (the donor page's no-referrer)", async () => {
    const stricter = await app.inject({ url: "/test/stricter-referrer" });
    expect(stricter.headers["referrer-policy"]).toBe("no-referrer");
    const usual = await app.inject({ url: "/api/health" });
    expect(usual.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});
