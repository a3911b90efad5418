/**
 * CSV exports (RFC 4180, CRLF) that are safe to open in a spreadsheet.
 * Visitor-typed text such as `=HYPERLINK(...)` would otherwise run as a formula in Excel or
 * LibreOffice (CSV injection): a text cell starting with = + - @, a tab or a carriage return is
 * prefixed with an apostrophe, which spreadsheets display as text and do not evaluate.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised if it could start a formula, quoted if it holds a separator or quote. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  // Numbers and booleans come from our own code, never from visitors, and stay numeric.
  let text = typeof value === "string" ? value : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The whole file, starting with a UTF-8 byte order mark so Excel reads names written in
 * Amharic (or any non-Latin script) correctly.
 */
export function toCsv<T>(columns: CsvColumn<T>[], rows: Iterable<T>): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** `Content-Disposition` value for a download named `{name}-{yyyy-MM-dd}.csv`. */
export function csvAttachment(name: string, date: Date): string {
  return `attachment; filename="${name}-${date.toISOString().slice(0, 10)}.csv"`;
}

/**
 * Reads a CSV file (RFC 4180: quoted cells may hold commas, quotes and line breaks; CRLF or LF; a
 * leading byte order mark) into rows of cells. Empty lines are left out.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const input = text.replace(/^\uFEFF/, "");
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
    cell = "";
  };
  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n") endRow();
    else if (char !== "\r") cell += char;
  }
  if (cell !== "" || row.length) endRow();
  return rows;
}
