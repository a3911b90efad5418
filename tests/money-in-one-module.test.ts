import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `core/money/money.ts` is the only code that formats, parses or converts money
 * (docs/decisions/0320-money.md): anywhere else, scaling an amount by 100 or printing it with
 * `toFixed(2)` is a second copy of that module, and the first to go wrong when a currency's minor
 * unit differs. A line counts as money when it names an amount (cents, minor, amount, price…), so
 * percentages, zoom levels and status classes stay free. Tests are left out: they may work out the
 * expected figure by hand, independently of the module they check.
 */
const root = path.resolve(import.meta.dirname, "..");
const SOURCE_DIRS = ["app", "core", "server", "db", "config", "scripts", "bench"];
const MONEY_MODULE = "core/money/";
const TEST_FILE = /\.(?:test|e2e)\.tsx?$/;

/** `x / 100`, `x * 100`, `100 * x` (not 1000 or 100_000), and `.toFixed(2)`. */
const SCALING = /\/\s*100\b(?![._\d])|\*\s*100\b(?![._\d])|(?<![.\w])100\s*\*|\.toFixed\(\s*2\s*\)/;
const MONEY_WORDS = /cents|minor|amount|money|price|currenc|dollar|usd|etb|birr|raised|goal|donat|gift|total/i;

/** Lines that match both but are not money, each with the reason. */
const ALLOWED: { file: string; line: string; why: string }[] = [];

/** The offending lines of one file's source, as "line: text". */
function moneyArithmetic(source: string): string[] {
  const found: string[] = [];
  source.split("\n").forEach((text, index) => {
    const code = text.replace(/\/\/.*$/, "").trim();
    if (code.startsWith("*") || code.startsWith("/*")) return;
    if (SCALING.test(code) && MONEY_WORDS.test(code)) found.push(`${index + 1}: ${code}`);
  });
  return found;
}

function sourceFiles(dir: string, files: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) sourceFiles(relative, files);
    else if (/\.tsx?$/.test(entry.name) && !TEST_FILE.test(entry.name)) files.push(relative);
  }
  return files;
}

describe("money is scaled and formatted only in core/money", () => {
  it("finds no `/ 100`, `* 100` or `toFixed(2)` applied to money anywhere else", () => {
    const offences = SOURCE_DIRS.flatMap((dir) => sourceFiles(dir))
      .filter((file) => !file.startsWith(MONEY_MODULE))
      .flatMap((file) =>
        moneyArithmetic(readFileSync(path.join(root, file), "utf8"))
          .filter((hit) => !ALLOWED.some((allowed) => allowed.file === file && hit.endsWith(allowed.line)))
          .map((hit) => `${file}:${hit}`),
      );
    expect(offences).toEqual([]);
  });

  it("flags money scaled by hand and leaves other hundreds alone", () => {
    const planted = [
      "const major = (minor: number) => (minor / 100).toFixed(2);",
      "if (!isValidDonationAmount(amountCents / 100)) throw error;",
      "defaultValue={(gift.amountMinor / 100).toString()}",
      "const cents = Math.round(amount * 100);",
      "const total = (totalCents / 100).toLocaleString();",
      "label: price.toFixed(2),",
    ].join("\n");
    expect(moneyArithmetic(planted)).toHaveLength(6);

    const unrelated = [
      "const percent = Math.round(fraction * 100);",
      'left: rect.x * 100 + "%",',
      'const statusClass = Math.floor(status / 100) + "xx";',
      "const ratio = (ms / base).toFixed(2);",
      "const limit = amountCents / 1000;",
      "const budget = amountCents * 100_000;",
      "// the amount in cents / 100 is dollars",
      " * an amount * 100 in a doc comment",
    ].join("\n");
    expect(moneyArithmetic(unrelated)).toEqual([]);
  });
});
