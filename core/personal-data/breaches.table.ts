/** A suspected personal-data breach an Administrator recorded (core/personal-data/breaches.service.ts). */
export interface DataBreachTable {
  id: string;
  /** What happened, as staff wrote it. */
  description: string;
  /** When the charity found out: the 72 hours to tell the authority start here. */
  found_at: string;
  /** Who is affected, as staff wrote it. */
  affected: string;
  /** JSON list of the kinds of personal data involved (registry ids). */
  kinds: string;
  authority_notified_at: string | null;
  people_informed_at: string | null;
  recorded_at: string;
  recorded_by: string;
  /** The newsletter draft written to the people affected (docs/decisions/0861); null: none yet. */
  newsletter_id: string | null;
}
