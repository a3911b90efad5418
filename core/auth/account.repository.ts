import type { Db } from "../../db/database.ts";
import type { LiveSessionBounds } from "./session-life.ts";

export async function liveSessionsOf(db: Db, adminUserId: string, live: LiveSessionBounds) {
  return db
    .selectFrom("admin_sessions")
    .select(["id", "token_hash", "ip", "user_agent", "created_at", "last_seen_at"])
    .where("admin_user_id", "=", adminUserId)
    .where("expires_at", ">", live.now)
    .where("last_seen_at", ">", live.seenAfter)
    .orderBy("last_seen_at", "desc")
    .orderBy("created_at", "desc")
    .execute();
}

/** Ends a session if it is this person's; whether it was. */
export async function deleteSessionOf(db: Db, adminUserId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("admin_sessions")
    .where("id", "=", sessionId)
    .where("admin_user_id", "=", adminUserId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteSessionsOfExcept(db: Db, adminUserId: string, keptTokenHash: string) {
  await db
    .deleteFrom("admin_sessions")
    .where("admin_user_id", "=", adminUserId)
    .where("token_hash", "<>", keptTokenHash)
    .execute();
}
