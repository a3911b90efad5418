import { csvRecords } from "../shared/csv.ts";
import { ValidationError } from "../shared/errors.ts";
import { newsletterEmailError } from "./email-address-rules.ts";

export interface ImportRow {
  email: string;
  consented: boolean;
  subscribedAt: string | undefined;
}

export interface ImportProblem {
  line: number;
  value: string;
  message: string;
}

/** Where an import's columns are; -1 when the file has no such column. */
export interface ImportColumns {
  emailAt: number;
  consentAt: number;
  dateAt: number;
}

const EMAIL_HEADERS = ["email", "e-mail", "email address", "e-mail address"];
const CONSENT_HEADERS = ["consent", "consented", "opted in", "confirmed"];
const DATE_HEADERS = ["subscribed at", "subscribed at (utc)", "subscribed", "created at", "date"];
const YES = new Set(["yes", "y", "true", "1", "confirmed", "x"]);
/** Problems listed back to staff; the rest are only counted. */
export const PROBLEMS_SHOWN = 50;

export const NO_EMAIL_COLUMN_MESSAGE = "The first line of the file must name the columns, one of them “email”.";

/**
 * An import file's header line: it names an `email` column, an optional `consent` column (yes, true,
 * 1) and an optional date of subscription. Refuses a file without an `email` column; returns where
 * the records after the header start.
 */
export function importColumns(csv: string): ImportColumns & { bodyStart: number } {
  const header: { cells: string[]; end: number } | undefined = csvRecords(csv).next().value;
  const names = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const column = (candidates: string[]) => names.findIndex((name) => candidates.includes(name));
  const emailAt = column(EMAIL_HEADERS);
  if (emailAt < 0) throw new ValidationError(NO_EMAIL_COLUMN_MESSAGE, { csv: NO_EMAIL_COLUMN_MESSAGE });
  return { emailAt, consentAt: column(CONSENT_HEADERS), dateAt: column(DATE_HEADERS), bodyStart: header?.end ?? 0 };
}

/** One record after the header: an address to add, or why it cannot be (checked with the sign-up form's rules). */
export function readImportRow(
  cells: string[],
  { emailAt, consentAt, dateAt }: ImportColumns,
): { row: ImportRow } | { problem: Omit<ImportProblem, "line"> } {
  const value = (cells[emailAt] ?? "").trim();
  const problem = newsletterEmailError(value);
  if (problem) return { problem: { value: value.slice(0, 100), message: problem } };
  const date = dateAt >= 0 ? Date.parse(cells[dateAt] ?? "") : Number.NaN;
  return {
    row: {
      email: value.toLowerCase(),
      consented: consentAt >= 0 && YES.has((cells[consentAt] ?? "").trim().toLowerCase()),
      subscribedAt: Number.isNaN(date) ? undefined : new Date(date).toISOString(),
    },
  };
}
