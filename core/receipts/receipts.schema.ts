/** What the back office reads about receipts (types only). */
import type { Locale } from "../i18n/locale.ts";

/** One donor's gifts of a year, from their receipts (every gift with an e-mail address has one). */
export interface YearStatement {
  email: string;
  name: string | null;
  /**
   * The language of the donor's latest gift that has one (English for offline gifts): the donor's
   * own words on the statement, such as a tribute line, are in it.
   */
  locale: Locale;
  /**
   * `amountMinor` is the gift, `feeCoverMinor` what the donor added to cover the fees (as on its
   * receipt, docs/decisions/0887); `tribute`: "In memory of Abebe" when the gift was given so
   * (docs/decisions/0780), in the statement's language.
   */
  gifts: Array<{
    date: string;
    receipt: string;
    amountMinor: number;
    feeCoverMinor: number;
    currency: string;
    tribute?: string;
  }>;
  /** Per currency (birr and dollars are never added together): the gifts, the covers, and what was paid. */
  totals: Array<{ currency: string; minor: number; feeCoverMinor: number; paidMinor: number }>;
}
