/** A single-use sign-in link to "My giving", sent to a donor's address (15 minutes). */
export interface DonorLinkTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** HMAC of the link's secret under SESSION_SECRET (core/auth/token-hash.ts). */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A donor's short session on "My giving" (an httpOnly cookie holds its secret). Not a staff session. */
export interface DonorSessionTable {
  id: string;
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
}
