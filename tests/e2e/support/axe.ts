import path from "node:path";
import type { Page } from "playwright-core";

const AXE_PATH = path.resolve(import.meta.dirname, "../../../node_modules/axe-core/axe.min.js");

/**
 * axe-core's WCAG findings inside `selector`, as 'rule: targets' lines. The page's context needs
 * `bypassCSP: true` (axe is injected as an inline script).
 */
export async function axeViolations(page: Page, selector = "body"): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
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
