/** What the back office reads about receipts (types only). */

/** One donor's gifts of a year, from their receipts (every gift with an e-mail address has one). */
export interface YearStatement {
  email: string;
  name: string | null;
  /** `tribute`: "In memory of Abebe" when the gift was given so (docs/decisions/0780). */
  gifts: Array<{ date: string; receipt: string; amountMinor: number; currency: string; tribute?: string }>;
  /** Per currency: birr and dollars are never added together. */
  totals: Array<{ currency: string; minor: number }>;
}
