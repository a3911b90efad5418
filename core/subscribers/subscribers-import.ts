import { parseCsv } from "../shared/csv.ts";
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

const EMAIL_HEADERS = ["email", "e-mail", "email address", "e-mail address"];
const CONSENT_HEADERS = ["consent", "consented", "opted in", "confirmed"];
const DATE_HEADERS = ["subscribed at", "subscribed at (utc)", "subscribed", "created at", "date"];
const YES = new Set(["yes", "y", "true", "1", "confirmed", "x"]);
/** Problems listed back to staff; the rest are only counted. */
const PROBLEMS_SHOWN = 50;

export const NO_EMAIL_COLUMN_MESSAGE = "The first line of the file must name the columns, one of them “email”.";

/**
 * Reads an import file: a header line naming an `email` column, an optional `consent` column (yes,
 * true, 1) and an optional date of subscription. Addresses are checked with the sign-up form's rules;
 * a repeated address counts once, as its first line says.
 */
export function readImport(csv: string): { rows: ImportRow[]; invalid: { count: number; shown: ImportProblem[] } } {
  const [header, ...lines] = parseCsv(csv);
  const names = (header ?? []).map((cell) => cell.trim().toLowerCase());
  const column = (candidates: string[]) => names.findIndex((name) => candidates.includes(name));
  const emailAt = column(EMAIL_HEADERS);
  if (emailAt < 0) throw new ValidationError(NO_EMAIL_COLUMN_MESSAGE, { csv: NO_EMAIL_COLUMN_MESSAGE });
  const consentAt = column(CONSENT_HEADERS);
  const dateAt = column(DATE_HEADERS);
  const rows = new Map<string, ImportRow>();
  const shown: ImportProblem[] = [];
  let count = 0;
  lines.forEach((cells, index) => {
    const value = (cells[emailAt] ?? "").trim();
    const problem = newsletterEmailError(value);
    if (problem) {
      count++;
      if (shown.length < PROBLEMS_SHOWN) shown.push({ line: index + 2, value: value.slice(0, 100), message: problem });
      return;
    }
    const email = value.toLowerCase();
    if (rows.has(email)) return;
    const date = dateAt >= 0 ? Date.parse(cells[dateAt] ?? "") : Number.NaN;
    rows.set(email, {
      email,
      consented: consentAt >= 0 && YES.has((cells[consentAt] ?? "").trim().toLowerCase()),
      subscribedAt: Number.isNaN(date) ? undefined : new Date(date).toISOString(),
    });
  });
  return { rows: [...rows.values()], invalid: { count, shown } };
}
