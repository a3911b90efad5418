import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { CachePurge } from "../../core/cache-purge/cache-purge.ts";
import { localeOfPath, suggestedLocale } from "../../core/i18n/locale.ts";
import { LIGHT_PAGE_HEADERS, wantsLightPage } from "../../core/shared/save-data.ts";
import { type AskAgain, hashOf, KEPT_UNTIL_PURGED_SECONDS, ResponseStore, writeStored } from "./stored-responses.ts";

/**
 * An in-memory cache of public HTML pages, so visitors cost no render until content changes.
 *
 * Pages opt in by sending `x-page-cache: public` (the public layout does; a page that shows
 * per-visitor data, like a donation's thank-you page, exports its own `headers` without it). The
 * header never leaves the server. Public pages carry no nonce (their CSP allows the site's own
 * scripts, docs/decisions/0450-byte-identical-cached-answers.md), so a cached page is the same
 * bytes for everyone: it is kept with its headers, a strong ETag and its compressed forms, and a
 * hit is written as stored, before Fastify when it comes through the front door
 * (server/front-door.ts). Every change to public content clears it, on every instance
 * (core/cache-purge); otherwise a page is kept KEPT_UNTIL_PURGED_SECONDS. A light page (Save-Data
 * or a slow connection, core/shared/save-data.ts) is another copy of the page: its key says so
 * (decision 0432).
 */
export const PAGE_CACHE_HEADER = "x-page-cache";
const MAX_URLS = 500;
/** A purge renders again the pages used within this long (PAGE_CACHE_WARM_PAGES of them at most). */
const RENDERED_AGAIN_IF_USED_WITHIN_MS = 5 * 60_000;

/**
 * What a public page tells caches: browsers revalidate each time (a 304 costs little), a CDN or
 * reverse proxy may keep it `seconds` (PAGE_CACHE_SECONDS). A purge cannot reach those, so the time
 * stays short: a withdrawn consent or an unpublished item is gone from them within it.
 */
export const publicPageCacheControl = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;
/** Any other HTML (staff pages, previews, error pages, per-visitor pages) is kept by nobody. */
export const PRIVATE_PAGE_CACHE_CONTROL = "no-store";

declare module "fastify" {
  interface FastifyInstance {
    pageCache: ResponseStore | null;
  }
  interface FastifyRequest {
    pageCacheKey: string | null;
    /** Set on the request that renders a page others may wait for: call once its answer is kept (or not). */
    pageRendered: (() => void) | null;
    /** The purge generation when this request began (see CachePurge.generation). */
    pageCacheGeneration: number;
  }
}

/** A browser's document request for a page the cache may answer. */
export const isPageRequest = (request: Pick<IncomingMessage, "method" | "url" | "headers">) =>
  (request.method === "GET" || request.method === "HEAD") &&
  !/^\/(api|admin|uploads|assets)(\/|$)/i.test(request.url ?? "") &&
  !(request.url ?? "").includes(".data") &&
  !request.headers.authorization &&
  (request.headers.accept ?? "").includes("text/html");

type PageRequest = Pick<IncomingMessage, "url" | "headers">;

/**
 * A page's cache key: its URL (which carries its language, `/am/…`), the language a first visit
 * is offered (decision 0410): the same URL renders with or without that suggestion, and whether it
 * is a light page (Save-Data or a slow connection, decision 0432).
 */
export function pageCacheKey(request: PageRequest): string {
  const { url, suggested, light } = whatDecidesThePage(request);
  return `${url}${suggested ? ` suggest=${suggested}` : ""}${light ? " save-data" : ""}`;
}

function whatDecidesThePage(request: PageRequest) {
  const url = request.url ?? "/";
  const suggested = suggestedLocale(localeOfPath(url.split("?")[0] ?? "/"), {
    cookie: request.headers.cookie,
    acceptLanguage: request.headers["accept-language"],
  });
  return { url, suggested, light: wantsLightPage((name) => request.headers[name]) };
}

/**
 * A request with the same key as this one, made of what the key says (never the visitor's
 * cookies): how the cache renders the page again after a purge.
 */
function askAgainFor(request: PageRequest): AskAgain {
  const { url, suggested, light } = whatDecidesThePage(request);
  return {
    url,
    headers: {
      accept: "text/html",
      ...(suggested ? { "accept-language": suggested } : {}),
      ...(light ? { "save-data": "on" } : {}),
    },
  };
}

/**
 * What a public page varies by for caches outside this server: the language suggestion comes from
 * these two (the key above reduces them to the suggestion, so the store ignores their raw values).
 */
const LANGUAGE_HEADERS = ["accept-language", "cookie"];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Whether `If-None-Match` names these bytes (weakly: the compressed forms are the same page). */
const revalidates = (ifNoneMatch: string | undefined, hash: string) =>
  Boolean(ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "").startsWith(`"${hash}`)));

export default fp(
  async (
    app,
    { seconds, warmAfterPurge, cachePurge }: { seconds: number; warmAfterPurge: number; cachePurge: CachePurge },
  ) => {
    const pages =
      seconds > 0
        ? new ResponseStore({
            seconds: Math.max(seconds, KEPT_UNTIL_PURGED_SECONDS),
            maxUrls: MAX_URLS,
            keyedByCaller: [...LANGUAGE_HEADERS, ...LIGHT_PAGE_HEADERS],
          })
        : null;
    let closing = false;
    app.addHook("onClose", async () => {
      closing = true;
    });
    /**
     * The pages the latest purge renders again, one after the other, not yet rendered: the pages
     * visitors asked for lately, so whoever comes next finds the page ready (or being rendered)
     * instead of waiting for a whole render of their own (docs/decisions/0550). A purge that comes
     * meanwhile takes over what is left, with its own list first.
     */
    let toRender: AskAgain[] = [];
    async function renderAgain(generation: number) {
      while (toRender.length > 0 && !closing && cachePurge.generation === generation) {
        const { url, headers } = toRender[0] as AskAgain;
        await app.inject({ method: "GET", url, headers }).catch(() => {});
        // Rendered for this purge (a newer one keeps it on its list, since it was not kept).
        if (cachePurge.generation === generation) toRender.shift();
      }
    }
    cachePurge.onPurge(() => {
      if (!pages) return;
      const keys = new Set<string>();
      toRender = [...pages.recentlyUsed(Date.now() - RENDERED_AGAIN_IF_USED_WITHIN_MS, warmAfterPurge), ...toRender]
        .filter((asked) => {
          const key = pageCacheKey(asked);
          if (keys.has(key)) return false;
          keys.add(key);
          return true;
        })
        .slice(0, warmAfterPurge);
      pages.clear();
      if (toRender.length === 0) return;
      // The purge's generation (already counted when caches are cleared). Not in the purge's own
      // turn of the event loop: the change's request answers first, and the requests that came
      // meanwhile are read and answered (a turn's I/O is read between two setImmediate rounds).
      const generation = cachePurge.generation;
      setImmediate(() => setImmediate(() => void renderAgain(generation)));
    });
    /**
     * Renders under way, by key. A request that misses while its page is being rendered waits for
     * that render's answer instead of rendering the page again: after a purge, the visitors who
     * arrive together cost one render, not one each (docs/decisions/0545).
     */
    const rendering = new Map<string, Promise<void>>();
    app.decorate("pageCache", pages);
    app.decorateRequest("pageCacheKey", null);
    app.decorateRequest("pageRendered", null);
    app.decorateRequest("pageCacheGeneration", 0);

    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      if (!pages || !isPageRequest(request)) return;
      const key = pageCacheKey(request);
      request.pageCacheKey = key;
      request.pageCacheGeneration = cachePurge.generation;
      let hit = pages.lookup(key, request.headers);
      const running = hit ? undefined : rendering.get(key);
      if (running) {
        await running;
        // Kept unless it varied, failed or a purge came meanwhile: then this request renders too.
        hit = pages.lookup(key, request.headers);
      } else if (!hit) {
        let rendered = () => {};
        const render = new Promise<void>((resolve) => {
          rendered = () => {
            if (rendering.get(key) === render) rendering.delete(key);
            resolve();
          };
        });
        rendering.set(key, render);
        request.pageRendered = rendered;
        // onSend tells the waiting ones as soon as the answer is kept; this covers every other end.
        reply.raw.once("close", rendered);
      }
      if (!hit) return;
      // Stored with every header it went out with: no other hook has anything to add.
      reply.hijack();
      writeStored(request.raw, reply.raw, hit, request.id);
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const optedIn = reply.getHeader(PAGE_CACHE_HEADER) === "public";
      reply.removeHeader(PAGE_CACHE_HEADER);
      const html = String(reply.getHeader("content-type") ?? "").startsWith("text/html");
      const cacheable =
        pages !== null &&
        optedIn &&
        html &&
        request.pageCacheKey !== null &&
        reply.statusCode === 200 &&
        !reply.hasHeader("set-cookie");
      if (!cacheable) {
        request.pageRendered?.();
        if (html && !reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE_PAGE_CACHE_CONTROL);
        return payload;
      }
      const body =
        typeof payload === "string"
          ? Buffer.from(payload, "utf8")
          : Buffer.isBuffer(payload)
            ? payload
            : await readAll(payload as Readable);
      reply.header("cache-control", publicPageCacheControl(seconds));
      const vary = String(reply.getHeader("vary") ?? "");
      reply.header("vary", [...(vary ? [vary] : []), ...LANGUAGE_HEADERS].join(", "));
      // A page rendered after a purge began may show what was purged: send it, never keep it.
      const hash =
        request.pageCacheGeneration === cachePurge.generation
          ? pages.store(request.pageCacheKey as string, request.headers, {
              headers: reply.getHeaders(),
              body,
              route: request.routeOptions.url ?? "*",
              askAgain: askAgainFor(request),
            }).hash
          : hashOf(body);
      request.pageRendered?.();
      // Weak here: the compress plugin may still encode this answer (stored hits use strong tags).
      reply.header("etag", `W/"${hash}"`);
      if (revalidates(request.headers["if-none-match"], hash)) {
        reply.code(304);
        return "";
      }
      return body;
    });
  },
  { name: "page-cache", dependencies: ["security-headers"] },
);
