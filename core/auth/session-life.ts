/** A staff session ends 8 hours after sign-in, however busy. */
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
/** …and sooner once unused this long (0621). */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/**
 * A session's last-seen time is moved at most this often: a write a minute per active person, not
 * one per request; the sessions list and the idle timeout need no finer time.
 */
export const LAST_SEEN_PRECISION_MS = 60 * 1000;

/** What a session must be after to be live at `now`: its end, and its last use. */
export const liveSessionBounds = (now: Date) => ({
  now: now.toISOString(),
  seenAfter: new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString(),
});
export type LiveSessionBounds = ReturnType<typeof liveSessionBounds>;
