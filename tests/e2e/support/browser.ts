import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, expect, inject } from "vitest";
import { LAUNCH_OPTIONS } from "./chromium.ts";
import { type PageProblems, unexplained, watchProblems } from "./page-problems.ts";
import type { RunningServer } from "./server.ts";

export { browserAvailable } from "./chromium.ts";
export { expectErrors } from "./page-problems.ts";

/**
 * The browser for one journey file: under vitest a connection to the run's shared Chromium (a launch
 * per file cost seconds on a busy machine), otherwise (scripts such as shoot.ts) a launch of its own.
 * Journeys share only the process: each page gets a fresh context from newPage, and close() on a
 * connection only disconnects.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env.VITEST ? inject("sharedBrowser") : "";
  return shared ? chromium.connect(shared) : chromium.launch(LAUNCH_OPTIONS);
}

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Extra context options, e.g. timezoneId or reducedMotion. */
  context?: Parameters<Browser["newContext"]>[0];
  /**
   * The page goes on into the file's next tests (one journey told in several tests): it is still
   * checked after each test, starting each with a clean slate, and closed after the file's last test.
   */
  keepOpen?: boolean;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /**
   * What went wrong in the context's pages in this test so far (page-problems.ts): console errors,
   * uncaught errors, failed requests to the site. The test fails at its end on any it did not declare.
   */
  errors: string[];
}

/** Contexts newPage opened in this test file that are still to be checked (and closed). */
const watched = new Map<BrowserContext, { problems: PageProblems; keepOpen: boolean }>();

if (process.env.VITEST) {
  // Registered on the test file that imports this module: vitest evaluates it afresh for each file.
  afterEach(async () => {
    const unexpected: string[] = [];
    const unmet: string[] = [];
    for (const [context, { problems, keepOpen }] of watched) {
      if (!keepOpen) {
        await context.close();
        watched.delete(context);
      }
      const found = unexplained(problems);
      unexpected.push(...found.unexpected);
      unmet.push(...found.unmet);
      problems.seen.length = 0;
      problems.expected.length = 0;
    }
    expect(unexpected, "errors in the browser the journey did not declare with expectErrors").toEqual([]);
    expect(unmet, "errors declared with expectErrors that never happened").toEqual([]);
  });
  afterAll(async () => {
    for (const context of watched.keys()) await context.close();
    watched.clear();
  });
}

/**
 * A fresh context and page on the server's base URL. Under vitest, when the test ends the context
 * is closed (unless `keepOpen`) and the test fails if any of its pages logged an error, threw one,
 * or had a request to the site fail, unless the journey declared it with expectErrors.
 */
export async function newPage(browser: Browser, server: RunningServer, options: PageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: options.viewport ?? VIEWPORTS.desktop,
    ...options.context,
  });
  const problems = watchProblems(context, server.baseUrl);
  watched.set(context, { problems, keepOpen: options.keepOpen ?? false });
  const page = await context.newPage();
  // A public page answers clicks once its islands have hydrated (a person sees the page settle; a
  // script clicks at once): every goto waits for that. Admin pages have no islands: no wait. Nor
  // has a page with JavaScript turned off (tests/e2e/no-js.e2e.ts) anything to wait for.
  if (options.context?.javaScriptEnabled === false) return { page, context, errors: problems.seen };
  const goto = page.goto.bind(page);
  page.goto = async (url, gotoOptions) => {
    const response = await goto(url, gotoOptions);
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-island]")].every((island) => island.hasAttribute("data-hydrated")),
    );
    return response;
  };
  return { page, context, errors: problems.seen };
}

/** Logs in through the real login form, starting from wherever the page is. */
export async function loginThroughForm(page: Page, server: RunningServer): Promise<void> {
  await page.getByLabel("Email").fill(server.admin.email);
  await page.getByLabel("Password").fill(server.admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Goes to an admin page already logged in (token placed in localStorage like the login form does). */
export async function openAdminPage(page: Page, server: RunningServer, pathname: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: server.admin.email, password: server.admin.password }),
  });
  const { token } = (await response.json()) as { token: string };
  // Any page of the origin holds its localStorage; robots.txt is the cheapest (the login page loads the
  // whole admin runtime, which took over 30 s beside a second CI run).
  await page.goto("/robots.txt");
  await page.evaluate((value) => window.localStorage.setItem("adminToken", value), token);
  await page.goto(pathname);
}

/** Saves a screenshot under test-results/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.resolve("test-results/screenshots", `${name}.png`), fullPage: true });
}
