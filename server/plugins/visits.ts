import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import ipaddr from "ipaddr.js";
import { ATTRIBUTION_FIELDS, type Attribution } from "../../core/campaigns/attribution.ts";
import { asksNotToBeTracked, deviceToCount, requestSeen, userAgentOf } from "../../core/visits/page-view.ts";
import type { VisitCounter } from "../../core/visits/visit-counter.ts";
import { isPageRequest } from "./page-cache.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Counts the page view in an answered request for a page (`isPageRequest`), if it is one: the
     * front door calls it for its page cache's hits.
     */
    countPageView: (request: IncomingMessage, status: number, html: boolean) => void;
    /**
     * Counts the donation pop-up's opening, told by the pop-up itself, as a view of the donation
     * page in the visitor's language, from where their visit first came from.
     */
    countDonateOpened: (request: IncomingMessage, language: string, cameFrom: Attribution | null) => void;
  }
}

/** The names Fastify's TRUST_PROXY accepts for address ranges (proxy-addr's). */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

function rangeOf(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | undefined {
  try {
    return ipaddr.parseCIDR(entry.includes("/") ? entry : `${entry}/${entry.includes(":") ? 128 : 32}`);
  } catch {
    return undefined;
  }
}

const KNOWN_ADDRESSES = 10_000;

/** Whether an address is one TRUST_PROXY names (`true`: every address; a list of addresses, ranges or names). */
function trustedBy(trustProxy: string | boolean): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  const ranges = trustProxy
    .split(",")
    .map((entry) => entry.trim())
    .flatMap((entry) => NAMED_RANGES[entry] ?? [entry])
    .map(rangeOf)
    .filter((range) => range !== undefined);
  // Parsing an address costs several times the rest of counting a view, and a site's proxies and
  // visitors' addresses repeat: each answer is remembered (emptied when full, as page-view.ts does).
  const known = new Map<string, boolean>();
  return (address) => {
    let answer = known.get(address);
    if (answer === undefined) {
      answer = ipaddr.isValid(address) && matches(ipaddr.process(address));
      if (known.size >= KNOWN_ADDRESSES) known.clear();
      known.set(address, answer);
    }
    return answer;
  };
  function matches(parsed: ipaddr.IPv4 | ipaddr.IPv6) {
    return ranges.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
  }
}

/**
 * The visitor's address as Fastify's `request.ip` reads it: the connection's, or, when that is a
 * trusted proxy, the nearest untrusted hop of `X-Forwarded-For`. Also whether a trusted proxy
 * passed the request on (only then is its country header believed).
 */
function clientOf(request: IncomingMessage, trusted: (address: string) => boolean) {
  let address = request.socket.remoteAddress ?? "";
  const viaProxy = trusted(address);
  const header = viaProxy ? request.headers["x-forwarded-for"] : undefined;
  if (typeof header === "string") {
    const hops = header.split(",").map((hop) => hop.trim());
    while (trusted(address) && hops.length > 0) address = hops.pop() as string;
  }
  return { address, viaProxy };
}

/**
 * Counts each public page view beside the answer, never in it (docs/decisions/0710): pages rendered
 * or answered from the page cache inside Fastify here, the front door's hits through
 * `countPageView`. A view is a GET of a page answered 200 (or 304: the browser shows the page it
 * kept) as HTML. The count is a push onto the counter's buffer; the page's bytes do not change.
 */
export default fp(
  async (app: FastifyInstance, { counter }: { counter: VisitCounter | null }) => {
    const { trustProxy, analyticsCountryHeader } = app.services.config;
    const trusted = trustedBy(trustProxy);
    /** Counts a view of `url`; `referer` stands in for the request's own when given. */
    function count(request: IncomingMessage, url: string, referer?: string) {
      if (!counter) return;
      // Read once: `headers` is a getter (Node builds the object on first use).
      const { headers } = request;
      const device = deviceToCount(headers);
      if (!device) return;
      const { address, viaProxy } = clientOf(request, trusted);
      const said = referer === undefined ? headers : { ...headers, referer };
      const seen = requestSeen(url, said, device, viaProxy ? analyticsCountryHeader : undefined);
      counter.record(seen, address, userAgentOf(headers));
    }
    function countPageView(request: IncomingMessage, status: number, html: boolean) {
      if (!counter || request.method !== "GET") return;
      if (!(status === 200 && html) && status !== 304) return;
      count(request, request.url ?? "/");
    }
    app.decorate("countPageView", countPageView);
    app.decorate("countDonateOpened", (request: IncomingMessage, language: string, cameFrom: Attribution | null) => {
      const tags = new URLSearchParams();
      for (const key of ["source", "medium", "campaign", "content"] as const)
        if (cameFrom?.[key]) tags.set(ATTRIBUTION_FIELDS[key], cameFrom[key]);
      const path = language === "am" ? "/am/donate" : "/donate";
      count(
        request,
        tags.size > 0 ? `${path}?${tags}` : path,
        cameFrom?.referrer ? `https://${cameFrom.referrer}/` : "",
      );
    });
    // Where a visitor came from is kept with a gift, sign-up or application only as views are
    // counted: not with counting off, nor for a browser that asked not to be tracked.
    app.addHook("preHandler", async (request) => {
      const body = request.body as { attribution?: unknown } | null | undefined;
      if (body === null || typeof body !== "object" || !("attribution" in body)) return;
      const { dnt, "sec-gpc": gpc } = request.headers;
      if (!counter || asksNotToBeTracked(String(dnt ?? ""), String(gpc ?? ""))) delete body.attribution;
    });
    if (!counter) return;
    app.addHook("onResponse", async (request, reply) => {
      if (!isPageRequest(request.raw)) return;
      const html = String(reply.getHeader("content-type") ?? "").startsWith("text/html");
      countPageView(request.raw, reply.statusCode, html);
    });
    app.addHook("onReady", async () => counter.start());
    app.addHook("onClose", async () => counter.stop());
  },
  { name: "visits" },
);
