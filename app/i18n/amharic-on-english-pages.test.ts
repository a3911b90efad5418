import { readFileSync, statSync } from "node:fs";
import { create, type Font } from "fontkit";
import { describe, expect, it } from "vitest";
import { AMHARIC_ON_ENGLISH_PAGES } from "./amharic-on-english-pages";

const FACES = [400, 700].map((weight) => new URL(`../fonts/ethiopic-language-names-${weight}.woff2`, import.meta.url));
/** The block the faces' unicode-range names (app/app.css): a letter outside it never reaches them. */
const ETHIOPIC = /^[\u1200-\u137F]$/u;

describe("the Ethiopic face of the Amharic on English pages (decision 0881)", () => {
  it("has a glyph for every letter of the language link and the suggestion, in both weights", () => {
    const letters = [...new Set(AMHARIC_ON_ENGLISH_PAGES.join(""))].filter((char) => char.trim() !== "");
    expect(letters.length).toBeGreaterThan(5);
    for (const char of letters) expect(char, `U+${char.codePointAt(0)?.toString(16)}`).toMatch(ETHIOPIC);
    for (const file of FACES) {
      const font = create(readFileSync(file)) as Font;
      const missing = letters.filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0) as number));
      expect(missing, `${file.pathname}: run scripts/subset-ethiopic-names.sh`).toEqual([]);
      // A cut, not the whole block: nothing beyond these letters (U+FFFF closes every format 4 cmap
      // and is no character), and a download of about two kilobytes.
      const extra = font.characterSet.filter(
        (point) => point !== 0xffff && !letters.includes(String.fromCodePoint(point)),
      );
      expect(extra).toEqual([]);
      expect(statSync(file).size, file.pathname).toBeLessThan(4096);
    }
  });

  it("is the face app.css gives the language link and the suggestion, only for the Ethiopic block", () => {
    const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
    const faces = [...css.matchAll(/@font-face\s*\{([^}]*ethiopic-language-names[^}]*)\}/g)].map(([, body]) => body);
    expect(faces).toHaveLength(FACES.length);
    for (const face of faces) expect(face).toMatch(/unicode-range:\s*U\+1200-137F;/);
  });
});
