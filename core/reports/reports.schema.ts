import type { Fund } from "../funds/funds.schema.ts";

/** Admin → Donations' dashboard; every amount in US cents. */
export interface GivingReport {
  currency: "usd";
  /** The last 12 calendar months (UTC), oldest first: money received by card (net of refunds) and offline. */
  months: Array<{ month: string; cardCents: number; offlineCents: number }>;
  funds: Fund[];
  /** Card money received in those 12 months, by the gift's frequency; offline gifts are one-time. */
  oneTimeCents: number;
  monthlyCents: number;
  /** Monthly gifts that are paid and not canceled, and what they bring each month together. */
  activeMonthly: { donors: number; perMonthCents: number };
}
