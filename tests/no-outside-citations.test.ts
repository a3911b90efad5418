import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The repository explains itself: code, comments and docs cite a decision note
 * (docs/decisions/NNNN-name.md) or a doc section, never an issue number or a design document that
 * is not in the repository.
 */
const root = path.resolve(import.meta.dirname, "..");
/** Made by install, build or a run; never in a fresh clone. */
const GENERATED = new Set(["node_modules", "build", "data", ".react-router", "test-results", ".git"]);
const OUTSIDE_CITATION = /\bissues? #?\d+|\bDESIGN §|\(#\d+\)/gi;

function listFiles(dir = "", files: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (!dir && GENERATED.has(entry.name)) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) listFiles(relative, files);
    else files.push(relative);
  }
  return files;
}

const thisFile = path.relative(root, import.meta.filename);

/** Each citation of an issue or of DESIGN in a text, as "line: text". */
function outsideCitations(text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, index) => [...line.matchAll(OUTSIDE_CITATION)].map(([match]) => `${index + 1}: ${match}`));
}

describe("citations stay inside the repository", () => {
  const found = new Map<string, string[]>();
  for (const file of listFiles()) {
    if (file === thisFile) continue;
    const bytes = readFileSync(path.join(root, file));
    if (bytes.includes(0)) continue; // binary: databases, images, fonts
    const citations = outsideCitations(bytes.toString("utf8"));
    if (citations.length > 0) found.set(file, citations);
  }

  it("no source, doc or comment cites an issue number or DESIGN §", () => {
    expect([...found].map(([file, citations]) => `${file}:${citations.join(", ")}`)).toEqual([]);
  });

  it("recognises the forms a citation takes", () => {
    expect(
      outsideCitations(
        "(issue #14)\nIssue 17 §3\nissues #13, #16\nDESIGN §8\nsite content (#12)\nPayload #11712\nspec §6",
      ),
    ).toEqual(["1: issue #14", "2: Issue 17", "3: issues #13", "4: DESIGN §", "5: (#12)"]);
  });
});
