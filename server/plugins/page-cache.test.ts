import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

describe("page cache", () => {
  let t: TestApp;
  let renders = 0;
  beforeAll(async () => {
    t = await createTestApp("sqlite", { config: { pageCacheSeconds: 60 }, beforeReady: addPages });
  });
  afterAll(() => t.close());

  // Stand-ins for React Router pages: one opts in, one does not.
  function addPages(app: TestApp["app"]) {
    app.get("/cached-page", { config: { access: "public" } }, async (request, reply) => {
      renders += 1;
      const html = `<html><script nonce="${request.cspNonce}">render ${renders}</script></html>`;
      return reply
        .type("text/html; charset=utf-8")
        .header("x-page-cache", "public")
        .send(Readable.from([html]));
    });
    // One page in two languages (decision 0410), which says what it was rendered for.
    for (const url of ["/lang-page", "/am/lang-page"]) {
      app.get(url, { config: { access: "public" } }, async (request, reply) => {
        renders += 1;
        return reply
          .type("text/html; charset=utf-8")
          .header("x-page-cache", "public")
          .send(
            `<p nonce="${request.cspNonce}">${url} for ${request.headers["accept-language"] ?? "-"} ${renders}</p>`,
          );
      });
    }
    app.get("/private-page", { config: { access: "public" } }, async (request, reply) => {
      renders += 1;
      return reply.type("text/html; charset=utf-8").send(`<p nonce="${request.cspNonce}">${renders}</p>`);
    });
    // Opted in like every public page, but not a page to keep: an error page, or one that set a cookie.
    for (const [url, status] of [
      ["/missing-page", 404],
      ["/failing-page", 500],
    ] as const) {
      app.get(url, { config: { access: "public" } }, async (request, reply) => {
        renders += 1;
        return reply
          .code(status)
          .type("text/html; charset=utf-8")
          .header("x-page-cache", "public")
          .send(`<p nonce="${request.cspNonce}">${status} render ${renders}</p>`);
      });
    }
    app.get("/cookie-page", { config: { access: "public" } }, async (request, reply) => {
      renders += 1;
      return reply
        .type("text/html; charset=utf-8")
        .header("x-page-cache", "public")
        .header("set-cookie", `visitor=${renders}; Path=/; HttpOnly`)
        .send(`<p nonce="${request.cspNonce}">cookie render ${renders}</p>`);
    });
  }

  const get = (url: string) => t.app.inject({ url, headers: { accept: "text/html" } });
  const nonceOf = (response: { headers: Record<string, unknown> }) =>
    /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];

  it("serves an opted-in page from memory with a fresh nonce in the HTML and the CSP header", async () => {
    const first = await get("/cached-page");
    const second = await get("/cached-page");
    expect(first.body).toContain("render 1");
    expect(second.body).toContain("render 1");
    expect(second.headers["x-cache"]).toBe("hit");
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(second.body).toContain(`nonce="${nonceOf(second)}"`);
    expect(second.headers["x-page-cache"]).toBeUndefined();
  });

  it("keys pages by language, and by the language a first visit is offered (decision 0410)", async () => {
    // The rendered text, without the nonce every response gets afresh.
    const visit = async (url: string, headers: Record<string, string> = {}) => {
      const response = await t.app.inject({ url, headers: { accept: "text/html", ...headers } });
      return { body: response.body.replace(/nonce="[^"]+"/, "") };
    };
    const english = await visit("/lang-page");
    const amharic = await visit("/am/lang-page");
    expect(amharic.body).toContain("/am/lang-page for -");
    expect((await visit("/am/lang-page")).body).toBe(amharic.body);
    expect((await visit("/lang-page")).body).toBe(english.body);
    // A first visit from an Amharic browser gets the English page with a suggestion: its own entry.
    const suggested = await visit("/lang-page", { "accept-language": "am" });
    expect(suggested.body).toContain("/lang-page for am");
    expect((await visit("/lang-page", { "accept-language": "am-ET,en;q=0.5" })).body).toBe(suggested.body);
    // Once the visitor has chosen (the cookie), or when the page is already theirs, no suggestion.
    expect((await visit("/lang-page", { "accept-language": "am", cookie: "lang=en" })).body).toBe(english.body);
    expect((await visit("/am/lang-page", { "accept-language": "am" })).body).toBe(amharic.body);
  });

  it("never caches pages that did not opt in, nor requests with a token", async () => {
    const before = renders;
    await get("/private-page");
    await get("/private-page");
    expect(renders).toBe(before + 2);
    const withToken = await t.app.inject({
      url: "/cached-page",
      headers: { accept: "text/html", authorization: "Bearer x" },
    });
    expect(withToken.headers["x-cache"]).toBeUndefined();
  });

  it("never stores an error page (which a hit would serve as 200) nor a page that set a cookie", async () => {
    for (const [url, status] of [
      ["/missing-page", 404],
      ["/failing-page", 500],
    ] as const) {
      const first = await get(url);
      const second = await get(url);
      expect([first.statusCode, second.statusCode], url).toEqual([status, status]);
      expect(second.headers["x-cache"], url).toBeUndefined();
      expect(second.body, url).toBe(`<p nonce="${nonceOf(second)}">${status} render ${renders}</p>`);
    }
    const first = await get("/cookie-page");
    const second = await get("/cookie-page");
    expect(second.headers["x-cache"]).toBeUndefined();
    expect(second.body).toContain(`cookie render ${renders}`);
    expect([first.headers["set-cookie"], second.headers["set-cookie"]]).toEqual([
      `visitor=${renders - 1}; Path=/; HttpOnly`,
      `visitor=${renders}; Path=/; HttpOnly`,
    ]);
  });

  it("is cleared by a change to public content", async () => {
    await get("/cached-page");
    const video = {
      title: "New",
      description: "A story.",
      youtubeUrl: "https://youtu.be/aaaaaaaaaaa",
      category: "Testimonials",
    };
    await t.app.inject({ method: "POST", url: "/api/videos", headers: await t.adminHeaders(), payload: video });
    const after = await get("/cached-page");
    expect(after.headers["x-cache"]).toBeUndefined();
    expect(after.body).toContain(`render ${renders}`);
  });
});
