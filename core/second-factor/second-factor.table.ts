/** An authenticator app's shared secret (RFC 6238). */
export interface StaffTotpTable {
  admin_user_id: string;
  /** Encrypted under SESSION_SECRET (secret-box.ts). */
  secret: string;
  /** Null while enrolment waits for a first code: until then it does not count. */
  confirmed_at: string | null;
  /** The last time step a code was accepted for; codes of that step or earlier are refused. */
  last_step: number | null;
  created_at: string;
}

export interface StaffRecoveryCodeTable {
  id: string;
  admin_user_id: string;
  /** HMAC-SHA-256 under SESSION_SECRET of the normalised code. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface StaffPasskeyTable {
  id: string;
  admin_user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: number;
  /** JSON array of the transports the authenticator reported. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** Between the password step and the second factor: proves the password, grants nothing else. */
export interface LoginTicketTable {
  id: string;
  /** HMAC-SHA-256 under SESSION_SECRET of the ticket the client holds. */
  ticket_hash: string;
  admin_user_id: string;
  expires_at: string;
}

export interface WebauthnChallengeTable {
  /** SHA-256 of the challenge (base64url), which the browser's signed client data carries back. */
  challenge_hash: string;
  purpose: "register" | "login";
  admin_user_id: string | null;
  expires_at: string;
}
