export interface AdminUserTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface AdminSessionTable {
  id: string;
  admin_user_id: string;
  /** SHA-256 of the bearer token: a leaked database does not leak live tokens. */
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** Failed-login counters keyed by `account:<email>` or `ip:<address>`. */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  blocked_until: string | null;
  updated_at: string;
}
