import type { StaffRole } from "../access/roles.ts";

export interface AdminUserTable {
  id: string;
  email: string;
  password_hash: string;
  /** argon2id hash of the ADMIN_PASSWORD last applied from the environment; null if never. */
  env_password_hash: string | null;
  role: StaffRole;
  /** How the person is called in the back office; "" until they give one. */
  name: string;
  /** Set when an Administrator deactivated the account: it cannot sign in. */
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdminSessionTable {
  id: string;
  admin_user_id: string;
  /** HMAC-SHA-256 of the bearer token under SESSION_SECRET: a leaked database does not leak live tokens. */
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/**
 * Login attempt counters keyed by `source:<address or IPv6 /64>` or `account:<e-mail>`
 * (core/auth/login-throttle.ts). `failures` counts attempts not (yet) known to be correct.
 */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  blocked_until: string | null;
  updated_at: string;
}
