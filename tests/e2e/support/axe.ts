import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";

const AXE_PATH = path.resolve(import.meta.dirname, "../../../node_modules/axe-core/axe.min.js");

let axeSource: string | undefined;

/**
 * axe-core's WCAG findings inside `selector` (`html` for the whole document), as 'rule: targets' lines.
 * axe is evaluated through the DevTools protocol, which the page's CSP does not govern: public pages
 * allow only the site's own scripts, and journeys keep the real CSP so a violation still shows.
 */
export async function axeViolations(page: Page, selector = "body"): Promise<string[]> {
  axeSource ??= readFileSync(AXE_PATH, "utf8");
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (scope) => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Element,
          options: object,
        ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
      };
    };
    const result = await axe.run(document.querySelector(scope) as Element, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
  }, selector);
}
