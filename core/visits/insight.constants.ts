/** What Admin → Insight shows, without zod or the database (the screen imports it). */

/** The periods the screen offers, in days. */
export const INSIGHT_PERIODS = [30, 90, 365] as const;

/** The tables of Admin → Insight, each downloadable as CSV. */
export const INSIGHT_TABLES = [
  "days",
  "pages",
  "sources",
  "campaigns",
  "languages",
  "devices",
  "countries",
  "posts",
  "funnel-steps",
  "funnel",
  "funnel-by-source",
  "funnel-sources",
] as const;
export type InsightTable = (typeof INSIGHT_TABLES)[number];

export interface Ranked {
  value: string;
  views: number;
  visitors: number;
}

/**
 * A campaign tag's visits beside what it brought: a campaign's slug, or a newsletter's
 * `newsletter-…` (every link of a newsletter carries one).
 */
export interface CampaignRanked extends Ranked {
  signUps: number;
  gifts: number;
  /** Net of refunds, in US cents. */
  raisedUsdCents: number;
}

/**
 * A blog post's views (both languages) beside what the visits that first landed on it led to;
 * `value` is the post's id.
 */
export interface PostRead extends Ranked {
  title: string;
  signUps: number;
  /** Checkouts and bank transfer notices started. */
  started: number;
  /** Of those, paid. */
  paid: number;
}

export interface FunnelMethod {
  /** card | birr | bank (a bank transfer notice; "paid" when staff confirmed it into a gift that stands) */
  method: string;
  started: number;
  paid: number;
}

export interface InsightReport {
  days: number;
  from: string;
  to: string;
  /** Each day's visitors added up: a visitor cannot be recognised from one day to the next. */
  visitors: number;
  pageViews: number;
  perDay: { day: string; visitors: number; pageViews: number }[];
  pages: Ranked[];
  sources: Ranked[];
  campaigns: CampaignRanked[];
  languages: Ranked[];
  devices: Ranked[];
  countries: Ranked[];
  /** The most read posts and what they led to. */
  posts: PostRead[];
  funnel: {
    /** Visitors who opened the donation page or pop-up (each day's added up). */
    opened: number;
    started: number;
    paid: number;
    byMethod: FunnelMethod[];
    /**
     * By where the donor first came from: the visitors who opened the donation page or pop-up from
     * each source (one who came from two sources in a day counts in each), and the checkouts and
     * transfer notices started and paid as they keep their source (docs/decisions/0800-attribution.md,
     * docs/decisions/0885-transfer-notices-in-the-funnel.md).
     */
    bySource: { source: string; opened: number; started: number; paid: number }[];
    /** Checkouts and transfer notices, started and paid, per source and method (card, birr, bank). */
    bySourceMethod: { source: string; method: string; started: number; paid: number }[];
  };
}

/** A campaign's visits on one day (`GET /api/campaigns/:id`). */
export interface CampaignDay {
  day: string;
  views: number;
  visitors: number;
}
