import type { Generated } from "kysely";

export interface DonationTable {
  id: string;
  /** 'stripe', 'chapa' or 'sandbox': which provider's checkout this is. */
  provider: string;
  checkout_session_id: string;
  frequency: string;
  /** What the donor chose, in cents of `currency`. */
  amount_cents: number;
  /** Added on top of each payment to cover the fees (docs/decisions/0830), in cents of `currency`; 0: none. */
  fee_cover_cents: Generated<number>;
  currency: string;
  /** pending | paid | refunded | canceled (a monthly pledge that ended). */
  status: string;
  donor_email: string | null;
  donor_name: string | null;
  customer_id: string | null;
  subscription_id: string | null;
  /** The fund (need card id) the donor chose; null: where most needed. */
  fund_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** When it was refunded in full or, for monthly, canceled. */
  ended_at: string | null;
  /** How the donor paid, as Chapa's verification reports it (telebirr, cbe-birr, mpesa, bank, card); null: not known. */
  method: string | null;
  /** When the provider event that last changed a monthly gift's amount happened (order safety). */
  amount_changed_at: string | null;
  /** 'en' | 'am': the language of the page the donor gave from (e-mails about the gift use it). */
  locale: string | null;
  /** When the provider event that last set a monthly gift's payment state happened (order safety). */
  payment_state_at: string | null;
  /** The invoice whose payment failed, while the gift is payment_failed. */
  failed_invoice_id: string | null;
  /** Where the donor updates their card for that invoice (Stripe's hosted invoice page, the sandbox's). */
  update_card_url: string | null;
  /** A paused monthly gift: the first day ('yyyy-MM-dd' UTC) it is taken again; null: not paused. */
  paused_until: string | null;
  /** When the provider event that last paused or resumed the gift happened (order safety). */
  pause_changed_at: string | null;
  /**
   * 1: no money stands behind it (Stripe's test mode; the sandbox where `SANDBOX_GIFTS_ARE_TEST`);
   * it counts in no figure (`countsAsGiving`), shows as "Test" in the ledger and may be deleted.
   */
  test: Generated<number>;
  /** Where the visitor first came from (docs/decisions/0800-attribution.md); null: not known. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  referrer_host: string | null;
  /** The page the visit first landed on (docs/decisions/0800-attribution.md); null: not known. */
  landing_path: string | null;
}

export interface DonationPaymentTable {
  id: string;
  donation_id: string;
  /** Provider id of what was paid: the invoice (monthly) or payment intent (one-time). Unique. */
  reference: string;
  payment_intent_id: string | null;
  /** The gift itself (what counts toward goals and totals); the fee cover is apart. */
  amount_cents: number;
  /** Of what the provider took, the part the donor added to cover the fees (docs/decisions/0830). */
  fee_cover_cents: Generated<number>;
  /** Of the gift itself (never more than `amount_cents`): a refund takes the gift first. */
  refunded_cents: number;
  currency: string;
  paid_at: string;
  refunded_at: string | null;
  /** Birr per dollar on the day a birr payment came (Donating settings); null for dollars or with no rate set. */
  etb_per_usd: string | null;
  /** A birr payment in US cents at `etb_per_usd`; null for dollar payments (their amount is their value). */
  usd_cents: number | null;
}

export interface PaymentEventTable {
  id: string;
  type: string;
  received_at: string;
}
