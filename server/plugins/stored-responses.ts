import { createHash } from "node:crypto";
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Answers kept as the bytes that go out (the page cache and the API cache share this): each has
 * a strong ETag from its bytes, answers `If-None-Match` with 304, and is sent as stored, so a hit
 * needs no rendering, no per-request header work and no compression.
 * docs/decisions/0450-byte-identical-cached-answers.md
 */
export interface StoredResponse {
  /** `[name, value, name, value…]`: the answer's headers without the per-request ones. */
  headers: string[];
  body: Buffer;
  /** The identity bytes' hash; each encoding's ETag adds a suffix to it. */
  hash: string;
  /** Filled in the background once compressed; until then the identity bytes go out. */
  br?: Buffer;
  gzip?: Buffer;
  /** Settles once the compressed forms are there (or will not be). */
  compressed: Promise<void>;
  expiresAt: number;
  /** The route pattern that answered, for the metrics of hits answered outside Fastify. */
  route: string;
  /** Per encoding, the status line and every header that is the same for each hit (see writeStoredHit). */
  heads: Partial<Record<Encoding, string>>;
  /** When it was stored or last answered a request (ms since 1970). */
  usedAt: number;
  /** How to ask for this answer again (the caller's, kept with it; see ResponseStore.recentlyUsed). */
  askAgain?: AskAgain;
}

/** A request that gets the same answer again: its URL and the request headers that decide it. */
export interface AskAgain {
  url: string;
  headers: Record<string, string>;
}

/** An answer to keep: its headers as sent, its uncompressed body, the route that answered, how to ask again. */
interface AnswerToKeep {
  headers: Record<string, unknown>;
  body: Buffer;
  route: string;
  askAgain?: AskAgain;
  /** Compressed forms made already (the build's): kept as given, and nothing is compressed here. */
  compressed?: { br?: Buffer | undefined; gzip?: Buffer | undefined };
}

/** Headers that belong to one exchange, or that the writer sets itself. */
const NOT_STORED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "set-cookie",
  "vary",
  "x-cache",
  "x-request-id",
]);

/**
 * How long this server keeps a stored answer when no purge clears it first. Every change to what
 * the public sees purges (core/cache-purge), so this is a backstop for a change that does not (a row
 * edited by hand, the footer's year), not the freshness the site relies on. What caches in front are
 * told (`s-maxage`, PAGE_CACHE_SECONDS) stays short, since no purge reaches them. Kept short here
 * too, an idle site rendered each page again every few seconds: a 20–30 ms stall for whoever came
 * next (docs/decisions/0549-keep-answers-until-purged.md).
 */
export const KEPT_UNTIL_PURGED_SECONDS = 300;

/** Copies of one URL's answer kept for different values of the headers it varies by. */
const MAX_VARIANTS_PER_URL = 8;

/** Below this, compressing costs more than it saves (the compress plugin's threshold too). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Request headers the stored answers differ by (from the answer's `Vary`, lower case, sorted);
 * `Accept-Encoding` is left out because every stored answer carries its encodings.
 */
export function varyNames(vary: unknown): string[] {
  const names = String(vary ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "" && name !== "accept-encoding");
  return [...new Set(names)];
}

/**
 * A bounded map from URL (and the request headers the answer varies by) to stored answers.
 * Entries expire after `seconds`; a purge clears it all.
 */
export class ResponseStore {
  #byUrl = new Map<string, { vary: string[]; variants: Map<string, StoredResponse> }>();
  readonly #maxUrls: number;
  readonly #seconds: number;
  readonly #keyedByCaller: Set<string>;

  /**
   * `keyedByCaller`: headers the answer varies by whose effect the caller's key already carries
   * (the page cache's language suggestion), so their raw values do not split the entries.
   */
  constructor({
    seconds,
    maxUrls,
    keyedByCaller = [],
  }: { seconds: number; maxUrls: number; keyedByCaller?: string[] }) {
    this.#seconds = seconds;
    this.#maxUrls = maxUrls;
    this.#keyedByCaller = new Set(keyedByCaller);
  }

  lookup(url: string, headers: IncomingHttpHeaders, now = Date.now()): StoredResponse | undefined {
    const forUrl = this.#byUrl.get(url);
    if (!forUrl) return undefined;
    const key = variantKey(forUrl.vary, headers);
    const hit = forUrl.variants.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      forUrl.variants.delete(key);
      if (forUrl.variants.size === 0) this.#byUrl.delete(url);
      return undefined;
    }
    hit.usedAt = now;
    return hit;
  }

  /**
   * Keeps an answer (status 200) given its headers as sent and its uncompressed body, under `url`
   * (the caller's key: the request's URL, or more).
   */
  store(url: string, requestHeaders: IncomingHttpHeaders, answer: AnswerToKeep) {
    const vary = varyNames(answer.headers.vary)
      .filter((name) => !this.#keyedByCaller.has(name))
      .sort();
    let forUrl = this.#byUrl.get(url);
    if (!forUrl || forUrl.vary.join() !== vary.join()) {
      if (!forUrl && this.#byUrl.size >= this.#maxUrls) this.#byUrl.delete(this.#byUrl.keys().next().value as string);
      forUrl = { vary, variants: new Map() };
      this.#byUrl.set(url, forUrl);
    }
    const entry = storedResponse(answer, Date.now() + this.#seconds * 1000);
    const key = variantKey(vary, requestHeaders);
    // Request headers are the client's to choose (Origin, say): keep a few copies, the latest.
    if (!forUrl.variants.has(key) && forUrl.variants.size >= MAX_VARIANTS_PER_URL) {
      forUrl.variants.delete(forUrl.variants.keys().next().value as string);
    }
    forUrl.variants.set(key, entry);
    return entry;
  }

  clear() {
    this.#byUrl.clear();
  }

  /**
   * How to ask again for the answers used since `since` (ms since 1970), the latest first, at most
   * `max`: those stored with `askAgain`.
   */
  recentlyUsed(since: number, max: number): AskAgain[] {
    const used: StoredResponse[] = [];
    for (const { variants } of this.#byUrl.values()) {
      for (const entry of variants.values()) if (entry.askAgain && entry.usedAt >= since) used.push(entry);
    }
    return used
      .sort((a, b) => b.usedAt - a.usedAt)
      .slice(0, max)
      .map((entry) => entry.askAgain as AskAgain);
  }
}

function variantKey(vary: string[], headers: IncomingHttpHeaders): string {
  if (vary.length === 0) return "";
  return vary.map((name) => String(headers[name] ?? "")).join("\n");
}

/** The strong validator of stored bytes: a quoted, URL-safe SHA-256 prefix (collisions need 2^72 tries). */
export const hashOf = (body: Buffer) => createHash("sha256").update(body).digest("base64url").slice(0, 24);

function storedResponse(
  { headers: answerHeaders, body, route, askAgain, compressed }: AnswerToKeep,
  expiresAt: number,
): StoredResponse {
  const headers: string[] = [];
  for (const [name, value] of Object.entries(answerHeaders)) {
    if (value === undefined || NOT_STORED.has(name.toLowerCase())) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
  }
  const vary = [...varyNames(answerHeaders.vary), "accept-encoding"].join(", ");
  headers.push("vary", vary);
  const entry: StoredResponse = {
    headers,
    body,
    hash: hashOf(body),
    expiresAt,
    route,
    compressed: Promise.resolve(),
    heads: {},
    usedAt: Date.now(),
    ...(askAgain ? { askAgain } : {}),
  };
  if (compressed) {
    if (compressed.br) entry.br = compressed.br;
    if (compressed.gzip) entry.gzip = compressed.gzip;
  } else if (body.length >= COMPRESS_FROM_BYTES) {
    entry.compressed = compressInBackground(entry);
  }
  return entry;
}

/**
 * Brotli's quality for stored answers. 11 (what the built assets get, once) took 56–116 ms of a core
 * per page, after every purge and for each page rendered again, on a two-core server with pages to
 * answer; 5 takes 1–2 ms for pages 10–14 % larger than 11 makes them (docs/decisions/0550).
 */
const STORED_BROTLI_QUALITY = 5;

/** Once per stored answer, on libuv's threads (every hit reuses them). */
async function compressInBackground(entry: StoredResponse): Promise<void> {
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
  };
  // A failure leaves that encoding out: the identity bytes still go out.
  const [br, gzipped] = await Promise.allSettled([brotli(entry.body, { params }), gzipAsync(entry.body, { level: 9 })]);
  if (br.status === "fulfilled") entry.br = br.value;
  if (gzipped.status === "fulfilled") entry.gzip = gzipped.value;
}

type Encoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts (q > 0) among those ready. */
export function chooseEncoding(acceptEncoding: string | undefined, entry: StoredResponse): Encoding {
  if (!acceptEncoding || (!entry.br && !entry.gzip)) return "identity";
  let br = false;
  let gzipOk = false;
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    if (q && Number(q.slice(2)) <= 0) continue;
    if (token === "br") br = true;
    else if (token === "gzip") gzipOk = true;
  }
  if (br && entry.br) return "br";
  if (gzipOk && entry.gzip) return "gzip";
  return "identity";
}

const etagOf = (entry: StoredResponse, encoding: Encoding) =>
  encoding === "identity" ? `"${entry.hash}"` : `"${entry.hash}-${encoding === "br" ? "br" : "gz"}"`;

/**
 * Whether `If-None-Match` names one of the stored answer's representations (weak comparison, as
 * RFC 9110 asks for this header): any encoding of the same bytes is the same page.
 */
export function notModified(ifNoneMatch: string | undefined, entry: StoredResponse): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  for (const tag of ifNoneMatch.split(",")) {
    const opaque = tag.trim().replace(/^W\//, "");
    if (opaque.startsWith(`"${entry.hash}`) && /^"[\w-]+"$/.test(opaque)) {
      const suffix = opaque.slice(entry.hash.length + 1, -1);
      if (suffix === "" || suffix === "-br" || suffix === "-gz") return true;
    }
  }
  return false;
}

/**
 * node:http's own fields of a response, as Node 24 has them: what `writeHead` would decide from
 * them is what `writeStoredHit` writes itself.
 */
interface NodeResponse extends ServerResponse {
  _header: string | null;
  _hasBody: boolean;
  _removedConnection: boolean;
  _defaultKeepAlive: boolean;
  _keepAliveTimeout: number;
  _maxRequestsPerSocket: number;
  _expect_continue: boolean;
  maxRequestsOnConnectionReached?: boolean;
}

/** Characters node:http refuses in a header value (its own check, `checkInvalidHeaderChar`). */
const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;

/** `Date: …\r\n`, made once a second (as node:http caches its own). */
let dateSecond = -1;
let dateLine = "";
function dateHeaderLine(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(second * 1000).toUTCString()}\r\n`;
  }
  return dateLine;
}

/** The 200's status line and headers that every hit of this answer in this encoding shares, checked once. */
function headOf(entry: StoredResponse, encoding: Encoding, body: Buffer): string {
  const ready = entry.heads[encoding];
  if (ready !== undefined) return ready;
  const headers = [...entry.headers, "etag", etagOf(entry, encoding), "x-cache", "hit"];
  if (encoding !== "identity") headers.push("content-encoding", encoding);
  headers.push("content-length", String(body.length));
  let head = "HTTP/1.1 200 OK\r\n";
  for (let i = 0; i < headers.length; i += 2) {
    const [name, value] = [headers[i] as string, headers[i + 1] as string];
    validateHeaderName(name);
    validateHeaderValue(name, value);
    head += `${name}: ${value}\r\n`;
  }
  entry.heads[encoding] = head;
  return head;
}

/**
 * Sends a stored answer on a socket's response as `writeStored` does, with the head written as
 * one prepared string: no header objects or arrays, no per-header validation (the stored headers
 * were checked once, when their head was made). The head and the body leave in one write (node:http
 * corks the socket around `end`). Only for the common case, a keep-alive GET for a 200 on a server
 * with the front door's settings; anything else (HEAD, 304, `Connection: close`, HTTP/1.0,
 * `Expect`, a request id node:http would refuse) goes through `writeStored`.
 * docs/decisions/0515-front-door-writes-prepared-heads.md
 */
export function writeStoredHit(
  request: IncomingMessage,
  response: ServerResponse,
  entry: StoredResponse,
  requestId: string,
) {
  const raw = response as NodeResponse;
  const fast =
    request.method === "GET" &&
    raw._header === null &&
    raw.shouldKeepAlive &&
    !raw.maxRequestsOnConnectionReached &&
    raw.sendDate &&
    raw._defaultKeepAlive &&
    !raw._removedConnection &&
    !raw._expect_continue &&
    !(raw._maxRequestsPerSocket > 0) &&
    raw._keepAliveTimeout >= 1000 &&
    request.headers["if-none-match"] === undefined &&
    !INVALID_HEADER_CHAR.test(requestId);
  if (!fast) {
    writeStored(request, response, entry, requestId);
    return;
  }
  const encoding = chooseEncoding(request.headers["accept-encoding"], entry);
  const body = (encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.body) as Buffer;
  raw.statusCode = 200;
  raw.statusMessage = "OK";
  // What node:http's _storeHeader adds for such a response: the date, and keep-alive with its timeout.
  raw._header = `${headOf(entry, encoding, body)}${dateHeaderLine(Date.now())}Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(
    raw._keepAliveTimeout / 1000,
  )}\r\nx-request-id: ${requestId}\r\n\r\n`;
  raw.end(body);
}

/** Sends a stored answer (200, or 304 when the client has it) on the raw response. */
export function writeStored(
  request: IncomingMessage,
  response: ServerResponse,
  entry: StoredResponse,
  requestId: string,
) {
  const encoding = chooseEncoding(request.headers["accept-encoding"], entry);
  const headers = [...entry.headers, "etag", etagOf(entry, encoding), "x-cache", "hit", "x-request-id", requestId];
  if (notModified(request.headers["if-none-match"], entry)) {
    response.writeHead(304, headers).end();
    return;
  }
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.body;
  if (encoding !== "identity") headers.push("content-encoding", encoding);
  headers.push("content-length", String((body as Buffer).length));
  response.writeHead(200, headers);
  if (request.method === "HEAD") response.end();
  else response.end(body);
}
