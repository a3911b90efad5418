import { localeOfPath } from "../i18n/locale.ts";

/**
 * What a counted page view records, read from the request alone (docs/decisions/0710). Whether a
 * request is counted at all is `deviceToCount`'s to say.
 */
export interface PageView {
  path: string;
  language: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmContent: string;
  device: "mobile" | "tablet" | "desktop";
  country: string;
}

type Headers = Record<string, string | string[] | undefined>;

/** Set by the back office on the browser of whoever signs in (app/lib/admin-session.ts). */
export const STAFF_COOKIE = "hbb_staff";

/**
 * Crawlers, monitors, link previews and scripts name themselves in the user agent; headless
 * browsers are test runs and audits. `lightMyRequest` is the page cache's own render after a purge.
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|preview|fetch|monitor|scan|headless|lighthouse|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|lightmyrequest|facebookexternalhit|whatsapp|telegram|discord|embedly|^mozilla\/5\.0$/i;
const TABLET = /ipad|tablet|playbook|silk|(android(?!.*mobile))/i;
const MOBILE = /mobi|iphone|ipod|android|blackberry|opera mini|iemobile/i;
const COUNTRY = /^[A-Z]{2}$/;
/** Longest value kept of any text the visitor sends (paths, tags, hosts). */
const MAX_TEXT = 200;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
const clip = (value: string) => value.slice(0, MAX_TEXT);

/**
 * The most kept of a request's URL (a 200-character path and four 200-character tags fit) and of
 * its Referer and Host (a host name is at most 253 characters) until the buffer is written.
 */
const MAX_URL = 1_000;
const MAX_HOST_PART = 300;
/**
 * The most kept of a user agent, for telling devices and visitors apart: browsers send 100 to 400
 * characters, and the agents remembered below and the views waiting hold one each.
 */
const MAX_USER_AGENT = 500;

/**
 * The start of a long value, copied: a slice would keep the whole header alive with it (V8 slices
 * point into their parent), and up to 5,000 views wait in memory.
 */
const kept = (value: string, max: number) =>
  value.length <= max ? value : Buffer.from(value.slice(0, max), "utf16le").toString("utf16le");

/** Whether the Cookie header holds `name`; looked for in place (splitting it was a fifth of counting a view). */
function hasCookie(cookieHeader: string, name: string): boolean {
  const wanted = `${name}=`;
  for (let at = cookieHeader.indexOf(wanted); at !== -1; at = cookieHeader.indexOf(wanted, at + 1)) {
    const before = cookieHeader.slice(0, at).trimEnd();
    if (before === "" || before.endsWith(";")) return true;
  }
  return false;
}

const PURPOSE_HEADERS = ["sec-purpose", "purpose", "x-moz"];
const PREFETCH = /prefetch|prerender/i;

/** Whether the browser asked for a page it may never show (a prefetch or prerender). */
function isPrefetch(headers: Headers): boolean {
  for (const name of PURPOSE_HEADERS) {
    const value = headers[name];
    if (value !== undefined && PREFETCH.test(one(value))) return true;
  }
  return false;
}

function deviceOf(userAgent: string): PageView["device"] {
  if (TABLET.test(userAgent)) return "tablet";
  if (MOBILE.test(userAgent)) return "mobile";
  return "desktop";
}

/**
 * What a user agent is (a bot: null), remembered: most views come from a few hundred browsers, and
 * the patterns cost more than the rest of counting a view. Emptied when full.
 */
const KNOWN_AGENTS = 2_000;
const agents = new Map<string, PageView["device"] | null>();
function agentOf(userAgent: string): PageView["device"] | null {
  let device = agents.get(userAgent);
  if (device === undefined) {
    device = BOT.test(userAgent) ? null : deviceOf(userAgent);
    if (agents.size >= KNOWN_AGENTS) agents.clear();
    agents.set(userAgent, device);
  }
  return device;
}

function referrerHostOf(referer: string, ownHost: string): string {
  if (!referer) return "";
  try {
    const host = new URL(referer).hostname.toLowerCase().replace(/^www\./, "");
    return host ===
      ownHost
        .toLowerCase()
        .replace(/^www\./, "")
        .replace(/:\d+$/, "")
      ? ""
      : clip(host);
  } catch {
    return "";
  }
}

/**
 * What a request to count said, kept as it came until the buffer is written: parsing it there, once
 * for every distinct view, costs the answer nothing (visit-counter.ts).
 */
export interface RequestSeen {
  /** Path and query, as requested. */
  url: string;
  referer: string;
  host: string;
  /** The country header of a trusted proxy, or "". */
  country: string;
  device: PageView["device"];
}

/**
 * Whether the browser asked not to be tracked (`DNT: 1`, `Sec-GPC: 1`): its views are not counted,
 * and where it came from is not kept with what it sends (docs/decisions/0800-attribution.md).
 */
export const asksNotToBeTracked = (dnt: string | null | undefined, gpc: string | null | undefined) =>
  dnt === "1" || gpc === "1";

/** The request's user agent as counting keeps it: its start, copied (see MAX_USER_AGENT). */
export const userAgentOf = (headers: Headers) => kept(one(headers["user-agent"]), MAX_USER_AGENT);

/**
 * The device class of a request for a page, or null when it is not to be counted: a signed-in
 * staff member's browser, a bot, a prefetch, anyone who asked not to be tracked.
 */
export function deviceToCount(headers: Headers): PageView["device"] | null {
  const userAgent = userAgentOf(headers);
  const device = userAgent ? agentOf(userAgent) : null;
  if (!device) return null;
  if (asksNotToBeTracked(one(headers.dnt), one(headers["sec-gpc"]))) return null;
  if (isPrefetch(headers)) return null;
  if (headers.cookie !== undefined && hasCookie(one(headers.cookie), STAFF_COOKIE)) return null;
  return device;
}

/**
 * What a request to count said. `countryHeader` is read only when the request came through a
 * trusted proxy (the caller decides).
 */
export const requestSeen = (
  url: string,
  headers: Headers,
  device: PageView["device"],
  countryHeader?: string,
): RequestSeen => ({
  url: kept(url, MAX_URL),
  referer: kept(one(headers.referer), MAX_HOST_PART),
  host: kept(one(headers.host), MAX_HOST_PART),
  // Three: a longer value still fails the two-letter test below.
  country: countryHeader ? kept(one(headers[countryHeader]), 3) : "",
  device,
});

/** The page view a counted request records. */
export function pageViewFrom({ url, referer, host, country, device }: RequestSeen): PageView {
  const query = url.indexOf("?");
  const path = clip(query === -1 ? url : url.slice(0, query));
  const params = query === -1 ? undefined : new URLSearchParams(url.slice(query + 1));
  const tag = (name: string) => clip((params?.get(name) ?? "").trim().toLowerCase());
  const countryCode = country.toUpperCase();
  return {
    path,
    language: localeOfPath(path),
    referrerHost: referrerHostOf(referer, host),
    utmSource: tag("utm_source"),
    utmMedium: tag("utm_medium"),
    utmCampaign: tag("utm_campaign"),
    utmContent: tag("utm_content"),
    device,
    country: COUNTRY.test(countryCode) && countryCode !== "XX" ? countryCode : "",
  };
}
