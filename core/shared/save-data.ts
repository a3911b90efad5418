/**
 * Whether a visitor asked for a light page (docs/decisions/0432-light-pages-for-save-data.md): the browser's data saver
 * (`Save-Data: on`) or a slow connection by its Effective Connection Type client hint (`ECT`, sent
 * once the site asks for it with `Accept-CH: ECT`). Light pages get the smallest images, no carousel
 * autoplay and no third-party video thumbnails until the visitor asks.
 */
export const SLOW_CONNECTIONS = ["slow-2g", "2g", "3g"] as const;

/** The request headers a page's content depends on: caches must keep one copy per value. */
export const LIGHT_PAGE_VARY = "Save-Data, ECT";
/** The same, as the page cache's store names them (it keys light pages itself, server/plugins/page-cache.ts). */
export const LIGHT_PAGE_HEADERS = ["save-data", "ect"];
/** Asks Chromium browsers to send the ECT hint with their next requests. */
export const LIGHT_PAGE_ACCEPT_CH = "ECT";

type HeaderValue = string | string[] | null | undefined;

export function wantsLightPage(header: (name: "save-data" | "ect") => HeaderValue): boolean {
  const text = (value: HeaderValue) => (Array.isArray(value) ? value.join(",") : (value ?? "")).trim().toLowerCase();
  return text(header("save-data")) === "on" || (SLOW_CONNECTIONS as readonly string[]).includes(text(header("ect")));
}
