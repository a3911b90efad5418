/** A link e-mailed to someone that does one thing, a limited number of times (core/single-use-links). */
export interface SingleUseLinkTable {
  id: string;
  /** What the link does: a purpose's name ("password-reset", "staff-invitation", …). */
  purpose: string;
  /** Whom or what it acts for, as the purpose knows it: an account id, an address, an invitation id. */
  subject: string;
  /** HMAC-SHA-256 of the link's token under SESSION_SECRET; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** How many more times the link works. */
  uses_left: number;
  /** When it stopped working before its time: used up, replaced or withdrawn. */
  ended_at: string | null;
}
