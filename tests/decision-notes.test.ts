import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The decision notes and their index in docs/architecture.md ("## Decisions") stay one set: every
 * note listed once, in number order, every listed note present, and every note opening with its
 * title, the date it was first committed and its status (docs/architecture.md#decisions).
 */
const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const notes = readdirSync(path.join(root, "docs/decisions"))
  .filter((name) => name.endsWith(".md"))
  .sort();

/** The note files the "## Decisions" list links to, in the order it lists them. */
function indexedNotes(architecture: string): string[] {
  const section = architecture.split(/^## Decisions$/m)[1] ?? "";
  return [...section.matchAll(/^- \[(\d{4})\]\(decisions\/([^)]+)\)/gm)].map(([, number, file]) => {
    expect((file as string).startsWith(`${number}-`), `${file} listed as ${number}`).toBe(true);
    return file as string;
  });
}

/** What is wrong with a note's opening lines; empty when it is right. */
function headerProblems(file: string, text: string, known: readonly string[]): string[] {
  const [title = "", blank, date = "", status = ""] = text.split("\n");
  const problems: string[] = [];
  if (!title.startsWith(`# ${file.slice(0, 4)} — `))
    problems.push(`${file}: first line is not "# ${file.slice(0, 4)} — …"`);
  if (blank !== "") problems.push(`${file}: no blank line after the title`);
  if (!/^- Date: \d{4}-\d{2}-\d{2}$/.test(date)) problems.push(`${file}: no "- Date: YYYY-MM-DD" line under the title`);
  const superseded = /^- Status: superseded by (\d{4})$/.exec(status);
  if (status !== "- Status: accepted" && !superseded) {
    problems.push(`${file}: no "- Status: accepted" or "- Status: superseded by NNNN" line under the date`);
  } else if (superseded && !known.some((note) => note.startsWith(`${superseded[1]}-`))) {
    problems.push(`${file}: superseded by ${superseded[1]}, which is not a note`);
  }
  return problems;
}

describe("decision notes", () => {
  const indexed = indexedNotes(read("docs/architecture.md"));

  it("the index in docs/architecture.md lists every note, each once, in number order", () => {
    expect(notes.filter((note) => !indexed.includes(note))).toEqual([]);
    expect(indexed).toEqual([...new Set(indexed)].sort());
  });

  it("the index names no note that is missing", () => {
    expect(indexed.filter((note) => !notes.includes(note))).toEqual([]);
  });

  it("every note opens with its title, a date and a status", () => {
    expect(notes.length).toBeGreaterThan(50);
    expect(notes.flatMap((note) => headerProblems(note, read(`docs/decisions/${note}`), notes))).toEqual([]);
  });

  it("the performance log's README lists every entry, and a note under a log entry's number links to it", () => {
    const entries = readdirSync(path.join(root, "docs/performance-log")).filter(
      (name) => name.endsWith(".md") && name !== "README.md",
    );
    const index = read("docs/performance-log/README.md");
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.filter((entry) => !index.includes(`](${entry})`))).toEqual([]);
    const notesOfEntries = notes.filter((note) => entries.includes(note));
    expect(
      notesOfEntries.filter((note) => !read(`docs/decisions/${note}`).includes(`](../performance-log/${note})`)),
    ).toEqual([]);
  });

  it("recognises a note without a date or status, and a status naming a missing note", () => {
    const known = ["0001-a.md", "0002-b.md"];
    expect(headerProblems("0002-b.md", "# 0002 — B\n\n- Date: 2026-11-21\n- Status: accepted\n", known)).toEqual([]);
    expect(
      headerProblems("0001-a.md", "# 0001 — A\n\n- Date: 2026-11-21\n- Status: superseded by 0002\n", known),
    ).toEqual([]);
    expect(headerProblems("0002-b.md", "# 0002 — B\n\n**Decision.** …\n", known)).toHaveLength(2);
    expect(
      headerProblems("0001-a.md", "# 0001 — A\n\n- Date: 2026-11-21\n- Status: superseded by 0009\n", known),
    ).toEqual(["0001-a.md: superseded by 0009, which is not a note"]);
    expect(
      indexedNotes("## Decisions\n\n- [0002](decisions/0002-b.md): b\n- [0001](decisions/0001-a.md): a\n"),
    ).toEqual(["0002-b.md", "0001-a.md"]);
  });
});
