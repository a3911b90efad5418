export interface CampaignTable {
  id: string;
  /** The short link's name: `/c/{slug}`. */
  slug: string;
  name: string;
  /** Calendar days in Addis Ababa, both included. */
  starts_on: string;
  ends_on: string;
  goal_cents: number | null;
  /**
   * The goal's currency: always `usd`, as money raised is counted (birr at the day's rate); kept so a
   * goal in birr can be added without a migration.
   */
  currency: string;
  /** The fund (need card id) it raises for; null: where most needed. */
  fund_id: string | null;
  /** The site page its links open, root-relative (`/donate`). */
  landing_path: string;
  /** Its `utm_source` and `utm_medium` (its slug is the `utm_campaign`). */
  source: string;
  medium: string;
  created_at: string;
  created_by: string;
}
