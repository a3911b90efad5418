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
  /** The address the session signed in from ("" before 2026-11-22-050). */
  ip: string;
  /** The browser's User-Agent at sign-in, cut to USER_AGENT_MAX_LENGTH; shown as a short device name. */
  user_agent: string;
  /** The last request made with it, to the minute (core/auth/auth.service.ts `authenticate`). */
  last_seen_at: string;
  /** 1 while the session may only set up a second factor (core/second-factor); 0 otherwise. */
  enrolment_only: number;
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
