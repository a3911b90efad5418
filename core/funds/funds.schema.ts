import type { Currency } from "../money/money.ts";

/**
 * Funds (docs/decisions/0321-funds-are-need-cards.md): each donation-need card of the site content is a fund, named by the card's id.
 * Zod-free: the pop-up and the cards import it.
 */

/** What a gift with no fund is for, as donors read it. */
export const WHERE_MOST_NEEDED = "Where most needed";

export const UNKNOWN_FUND_MESSAGE =
  "This need is no longer listed. Please choose “Where most needed” or another need on the page.";

/** A fund's live figures (`GET /api/funds`): money in integer minor units of `currency`. */
export interface Fund {
  id: string;
  title: string;
  currency: Currency;
  goal: number;
  /** Opening balance + paid card gifts − refunds + confirmed offline gifts, in `currency`. */
  raised: number;
  /** raised / goal as a whole percent, 0–100. */
  percent: number;
}

/** Fund ids are site-content item ids: lower-case letters, digits and hyphens. */
export const isFundId = (value: unknown): value is string =>
  typeof value === "string" && /^[a-z0-9][a-z0-9-]{0,63}$/.test(value);
