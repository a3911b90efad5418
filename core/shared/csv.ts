import { Readable } from "node:stream";

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

const BOM = "\uFEFF";
const headerLine = <T>(columns: CsvColumn<T>[]) => `${columns.map((column) => csvCell(column.header)).join(",")}\r\n`;
const rowLine = <T>(columns: CsvColumn<T>[], row: T) =>
  `${columns.map((column) => csvCell(column.value(row))).join(",")}\r\n`;

/**
 * The whole file, starting with a UTF-8 byte order mark so Excel reads names written in
 * Amharic (or any non-Latin script) correctly.
 */
export function toCsv<T>(columns: CsvColumn<T>[], rows: Iterable<T>): string {
  let text = BOM + headerLine(columns);
  for (const row of rows) text += rowLine(columns, row);
  return text;
}

/**
 * The same file as `toCsv`, written as it is read: the header at once, then each batch of rows as
 * it arrives, so an export holds one batch in memory however long it is
 * (docs/decisions/0613-streamed-exports.md). The next batch is read only when the last one has been
 * taken (the client's pace). `finished(rows)` runs once, with the number of rows written, when the
 * file is complete or the download stops early; exports record themselves there.
 */
export function csvStream<T>(
  columns: CsvColumn<T>[],
  batches: AsyncIterable<T[]>,
  finished: (rows: number) => Promise<void>,
): Readable {
  let rows = 0;
  async function* lines() {
    try {
      yield BOM + headerLine(columns);
      for await (const batch of batches) {
        let text = "";
        for (const row of batch) text += rowLine(columns, row);
        rows += batch.length;
        if (text) yield text;
      }
    } finally {
      await finished(rows);
    }
  }
  return Readable.from(lines(), { objectMode: false });
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
  return Array.from(csvRecords(text), (record) => record.cells);
}

/**
 * `parseCsv` one record at a time, each with `end`: where in `text` the next one starts. A reader can
 * stop after any record, give the event loop a turn, and go on (or start again at `from`).
 */
export function* csvRecords(text: string, from = 0): Generator<{ cells: string[]; end: number }> {
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const start = from === 0 && text.startsWith("\uFEFF") ? 1 : from;
  const endRow = (end: number) => {
    row.push(cell);
    const record = row.length > 1 || row[0] !== "" ? { cells: row, end } : undefined;
    row = [];
    cell = "";
    return record;
  };
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n") {
      const record = endRow(i + 1);
      if (record) yield record;
    } else if (char !== "\r") cell += char;
  }
  if (cell !== "" || row.length) {
    const record = endRow(text.length);
    if (record) yield record;
  }
}
