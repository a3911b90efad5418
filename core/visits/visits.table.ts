/** The day's random salt of the visitor hash; deleted 48 hours after it was made. */
export interface VisitSaltTable {
  /** The calendar day in Addis Ababa (`yyyy-MM-dd`) whose views it hashes. */
  day: string;
  salt: string;
  created_at: string;
}

/** One counted page view, kept 30 days: no address, no cookie, the visitor only as the day's hash. */
export interface PageViewTable {
  id: string;
  viewed_at: string;
  day: string;
  visitor: string;
  path: string;
  language: string;
  /** The host of another site that linked here; "" for none (typed, bookmarked, or our own pages). */
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string;
  /** mobile | tablet | desktop */
  device: string;
  /** Two letters from the trusted proxy's header, or "". */
  country: string;
  /** How many times this visitor viewed it within one write of the buffer (seconds apart). */
  views: number;
}

/** A day's views and visitors for one value of one dimension (`total` has the value ""). */
export interface VisitDayTable {
  day: string;
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}
