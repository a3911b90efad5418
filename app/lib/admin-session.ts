import type { StaffRole } from "../../core/access/roles";

/** Spec §4 Auth: localStorage key of the admin token. */
export const ADMIN_TOKEN_STORAGE_KEY = "adminToken";

/** Spec §4 Auth: the token lives in localStorage under the admin key. */
export function getAdminToken(): string | null {
  if (typeof window === "undefined") return null;
  return window.localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY);
}

/**
 * Marks this browser as a signed-in staff member's, so its visits to public pages are not counted
 * (core/visits/page-view.ts): a cookie, since a page request carries no token. It says nothing else.
 */
const STAFF_MARK = "hbb_staff";
const STAFF_MARK_SECONDS = 8 * 60 * 60;

export function setAdminToken(token: string): void {
  window.localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
  // biome-ignore lint/suspicious/noDocumentCookie: a plain marker, set and cleared with the token
  document.cookie = `${STAFF_MARK}=1; path=/; max-age=${STAFF_MARK_SECONDS}; samesite=lax`;
}

export function clearAdminToken(): void {
  window.localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
  // biome-ignore lint/suspicious/noDocumentCookie: see setAdminToken
  document.cookie = `${STAFF_MARK}=; path=/; max-age=0; samesite=lax`;
}

/** Fired when an admin request comes back 401: the layout asks to log in again, keeping the page. */
export const SESSION_EXPIRED_EVENT = "admin:session-expired";

export function loginPath(redirectTo: string): string {
  return `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** Only same-site admin paths are honoured as a post-login destination. */
export function safeRedirectTarget(value: string | null): string {
  const allowed = value?.startsWith("/admin") && !value.startsWith("/admin/login");
  return allowed && value ? value : "/admin";
}

/** The signed-in staff member, as `GET /api/admin/me` answers. */
export interface AdminMe {
  email: string;
  name: string;
  role: StaffRole;
  /** A second factor is required and this account has none yet: only its set-up is open. */
  enrolmentRequired?: true;
}

/** Where an account that must set up a second factor is taken. */
export const TWO_STEP_SETUP_PATH = "/admin/two-step-setup";
