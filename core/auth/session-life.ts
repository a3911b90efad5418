/** A staff session ends 8 hours after sign-in, however busy. */
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
/**
 * A session's last-seen time is moved at most this often: a write a minute per active person, not
 * one per request; the sessions list and the idle timeout need no finer time.
 */
export const LAST_SEEN_PRECISION_MS = 60 * 1000;

/**
 * What a session must be after to be live at `now`: its end, and its last use, which must be within
 * `idleMs` (config `staffSessionIdleMinutes`, 30 by default: 0621).
 */
export const liveSessionBounds = (now: Date, idleMs: number) => ({
  now: now.toISOString(),
  seenAfter: new Date(now.getTime() - idleMs).toISOString(),
});
export type LiveSessionBounds = ReturnType<typeof liveSessionBounds>;
