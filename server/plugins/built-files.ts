import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import fp from "fastify-plugin";
import { ResponseStore } from "./stored-responses.ts";

/**
 * The site's built files (build/client: hashed scripts and styles, fonts, the site's
 * illustrations) kept in memory as they are sent, with the `.br` and `.gz` forms the build wrote
 * beside them, so the front door writes them like a cached page instead of @fastify/static opening
 * and streaming the file each time (≈ 180 µs of CPU an answer, against ≈ 25 µs for a stored one;
 * docs/decisions/0552-built-files-from-memory.md). The first request for a file goes through Fastify
 * as before; its headers (security headers, Cache-Control, Content-Type) are kept with the bytes
 * read from disk. Only files present at start are served this way: a build replaces them only
 * together with a restart, and the URL set bounds what can be kept. Uploads are not built files
 * (server/plugins/uploads.ts): a purge or a withdrawn consent must reach them at once.
 */
declare module "fastify" {
  interface FastifyInstance {
    builtFiles: ResponseStore | null;
  }
}

/** A built file never changes while the server runs: kept until the server stops. */
const KEPT_SECONDS = 365 * 24 * 3600;

/** The URL of every built file under `directory` (not their compressed copies, not dotfiles); none if it is missing. */
export function builtFileUrls(directory: string): Set<string> {
  const urls = new Set<string>();
  if (!existsSync(directory)) return urls;
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(directory, path.join(entry.parentPath, entry.name));
    const segments = relative.split(path.sep);
    if (segments.some((segment) => segment.startsWith(".")) || /\.(br|gz)$/.test(entry.name)) continue;
    urls.add(`/${segments.join("/")}`);
  }
  return urls;
}

/**
 * Headers of the first answer that a stored one does not keep: the stored answer has its own
 * validator (a strong ETag from the bytes, which a 304 answers) and the front door sends no ranges.
 */
const NOT_KEPT = ["last-modified", "accept-ranges"];

/** The file's bytes, or undefined when it is not there (no compressed copy was made for it). */
const readIfThere = (file: string) => readFile(file).catch(() => undefined);

export default fp(
  async (app, { directory }: { directory: string | undefined }) => {
    const urls = directory ? builtFileUrls(directory) : new Set<string>();
    const files = urls.size > 0 ? new ResponseStore({ seconds: KEPT_SECONDS, maxUrls: urls.size }) : null;
    app.decorate("builtFiles", files);
    if (!files || !directory) return;
    /**
     * Each file's bytes, read once: answers that vary by a request header (Origin, with CORS_ORIGIN
     * set) are kept once per value, and share these instead of reading and holding the file again.
     */
    const bytes = new Map<string, Promise<{ body: Buffer; br?: Buffer; gzip?: Buffer }>>();
    const read = (url: string) => {
      const file = path.join(directory, ...url.slice(1).split("/"));
      const reading = Promise.all([readFile(file), readIfThere(`${file}.br`), readIfThere(`${file}.gz`)]).then(
        ([body, br, gzip]) => ({ body, br, gzip }),
      );
      bytes.set(url, reading);
      return reading;
    };
    const storing = new Set<string>();
    /** Files whose read failed: left to @fastify/static from then on (still with their Vary). */
    const unreadable = new Set<string>();

    async function keep(url: string, headers: Record<string, unknown>, requestHeaders: IncomingHttpHeaders) {
      const key = `${url}\n${JSON.stringify(requestHeaders.origin ?? "")}`;
      if (storing.has(key)) return;
      storing.add(key);
      try {
        const { body, br, gzip } = await (bytes.get(url) ?? read(url));
        for (const name of NOT_KEPT) delete headers[name];
        files?.store(url, requestHeaders, { headers, body, route: url, compressed: { br, gzip } });
      } catch (error) {
        // Not asked again: the file stays with @fastify/static, and this is said once.
        unreadable.add(url);
        app.log.warn({ err: error, url }, "built file not kept in memory: it is served from disk");
      } finally {
        storing.delete(key);
      }
    }

    app.addHook("onSend", async (request, reply, payload) => {
      const { url } = request;
      if (!urls.has(url)) return payload;
      // The bundled @fastify/static sends a file's `.br` or `.gz` form without saying it chose by
      // Accept-Encoding: a cache in front could give brotli to a client that cannot read it.
      const vary = String(reply.getHeader("vary") ?? "");
      if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) {
        reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
      }
      if (
        request.method === "GET" &&
        reply.statusCode === 200 &&
        request.headers.range === undefined &&
        !unreadable.has(url) &&
        !files.lookup(url, request.headers)
      ) {
        void keep(url, { ...reply.getHeaders() }, request.headers);
      }
      return payload;
    });
  },
  { name: "built-files", dependencies: ["security-headers"] },
);
