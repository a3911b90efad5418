import { Readable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LIGHT_PAGE_ACCEPT_CH, LIGHT_PAGE_VARY } from "../../core/shared/save-data.ts";
import { DIALECTS } from "../../tests/support/dialects.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { SCRIPTS_FROM_SELF_HEADER } from "./security-headers.ts";
import { KEPT_UNTIL_PURGED_SECONDS } from "./stored-responses.ts";

/** Longer than COMPRESS_FROM_BYTES, so the cache keeps compressed forms. */
const FILLER = "<p>Hope Behind Bars supports women in prison and their children.</p>".repeat(40);

describe.each(DIALECTS)("page cache on %s", (dialect) => {
  let t: TestApp;
  let renders = 0;
  /** What /slow-page waits for: `open` lets its renders finish. */
  const gate = () => {
    let open = () => {};
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { promise, open };
  };
  let slowPageGate = gate();
  beforeAll(async () => {
    // These count renders: no page is rendered again behind their back (see "after a purge" below).
    t = await createTestApp(dialect, {
      config: { pageCacheSeconds: 60, pageCacheWarmPages: 0 },
      beforeReady: addPages,
    });
  });
  afterAll(() => t.close());

  // Stand-ins for React Router pages (app/entry.server.tsx marks public pages the same way).
  function addPages(app: TestApp["app"]) {
    const publicPage = (url: string, extra: (reply: import("fastify").FastifyReply) => void = () => {}) =>
      app.get(url, { config: { access: "public" } }, async (_request, reply) => {
        renders += 1;
        const html = `<html><body><script type="module" src="/assets/islands/entry.js"></script>render ${renders}${FILLER}</body></html>`;
        extra(reply);
        return reply
          .type("text/html; charset=utf-8")
          .header("x-page-cache", "public")
          .header(SCRIPTS_FROM_SELF_HEADER, "1")
          .send(Readable.from([html]));
      });
    publicPage("/cached-page");
    // Rendered only once the test lets it go, so visitors can arrive while it renders.
    app.get("/slow-page", { config: { access: "public" } }, async (_request, reply) => {
      renders += 1;
      const render = renders;
      await slowPageGate.promise;
      return reply
        .type("text/html; charset=utf-8")
        .header("x-page-cache", "public")
        .header(SCRIPTS_FROM_SELF_HEADER, "1")
        .send(`<p>slow render ${render}</p>${FILLER}`);
    });
    app.get("/stable-page", { config: { access: "public" } }, async (_request, reply) =>
      reply
        .type("text/html; charset=utf-8")
        .header("x-page-cache", "public")
        .header(SCRIPTS_FROM_SELF_HEADER, "1")
        .send(`<html><body>${FILLER}</body></html>`),
    );
    // A page whose answer depends on a request header, said with Vary (e.g. Save-Data).
    publicPage("/varying-page", (reply) => reply.header("vary", "Save-Data"));
    // Varying as the public layout says (decision 0432): light or not, the cache's key tells.
    publicPage("/light-page", (reply) =>
      reply.header("vary", LIGHT_PAGE_VARY).header("accept-ch", LIGHT_PAGE_ACCEPT_CH),
    );
    // One page in two languages (decision 0410), which says what it was rendered for.
    for (const url of ["/lang-page", "/am/lang-page"]) {
      app.get(url, { config: { access: "public" } }, async (request, reply) => {
        renders += 1;
        return reply
          .type("text/html; charset=utf-8")
          .header("x-page-cache", "public")
          .header(SCRIPTS_FROM_SELF_HEADER, "1")
          .send(`<p>${url} for ${request.headers["accept-language"] ?? "-"} ${renders}</p>`);
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
      app.get(url, { config: { access: "public" } }, async (_request, reply) => {
        renders += 1;
        return reply
          .code(status)
          .type("text/html; charset=utf-8")
          .header("x-page-cache", "public")
          .header(SCRIPTS_FROM_SELF_HEADER, "1")
          .send(`<p>${status} render ${renders}</p>`);
      });
    }
    app.get("/cookie-page", { config: { access: "public" } }, async (_request, reply) => {
      renders += 1;
      return reply
        .type("text/html; charset=utf-8")
        .header("x-page-cache", "public")
        .header(SCRIPTS_FROM_SELF_HEADER, "1")
        .header("set-cookie", `visitor=${renders}; Path=/; HttpOnly`)
        .send(`<p>cookie render ${renders}</p>`);
    });
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: "text/html", ...headers } });
  const scriptSrc = (response: { headers: Record<string, unknown> }) =>
    String(response.headers["content-security-policy"])
      .split("; ")
      .find((directive) => directive.startsWith("script-src "));
  const purge = () => t.app.services.cachePurge.purgePublicCaches();

  it("serves an opted-in page as the same bytes with the same headers, and a CSP without nonce or unsafe-inline", async () => {
    await purge();
    const first = await get("/cached-page");
    const second = await get("/cached-page");
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(scriptSrc(second)).toBe("script-src 'self'");
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(String(second.headers["content-security-policy"])).not.toContain("nonce-");
    for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "cross-origin-opener-policy"]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
      expect(second.headers[name], name).toBeDefined();
    }
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(second.headers["x-page-cache"]).toBeUndefined();
    expect(second.headers[SCRIPTS_FROM_SELF_HEADER]).toBeUndefined();
  });

  it("keeps a page past what caches in front are told, until a purge or KEPT_UNTIL_PURGED_SECONDS", async () => {
    await purge();
    const first = await get("/cached-page");
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    const storedAt = Date.now();
    const at = (seconds: number) => vi.spyOn(Date, "now").mockReturnValue(storedAt + seconds * 1000);
    try {
      at(KEPT_UNTIL_PURGED_SECONDS - 5);
      const later = await get("/cached-page");
      expect(later.headers["x-cache"]).toBe("hit");
      expect(later.rawPayload.equals(first.rawPayload)).toBe(true);
      await purge();
      const renderedAgain = await get("/cached-page");
      expect(renderedAgain.headers["x-cache"]).toBeUndefined();
      expect(renderedAgain.body).not.toBe(first.body);
      // Kept from then on, and no longer.
      at(2 * KEPT_UNTIL_PURGED_SECONDS - 6);
      expect((await get("/cached-page")).headers["x-cache"]).toBe("hit");
      at(2 * KEPT_UNTIL_PURGED_SECONDS - 4);
      expect((await get("/cached-page")).headers["x-cache"]).toBeUndefined();
    } finally {
      vi.restoreAllMocks();
    }
  });

  /** After a purge, one request for /slow-page that is rendering (held until `slowPageGate.open()`). */
  const slowRenderUnderWay = async () => {
    await purge();
    slowPageGate = gate();
    const before = renders;
    const first = get("/slow-page");
    await vi.waitFor(() => expect(renders).toBe(before + 1));
    return { before, first };
  };

  it("renders a page once for the visitors who ask while it is being rendered (after a purge)", async () => {
    const { before, first } = await slowRenderUnderWay();
    const others = [get("/slow-page"), get("/slow-page", { "accept-encoding": "gzip" }), get("/slow-page")];
    slowPageGate.open();
    const answers = await Promise.all([first, ...others]);
    expect(renders).toBe(before + 1);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.headers["x-cache"])).toEqual([undefined, "hit", "hit", "hit"]);
    for (const answer of answers) expect(answer.body).toContain(`slow render ${before + 1}`);
  });

  it("lets a visitor who waited for a render that was purged meanwhile render the page afresh", async () => {
    const { before, first } = await slowRenderUnderWay();
    const waiting = get("/slow-page");
    await purge();
    slowPageGate.open();
    const [old, fresh] = await Promise.all([first, waiting]);
    expect(old.body).toContain(`slow render ${before + 1}`);
    expect(fresh.body).toContain(`slow render ${before + 2}`);
    expect(fresh.headers["x-cache"]).toBeUndefined();
  });

  it("lets browsers revalidate and CDNs keep it briefly: strong ETag, 304, Cache-Control and Vary", async () => {
    await purge();
    const first = await get("/cached-page");
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    const weak = String(first.headers.etag);
    expect(weak).toMatch(/^W\/"[\w-]{24}"$/);
    const hit = await get("/cached-page");
    const strong = String(hit.headers.etag);
    expect(strong).toBe(weak.slice(2));
    expect(hit.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    expect(hit.headers.vary).toBe("accept-language, cookie, accept-encoding");
    for (const tag of [strong, weak, `"other", ${strong}`]) {
      const again = await get("/cached-page", { "if-none-match": tag });
      expect(again.statusCode, tag).toBe(304);
      expect(again.body, tag).toBe("");
      expect(again.headers.etag, tag).toBe(strong);
      expect(again.headers["cache-control"], tag).toBe("public, max-age=0, s-maxage=60");
    }
    expect((await get("/cached-page", { "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("answers a matching validator with 304 when it renders the page again and it has not changed", async () => {
    await purge();
    const stored = await get("/stable-page");
    await purge();
    const rendered = await get("/stable-page", { "if-none-match": String(stored.headers.etag) });
    expect(rendered.headers["x-cache"]).toBeUndefined();
    expect(rendered.statusCode).toBe(304);
    expect(rendered.body).toBe("");
    expect(rendered.headers.etag).toBe(stored.headers.etag);
  });

  it("keeps brotli and gzip forms of the same bytes, each with its own ETag", async () => {
    await purge();
    const first = await get("/cached-page");
    await t.app.pageCache?.lookup("/cached-page", { accept: "text/html" })?.compressed;
    const br = await get("/cached-page", { "accept-encoding": "gzip, deflate, br" });
    const gz = await get("/cached-page", { "accept-encoding": "gzip" });
    const none = await get("/cached-page", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect([br.headers["content-encoding"], gz.headers["content-encoding"], none.headers["content-encoding"]]).toEqual([
      "br",
      "gzip",
      undefined,
    ]);
    expect(brotliDecompressSync(br.rawPayload).equals(first.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).equals(first.rawPayload)).toBe(true);
    expect(none.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(first.rawPayload.length / 4);
    const tags = [br, gz, none].map((answer) => answer.headers.etag);
    expect(new Set(tags).size).toBe(3);
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    // A validator of any form revalidates the page.
    expect((await get("/cached-page", { "if-none-match": String(gz.headers.etag) })).statusCode).toBe(304);
  });

  it("keeps one copy per value of the request headers the page varies by", async () => {
    await purge();
    const plain = await get("/varying-page");
    const saving = await get("/varying-page", { "save-data": "on" });
    expect(saving.headers["x-cache"]).toBeUndefined();
    const [plainHit, savingHit] = [await get("/varying-page"), await get("/varying-page", { "save-data": "on" })];
    expect([plainHit.headers["x-cache"], savingHit.headers["x-cache"]]).toEqual(["hit", "hit"]);
    expect(plainHit.body).toBe(plain.body);
    expect(savingHit.body).toBe(saving.body);
    expect(savingHit.body).not.toBe(plainHit.body);
    expect(savingHit.headers.vary).toBe("save-data, accept-language, cookie, accept-encoding");
  });

  it("keys pages by language, and by the language a first visit is offered (decision 0410)", async () => {
    const visit = async (url: string, headers: Record<string, string> = {}) => (await get(url, headers)).body;
    const english = await visit("/lang-page");
    const amharic = await visit("/am/lang-page");
    expect(amharic).toContain("/am/lang-page for -");
    expect(await visit("/am/lang-page")).toBe(amharic);
    expect(await visit("/lang-page")).toBe(english);
    // A first visit from an Amharic browser gets the English page with a suggestion: its own entry.
    const suggested = await visit("/lang-page", { "accept-language": "am" });
    expect(suggested).toContain("/lang-page for am");
    expect(await visit("/lang-page", { "accept-language": "am-ET,en;q=0.5" })).toBe(suggested);
    // Once the visitor has chosen (the cookie), or when the page is already theirs, no suggestion.
    expect(await visit("/lang-page", { "accept-language": "am", cookie: "lang=en" })).toBe(english);
    expect(await visit("/am/lang-page", { "accept-language": "am" })).toBe(amharic);
  });

  it("never caches pages that did not opt in, nor requests with a token; other HTML says no-store", async () => {
    const before = renders;
    const first = await get("/private-page");
    await get("/private-page");
    expect(renders).toBe(before + 2);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers.etag).toBeUndefined();
    // Pages that use a nonce keep getting a fresh one, in the page and in the policy.
    expect(scriptSrc(first)).toMatch(/^script-src 'nonce-[\w+/=]+' 'strict-dynamic'$/);
    expect(first.body).toContain(`nonce="${/'nonce-([^']+)'/.exec(String(scriptSrc(first)))?.[1]}"`);
    await get("/cached-page");
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
      expect(second.headers["cache-control"], url).toBe("no-store");
      expect(second.body, url).toBe(`<p>${status} render ${renders}</p>`);
    }
    const first = await get("/cookie-page");
    const second = await get("/cookie-page");
    expect(second.headers["x-cache"]).toBeUndefined();
    expect(second.headers["cache-control"]).toBe("no-store");
    expect(second.body).toContain(`cookie render ${renders}`);
    expect([first.headers["set-cookie"], second.headers["set-cookie"]]).toEqual([
      `visitor=${renders - 1}; Path=/; HttpOnly`,
      `visitor=${renders}; Path=/; HttpOnly`,
    ]);
  });

  it("is cleared by a change to public content: new bytes, new ETag, and the old ETag no longer revalidates", async () => {
    await get("/cached-page");
    const before = await get("/cached-page");
    expect(before.headers["x-cache"]).toBe("hit");
    const video = {
      title: "New",
      description: "A story.",
      youtubeUrl: "https://youtu.be/aaaaaaaaaaa",
      category: "Testimonials",
    };
    await t.app.inject({ method: "POST", url: "/api/videos", headers: await t.adminHeaders(), payload: video });
    const after = await get("/cached-page", { "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers["x-cache"]).toBeUndefined();
    expect(after.body).toContain(`render ${renders}`);
    expect(after.body).not.toBe(before.body);
    const hit = await get("/cached-page");
    expect(hit.headers["x-cache"]).toBe("hit");
    expect(hit.headers.etag).not.toBe(before.headers.etag);
  });

  it("keeps one light page (Save-Data, a slow connection) apart from the full one, whatever the raw hint", async () => {
    await purge();
    const renderOf = (response: { body: string }) => /render (\d+)/.exec(response.body)?.[1];
    const full = await get("/light-page");
    const light = await get("/light-page", { "save-data": "on" });
    const slow = await get("/light-page", { ect: "2g" });
    const fast = await get("/light-page", { ect: "4g", "save-data": "off" });
    expect(renderOf(light)).not.toBe(renderOf(full));
    expect([slow.headers["x-cache"], fast.headers["x-cache"]]).toEqual(["hit", "hit"]);
    expect(renderOf(slow)).toBe(renderOf(light));
    expect(renderOf(fast)).toBe(renderOf(full));
    for (const hit of [slow, fast]) {
      expect(hit.headers.vary).toBe("save-data, ect, accept-language, cookie, accept-encoding");
      expect(hit.headers["accept-ch"]).toBe("ECT");
    }
  });
});

describe("page cache after a purge", () => {
  let t: TestApp;
  /** What each page shows: a purge comes with a change, so a page rendered after it shows the next edition. */
  let edition = 1;
  const renders: Array<{ url: string; cookie?: string; language?: string }> = [];
  // An app each: what one test's visitors asked for is not rendered again after another's purge.
  beforeEach(async () => {
    t = await createTestApp("sqlite", {
      config: { pageCacheSeconds: 60, pageCacheWarmPages: 2 },
      beforeReady: (app) => {
        for (const url of ["/first", "/second", "/third", "/am/third"]) {
          app.get(url, { config: { access: "public" } }, async (request, reply) => {
            renders.push({ url, cookie: request.headers.cookie, language: request.headers["accept-language"] });
            return reply
              .type("text/html; charset=utf-8")
              .header("x-page-cache", "public")
              .header(SCRIPTS_FROM_SELF_HEADER, "1")
              .send(`<p>${url} edition ${edition} for ${request.headers["accept-language"] ?? "-"}</p>${FILLER}`);
          });
        }
      },
    });
  });
  afterEach(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: "text/html", ...headers } });
  /** A change to public content: the next edition, then the purge that comes with it. */
  const change = async () => {
    edition += 1;
    renders.length = 0;
    await t.app.services.cachePurge.purgePublicCaches();
  };

  it("renders again at once the pages used latest, up to PAGE_CACHE_WARM_PAGES, so the next visitor finds them ready", async () => {
    await change();
    for (const url of ["/first", "/second", "/third"]) await get(url);
    await get("/second");
    await change();
    // Latest first: /second (asked twice, last), then /third; /first is left to its next visitor.
    await vi.waitFor(() => expect(renders.map((render) => render.url)).toEqual(["/second", "/third"]));
    for (const url of ["/second", "/third"]) {
      const next = await get(url);
      expect(next.headers["x-cache"], url).toBe("hit");
      expect(next.body).toContain(`${url} edition ${edition} `);
    }
    const first = await get("/first");
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(first.body).toContain(`/first edition ${edition} `);
  });

  it("asks again as the cache's key says, never with the visitor's cookies", async () => {
    await change();
    // Someone who reads Amharic on the English page (the page offers the Amharic one), signed in somewhere.
    const asked = await get("/third", { "accept-language": "am", cookie: "hbb_session=secret" });
    expect(asked.body).toContain("for am");
    await change();
    await vi.waitFor(() => expect(renders).toHaveLength(1));
    expect(renders[0]).toEqual({ url: "/third", cookie: undefined, language: "am" });
    const again = await get("/third", { "accept-language": "am" });
    expect(again.headers["x-cache"]).toBe("hit");
    expect(again.body).toContain(`/third edition ${edition} for am`);
  });

  it("renders nothing again for pages nobody asked for lately", async () => {
    await change();
    const startedAt = Date.now();
    await get("/first");
    vi.spyOn(Date, "now").mockReturnValue(startedAt + 6 * 60_000);
    try {
      await get("/second");
      await change();
      await vi.waitFor(() => expect(renders.map((render) => render.url)).toEqual(["/second"]));
      expect((await get("/second")).headers["x-cache"]).toBe("hit");
      const first = await get("/first");
      expect(first.headers["x-cache"]).toBeUndefined();
      expect(renders.map((render) => render.url)).toEqual(["/second", "/first"]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("stops rendering the old list when another purge comes, which renders its own", async () => {
    await change();
    for (const url of ["/first", "/second"]) await get(url);
    await change();
    await change();
    await vi.waitFor(() => expect(renders.map((render) => render.url).sort()).toEqual(["/first", "/second"]));
    for (const url of ["/first", "/second"]) expect((await get(url)).body).toContain(`edition ${edition} `);
  });
});
