export interface OfflineGiftTable {
  id: string;
  /** Calendar date 'yyyy-MM-dd' the money arrived. */
  received_on: string;
  /** bank-transfer | cash | cheque */
  method: string;
  /** In minor units of `currency` (core/money). */
  amount_minor: number;
  /** usd | etb */
  currency: string;
  /** Birr per US dollar on that day, as staff typed it; null for dollars. */
  etb_per_usd: string | null;
  /** The gift in US cents: the amount itself, or converted at `etb_per_usd` when recorded. */
  usd_cents: number;
  /** The need card it is for; null: where most needed. */
  fund_id: string | null;
  donor_name: string | null;
  donor_email: string | null;
  reference: string | null;
  note: string | null;
  /** The pledge it confirmed, if it came from one. */
  pledge_id: string | null;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
  /** Deleted by staff: the row stays (its receipt keeps its number, void), counted nowhere. */
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface GiftPledgeTable {
  id: string;
  donor_name: string;
  donor_email: string;
  amount_minor: number;
  currency: string;
  /** Calendar date the donor says they sent it. */
  transferred_on: string;
  bank_reference: string;
  /** pending | confirmed | dismissed */
  status: string;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  /** Where the donor first came from (docs/decisions/0860-transfer-notices-carry-attribution.md); null: not known. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  referrer_host: string | null;
  /** The page the visit first landed on (docs/decisions/0800-attribution.md); null: not known. */
  landing_path: string | null;
}
