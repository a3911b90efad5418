import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

/*
 * Finding and launching Chromium, apart from browser.ts: the e2e global setup starts the shared
 * browser here, outside any test file, where browser.ts's per-file hooks cannot be registered.
 */

/**
 * Debian's headless shell (package chromium-headless-shell) when it is there: the same Blink as the
 * chromium package without a browser's window furniture. The full browser in headless mode starts
 * an omnibox pop-up renderer for every context a journey opens, and a whole run spent over half its
 * CPU in Chromium: on the shell the journeys take half the CPU (decision 0561).
 */
const CHROME_PATH =
  process.env.CHROME_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => existsSync(candidate)) ??
  "/usr/bin/chromium";

/** Under CI a missing browser fails the run; locally the browser suites are skipped with a notice. */
export const browserAvailable = existsSync(CHROME_PATH);
if (!browserAvailable) {
  if (process.env.CI)
    throw new Error(
      `Chromium not found at ${CHROME_PATH}: install Debian's chromium-headless-shell or set CHROME_PATH`,
    );
  console.warn(`Chromium not found at ${CHROME_PATH}: browser journeys skipped (they are required under CI).`);
}

export const LAUNCH_OPTIONS = {
  executablePath: CHROME_PATH,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

declare module "vitest" {
  interface ProvidedContext {
    /** The run's shared Chromium (global-setup.ts); "" when there is none. */
    sharedBrowser: string;
  }
}

/** One Chromium for a whole run of journeys, started by global-setup.ts. */
export const launchSharedBrowser = () => chromium.launchServer(LAUNCH_OPTIONS);
