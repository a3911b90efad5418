import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { browserAvailable, expectErrors, newPage } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";
import { unexplained } from "./support/page-problems.ts";

/** The harness itself: what counts as an error in a journey's browser, and that it fails the journey. */
describe.runIf(browserAvailable)("errors in a journey's browser", () => {
  const site = journeySite();

  it("records console errors, uncaught errors and failed requests to the site, in every page of the context", async () => {
    const { page, context, errors } = await newPage(site.browser, site.server);
    await page.goto("/about");
    await page.route("**/api/refused-on-purpose", (route) => route.abort());
    await page.route("**/api/cancelled-on-purpose", (route) => route.abort("aborted"));
    await page.evaluate(async () => {
      console.error("planted console error", new Error("with its stack"));
      console.warn("a warning is not an error");
      setTimeout(() => {
        throw new Error("planted uncaught error");
      });
      await fetch("/api/no-such-route");
      await fetch("/api/refused-on-purpose").catch(() => undefined);
      await fetch("/api/cancelled-on-purpose").catch(() => undefined);
    });
    // A second tab of the same context is watched too.
    const second = await context.newPage();
    await second.goto("/no-such-page");

    const recorded = [
      "console.error: planted console error Error: with its stack",
      "uncaught: planted uncaught error",
      "404 GET /api/no-such-route",
      "net::ERR_FAILED GET /api/refused-on-purpose",
      "404 GET /no-such-page",
    ];
    await expect.poll(() => [...errors].sort()).toEqual([...recorded].sort());
    expect(unexplained({ seen: errors, expected: [] }).unexpected).toEqual(errors);
    // Declared, they pass the check at the end of this test.
    expectErrors(page, [
      /^console\.error: planted console error /,
      /^uncaught: planted uncaught error$/,
      /^404 GET \/api\/no-such-route$/,
      /^net::ERR_FAILED GET \/api\/refused-on-purpose$/,
      /^404 GET \/no-such-page$/,
    ]);
  });

  // Why the next test failed, for the one after it to check.
  let failures: string[] = [];
  it.fails("fails a journey whose page logged an error it did not declare (expected to fail)", async ({
    onTestFailed,
  }) => {
    onTestFailed(({ task }) => {
      // The message names the check; the diff lists the errors (colours stripped).
      failures = (task.result?.errors ?? []).map((error) =>
        stripVTControlCharacters(`${error.message}\n${error.diff ?? ""}`),
      );
    });
    const { page, errors } = await newPage(site.browser, site.server);
    await page.goto("/about");
    await page.evaluate(() => console.error("nobody declared this"));
    await expect.poll(() => errors.length).toBe(1);
  });

  it("failed it at its end, for that error alone", () => {
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^errors in the browser the journey did not declare with expectErrors: /);
    expect(failures[0]).toContain('"console.error: nobody declared this"');
  });

  it("reports a declared error that never happened", () => {
    expect(
      unexplained({ seen: ["404 GET /a", "console.error: b"], expected: [/^404 GET \/a$/, /^never happened$/] }),
    ).toEqual({ unexpected: ["console.error: b"], unmet: ["/^never happened$/"] });
  });
});
