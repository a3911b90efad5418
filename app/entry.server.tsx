import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { appContext } from "#app-context";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../server/plugins/errors";
import { SCRIPTS_FROM_SELF_HEADER } from "../server/plugins/security-headers";
import { PUBLIC_LAYOUT } from "./routes/public/layout-id";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before sending (onAllReady): complete HTML for crawlers and for
 * visitors on slow networks. Public pages (the islands' documents: the public layout's data is
 * there, as in root.tsx) load only the site's own script files and carry no nonce, so they are
 * the same bytes for every visitor and their CSP says `script-src 'self'`; every other page's
 * scripts carry this request's nonce (docs/decisions/0450-byte-identical-cached-answers.md).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A loader that met the database unavailable answers as the API does: 503 with Retry-After.
  if (Object.values(routerContext.staticHandlerContext.errors ?? {}).some(isDatabaseUnavailable)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  }
  const islandPage = routerContext.staticHandlerContext.loaderData[PUBLIC_LAYOUT] !== undefined;
  if (islandPage) responseHeaders.set(SCRIPTS_FROM_SELF_HEADER, "1");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = islandPage ? undefined : loadContext.get(appContext).cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    // Cleared once the render is handed over: a pending timer keeps the finished render (its whole
    // output) in memory for six more seconds, hundreds of them on a busy server (decision 0557).
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
          pipe(body);
          clearTimeout(giveUp);
        },
        onShellError(error) {
          clearTimeout(giveUp);
          reject(error);
        },
        onError(error) {
          status = 500;
          console.error(error);
        },
      },
    );
    giveUp = setTimeout(abort, streamTimeout + 1000);
  });
}
