import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { createSmtpInbox, type SmtpInbox } from "../../support/smtp-inbox.ts";
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

/**
 * `journeySite` whose job worker sends its e-mails (receipts, sign-in links, letters) to an SMTP
 * server of the file's own, started before the site and stopped after it: `site.inbox.messages`
 * holds what it received.
 */
export function journeySiteWithInbox(
  env: Record<string, string> = {},
  from = "Hope Behind Bars <website@hopebehindbars.test>",
) {
  const mail = {} as { inbox: SmtpInbox };
  beforeAll(async () => {
    mail.inbox = await createSmtpInbox();
    await mail.inbox.start();
  });
  afterAll(() => mail.inbox?.stop());
  const site = journeySite({
    get SMTP_URL() {
      return `smtp://127.0.0.1:${mail.inbox.port}`;
    },
    SMTP_FROM: from,
    ...env,
  }) as JourneySite & { inbox: SmtpInbox };
  Object.defineProperty(site, "inbox", { get: () => mail.inbox });
  return site;
}
