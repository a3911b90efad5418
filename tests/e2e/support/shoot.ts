/**
 * Screenshots of pages at 375 px and 1280 px for a person to look at:
 * `node tests/e2e/support/shoot.ts <out-dir> /path [/path …]` (starts the built site with demo content).
 * Admin paths are opened logged in.
 */
import path from "node:path";
import { launchBrowser, newPage, openAdminPage, VIEWPORTS } from "./browser.ts";
import { startServer } from "./server.ts";

const [outDir = "test-results/screenshots", ...paths] = process.argv.slice(2);
const server = await startServer({ SEED_DEMO: "true" });
const browser = await launchBrowser();
try {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { page, context } = await newPage(browser, server, { viewport });
    for (const pathname of paths) {
      if (pathname.startsWith("/admin")) await openAdminPage(page, server, pathname);
      else await page.goto(pathname);
      await page.waitForLoadState("networkidle");
      // Scroll-triggered sections (counters, mission cards) play only when seen: show them played.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo({ top: y, behavior: "instant" });
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
        await new Promise((resolve) => setTimeout(resolve, 2600));
        window.scrollTo({ top: 0, behavior: "instant" });
      });
      const file = path.join(outDir, `${pathname.replace(/\W+/g, "_") || "home"}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
