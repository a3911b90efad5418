import { describe, expect, it } from "vitest";
import { csvAttachment, csvCell, parseCsv, toCsv } from "./csv.ts";

describe("csv", () => {
  it("neutralises every cell that a spreadsheet would read as a formula", () => {
    for (const dangerous of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1", '=HYPERLINK("http://x","y")']) {
      expect(csvCell(dangerous).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
  });

  it("leaves ordinary text and our own numbers alone", () => {
    expect(csvCell("selam@example.org")).toBe("selam@example.org");
    expect(csvCell("a-b")).toBe("a-b");
    expect(csvCell(-25)).toBe("-25");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes separators, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("-a,b")).toBe(`"'-a,b"`);
  });

  it("writes a header row, CRLF lines and a byte order mark", () => {
    const csv = toCsv(
      [
        { header: "Email", value: (row: { email: string; n: number }) => row.email },
        { header: "Count", value: (row) => row.n },
      ],
      [
        { email: "a@b.c", n: 1 },
        { email: "=evil()@x.y", n: 2 },
      ],
    );
    expect(csv).toBe("\uFEFFEmail,Count\r\na@b.c,1\r\n'=evil()@x.y,2\r\n");
  });

  it("names the download with the date", () => {
    expect(csvAttachment("subscribers", new Date("2026-11-21T23:00:00Z"))).toBe(
      'attachment; filename="subscribers-2026-11-21.csv"',
    );
  });

  it("reads back what it writes: quotes, commas, line breaks, CRLF and the byte order mark", () => {
    const text = toCsv(
      [
        { header: "Email", value: (r: string[]) => r[0] },
        { header: "Note", value: (r: string[]) => r[1] },
      ],
      [
        ["a@example.org", 'said "yes", gladly'],
        ["b@example.org", "two\nlines"],
      ],
    );
    expect(parseCsv(text)).toEqual([
      ["Email", "Note"],
      ["a@example.org", 'said "yes", gladly'],
      ["b@example.org", "two\nlines"],
    ]);
    expect(parseCsv("email\n\nc@example.org\n")).toEqual([["email"], ["c@example.org"]]);
  });
});
