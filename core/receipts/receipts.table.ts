import type { Generated } from "kysely";

export interface ReceiptCounterTable {
  year: number;
  last_number: number;
}

/** A receipt as issued: a copy of what it says, so a resend says the same thing. */
export interface ReceiptTable {
  id: string;
  /** "2026-0007": unique, sequential per calendar year (UTC) of the gift. */
  number: string;
  year: number;
  /** The card payment (one-time gift, or one monthly payment) it is for. */
  payment_id: string | null;
  /** Or the offline gift. */
  offline_gift_id: string | null;
  donor_email: string;
  donor_name: string | null;
  /** Calendar date 'yyyy-MM-dd' of the gift. */
  gift_date: string;
  /** The gift itself. */
  amount_minor: number;
  /** Added by the donor to cover the fees and received with the gift (docs/decisions/0830); 0: none. */
  fee_cover_minor: Generated<number>;
  currency: string;
  fund_id: string | null;
  /** one-time | monthly | offline */
  frequency: string;
  issued_at: string;
  /** How many times it was sent (1 once the first e-mail is queued). */
  sent_count: number;
  /** Its gift was deleted: the receipt keeps its number (no gap in the year) and says VOID. */
  voided_at: string | null;
  /** An offline gift's method as staff chose it (bank-transfer | cash | cheque); null for online gifts. */
  method: string | null;
  /** The offline gift's reference (a bank reference, a cheque number); null when none. */
  reference: string | null;
}

/** One donor sent a year-end statement by one "send all" run. */
export interface StatementSendTable {
  batch_id: string;
  donor_email: string;
  sent_at: string;
}
