/** What the back office reads about receipts (types only). */

/** One donor's gifts of a year, from their receipts (every gift with an e-mail address has one). */
export interface YearStatement {
  email: string;
  name: string | null;
  gifts: Array<{ date: string; receipt: string; amountMinor: number; currency: string }>;
  /** Per currency: birr and dollars are never added together. */
  totals: Array<{ currency: string; minor: number }>;
}
