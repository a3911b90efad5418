/**
 * The site's languages and how a URL carries one (docs/decisions/0410): English at `/…`, unchanged,
 * and Amharic at `/am/…`. Pure functions, no React and no catalogue: loaders, the server, the
 * sitemap and the islands all use them.
 */

export const LOCALES = ["en", "am"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The prefix of each language's pages ("" for English). */
const PREFIX: Record<Locale, string> = { en: "", am: "/am" };

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", am: "አማርኛ" };

/** Each language's short name in itself, where a phone's header has no room for the full one. */

/** The cookie that remembers a visitor's choice (set in the browser when they pick a language). */
export const LANGUAGE_COOKIE = "lang";

export const isLocale = (value: unknown): value is Locale => value === "en" || value === "am";

/** The language of a page by its path: `/am` and `/am/…` are Amharic, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/am" || pathname.startsWith("/am/") ? "am" : "en";
}

/** The language of the page a request asks for: what a loader uses (`localeOf(request)`). */
export function localeOf(request: { url: string }): Locale {
  return localeOfPath(new URL(request.url, "http://site").pathname);
}

/** A path without its language prefix: `/am/about` → `/about`, `/am` → `/`. */
export function stripLocale(path: string): string {
  if (localeOfPath(path.split(/[?#]/)[0] ?? "") !== "am") return path;
  const rest = path.slice(3);
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
}

/**
 * A site path in a language: `localizePath("/about", "am")` → `/am/about`. Links that leave the
 * public pages (the API, uploads, the admin, a full URL) are left as they are.
 */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//") || /^\/(api|admin|uploads|assets)(\/|$|\?)/.test(path)) {
    return path;
  }
  const bare = stripLocale(path);
  if (locale === "en") return bare;
  if (bare === "/") return PREFIX[locale];
  if (bare.startsWith("/?") || bare.startsWith("/#")) return `${PREFIX[locale]}${bare.slice(1)}`;
  return `${PREFIX[locale]}${bare}`;
}

/** The same page in every language, for hreflang alternates, the sitemap and the switcher. */
export function alternates(path: string): Array<{ locale: Locale; path: string }> {
  return LOCALES.map((locale) => ({ locale, path: localizePath(path, locale) }));
}

/** A cookie header's value of the language cookie, if it names a language. */
export function languageCookie(cookieHeader: string | null | undefined): Locale | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return undefined;
}

/** The language an Accept-Language header prefers among ours (by q-value, then order), if any. */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | undefined {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { language: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale);
}

/**
 * Which other language to suggest on this page, if any: only on a first visit (no remembered
 * choice) and only when the browser prefers a language other than the page's. Never a redirect: a
 * shared link opens in the language it was shared in.
 */
export function suggestedLocale(
  pageLocale: Locale,
  headers: { cookie?: string | null; acceptLanguage?: string | null },
): Locale | undefined {
  if (languageCookie(headers.cookie)) return undefined;
  const preferred = preferredLocale(headers.acceptLanguage);
  return preferred && preferred !== pageLocale ? preferred : undefined;
}
