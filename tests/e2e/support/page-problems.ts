import type { BrowserContext, Page } from "playwright-core";

/**
 * What went wrong in a journey's browser context, in one line each: a console error, an uncaught
 * error, or a request to the site itself that failed or was answered with an error status. A visitor
 * never sees these, so a journey that checks only what is on screen lets them through; the harness
 * fails the test on any of them that the journey did not declare (expectErrors).
 */
export interface PageProblems {
  /** Every problem in the current test so far, in the order they happened. */
  readonly seen: string[];
  /** Patterns the journey declared: each must match at least one problem. */
  readonly expected: RegExp[];
}

const watched = new WeakMap<BrowserContext, PageProblems>();

/** `/path?query` for the site's own URLs, the full URL for any other. */
function shown(url: string, siteOrigin: string): string {
  const parsed = new URL(url);
  return parsed.origin === siteOrigin ? `${parsed.pathname}${parsed.search}` : url;
}

/** Starts recording the problems of every page of the context; `siteUrl` is the server under test. */
export function watchProblems(context: BrowserContext, siteUrl: string): PageProblems {
  const siteOrigin = new URL(siteUrl).origin;
  const fromSite = (url: string) => url.startsWith(`${siteOrigin}/`);
  const problems: PageProblems = { seen: [], expected: [] };
  watched.set(context, problems);

  context.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url } = message.location();
    // Chrome logs a failed load as "Failed to load resource" at the resource's URL: the site's own
    // are recorded below with their method and status.
    if (message.text().startsWith("Failed to load resource") && fromSite(url)) return;
    // An Error logged as it is prints its stack: its first line says what happened.
    const [text] = message.text().split("\n");
    problems.seen.push(`console.error: ${text}${url ? ` (at ${shown(url, siteOrigin)})` : ""}`);
  });
  context.on("weberror", (error) => problems.seen.push(`uncaught: ${error.error().message}`));
  context.on("response", (response) => {
    if (response.status() >= 400 && fromSite(response.url())) {
      problems.seen.push(`${response.status()} ${response.request().method()} ${shown(response.url(), siteOrigin)}`);
    }
  });
  context.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText ?? "failed";
    // The browser cancels requests a navigation or a closed page no longer needs: not a failure.
    if (reason === "net::ERR_ABORTED" || !fromSite(request.url())) return;
    problems.seen.push(`${reason} ${request.method()} ${shown(request.url(), siteOrigin)}`);
  });
  return problems;
}

/**
 * Declares the problems a journey provokes on purpose (a 404 page, a refused request, a logged
 * failure): each pattern must match at least one problem the page's context records, and every
 * recorded problem must match one of the patterns. Keep them narrow: the method, status and path
 * of a request, or the words of a log line. Problems are recorded as
 * `404 GET /path`, `net::ERR_FAILED POST /api/…`, `console.error: text (at /path)` and `uncaught: message`.
 */
export function expectErrors(page: Page, patterns: RegExp[]): void {
  const problems = watched.get(page.context());
  if (!problems) throw new Error("expectErrors: this page was not opened with newPage");
  problems.expected.push(...patterns);
}

/** Problems nobody declared, and declared patterns nothing matched; both empty when all is well. */
export function unexplained({ seen, expected }: PageProblems) {
  return {
    unexpected: seen.filter((problem) => !expected.some((pattern) => pattern.test(problem))),
    unmet: expected.filter((pattern) => !seen.some((problem) => pattern.test(problem))).map(String),
  };
}
