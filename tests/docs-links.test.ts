import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs a newcomer reads must name only what exists: every repository path they put in
 * backticks, every relative link (and its #anchor), and every `docs/architecture.md#…` the code
 * cites. Paths may use `<placeholder>` for one name part and `*` as a wildcard.
 */
const root = path.resolve(import.meta.dirname, "..");
const PATH_DOCS = ["README.md", "docs/architecture.md"];
/** Made by install, build or a run; never in a fresh clone. */
const GENERATED = new Set(["node_modules", "build", "data", ".react-router", "test-results", ".git"]);
const SOURCE_EXTENSION = /\.(?:ts|tsx|md|json|sh|css|svg)$/;

function listRepository(dir = "", files: string[] = [], dirs: string[] = []) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (!dir && GENERATED.has(entry.name)) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      dirs.push(relative);
      listRepository(relative, files, dirs);
    } else {
      files.push(relative);
    }
  }
  return { files, dirs };
}

const { files, dirs } = listRepository();
const topLevel = new Set([...files, ...dirs].filter((name) => !name.includes("/")));
const thisFile = path.relative(root, import.meta.filename);
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const withoutFences = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");

/** GitHub's heading anchors: lower case, punctuation dropped, each space a hyphen, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = (heading as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The repository paths a doc names in inline code; URLs, env paths and generated folders are not. */
function namedPaths(markdown: string, isTopLevel: (name: string) => boolean): string[] {
  const paths: string[] = [];
  for (const [, code] of withoutFences(markdown).matchAll(/`([^`\n]+)`/g)) {
    const token = (code as string).replace(/^\.\//, "");
    if (!/^[\w.\-<>*/]+$/.test(token) || token.startsWith("/")) continue;
    const first = token.split("/")[0] as string;
    if (GENERATED.has(first) || /^[A-Z][A-Z0-9_]*$/.test(first)) continue;
    const hasFolder = token.includes("/");
    if ((hasFolder && isTopLevel(first)) || SOURCE_EXTENSION.test(token)) paths.push(token);
  }
  return paths;
}

/** `*` matches within one name, `<placeholder>` a whole name part; anything else literally. */
function patternPart(part: string): string {
  if (part === "*") return "[^/]*";
  if (part.startsWith("<")) return "[^/]+";
  return part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}

function pathPattern(token: string): RegExp {
  const body = token
    .replace(/\/$/, "")
    .split(/(<[^>]+>|\*)/)
    .map(patternPart)
    .join("");
  // A bare file name may sit in any folder; a leading dot names a suffix (`.table.ts`).
  if (!token.includes("/")) return new RegExp(token.startsWith(".") ? `${body}$` : `(^|/)${body}$`);
  return new RegExp(`^${body}$`);
}

function exists(token: string): boolean {
  const pattern = pathPattern(token);
  const candidates = token.endsWith("/") ? dirs : [...files, ...dirs];
  return candidates.some((candidate) => pattern.test(candidate));
}

/** Relative Markdown links `[text](target)`, resolved from the doc's folder. */
function brokenLinks(doc: string): string[] {
  const broken: string[] = [];
  for (const [, target] of withoutFences(read(doc)).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target as string)) continue;
    const [file = "", anchor] = (target as string).split("#");
    const resolved = file ? path.posix.normalize(path.posix.join(path.posix.dirname(doc), file)) : doc;
    if (!files.includes(resolved) && !dirs.includes(resolved.replace(/\/$/, ""))) {
      broken.push(`${doc}: ${target} (no ${resolved})`);
    } else if (anchor && resolved.endsWith(".md") && !headingAnchors(read(resolved)).has(anchor)) {
      broken.push(`${doc}: ${target} (no heading #${anchor} in ${resolved})`);
    }
  }
  return broken;
}

describe("docs name only what exists", () => {
  it.each(PATH_DOCS)("every repository path in backticks in %s exists", (doc) => {
    const named = namedPaths(read(doc), (name) => topLevel.has(name));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((token) => !exists(token))).toEqual([]);
  });

  it("every relative link in the docs leads to a file and heading that exist", () => {
    const docs = files.filter((file) => file === "README.md" || (file.startsWith("docs/") && file.endsWith(".md")));
    expect(docs.flatMap(brokenLinks)).toEqual([]);
  });

  it("every docs/architecture.md#anchor cited in the code names a heading", () => {
    const anchors = headingAnchors(read("docs/architecture.md"));
    const cited = files
      .filter((file) => /\.(?:ts|tsx|sh|md)$/.test(file) && !file.startsWith("docs/") && file !== thisFile)
      .flatMap((file) => [...read(file).matchAll(/docs\/architecture\.md#([\w-]+)/g)].map(([, a]) => `${file}#${a}`));
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((citation) => !anchors.has(citation.split("#")[1] as string))).toEqual([]);
  });

  it("docs/architecture.md names every folder of core/ in its folder list", () => {
    const layers = read("docs/architecture.md");
    const folders = dirs.filter((dir) => /^core\/[^/]+$/.test(dir));
    expect(folders.length).toBeGreaterThan(20);
    expect(folders.filter((folder) => !layers.includes(`- \`${folder}/\`: `))).toEqual([]);
  });

  it("docs/architecture.md's Data table names every table of db/schema.ts", () => {
    const data =
      read("docs/architecture.md")
        .split(/^## Data$/m)[1]
        ?.split(/^## /m)[0] ?? "";
    const tables = [...read("db/schema.ts").matchAll(/^\s+(\w+): \w+Table;$/gm)].map(([, table]) => table as string);
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((table) => !data.includes(`\`${table}\``))).toEqual([]);
  });

  it("recognises a path that does not exist, a placeholder and a heading anchor", () => {
    const isTopLevel = (name: string) => topLevel.has(name);
    expect(namedPaths("see `core/jobs/nothing-here.ts` and `text/html`", isTopLevel)).toEqual([
      "core/jobs/nothing-here.ts",
    ]);
    expect(exists("core/jobs/nothing-here.ts")).toBe(false);
    expect(exists("core/<feature>/<feature>.schema.ts")).toBe(true);
    expect(exists("app/routes/public/blog*.tsx")).toBe(true);
    expect(headingAnchors("## Performance budgets: measured, not all met\n")).toContain(
      "performance-budgets-measured-not-all-met",
    );
  });
});
