export interface VolunteerApplicationTable {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  age: number | null;
  interest: string;
  skill_set: string | null;
  other_interest_detail: string | null;
  motivation: string;
  availability: string;
  linkedin: string | null;
  twitter: string | null;
  additional_comments: string | null;
  status: string;
  created_at: string;
  /** When staff last set the status; null until they do (the retention period counts from `created_at` then). */
  status_changed_at: string | null;
  /** Where the visitor first came from (docs/decisions/0800-attribution.md); null: not known. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  referrer_host: string | null;
  /** The page the visit first landed on (docs/decisions/0800-attribution.md); null: not known. */
  landing_path: string | null;
}
