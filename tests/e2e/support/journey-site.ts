import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

export interface JourneySite {
  server: RunningServer;
  browser: Browser;
}

/**
 * The running site and the browser one journey file shares (one server per file keeps the run
 * short): started before the file's first test, stopped after its last. Call it in the file's
 * describe block; its fields are there from the first test on.
 */
export function journeySite(env: Record<string, string> = {}, options?: Parameters<typeof startServer>[1]) {
  const site = {} as JourneySite;
  beforeAll(async () => {
    site.server = await startServer(env, options);
    site.browser = await launchBrowser();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}
