import type { Db } from "../../db/database.ts";

export async function countResetsSince(db: Db, adminUserId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom("password_resets")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("admin_user_id", "=", adminUserId)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends every link of the account that could still be used. */
export async function endResetsOf(db: Db, adminUserId: string, now: string) {
  await db
    .updateTable("password_resets")
    .set({ ended_at: now })
    .where("admin_user_id", "=", adminUserId)
    .where("ended_at", "is", null)
    .execute();
}

export async function insertReset(
  db: Db,
  reset: { id: string; adminUserId: string; tokenHash: string; now: string; expiresAt: string },
) {
  await db
    .insertInto("password_resets")
    .values({
      id: reset.id,
      admin_user_id: reset.adminUserId,
      token_hash: reset.tokenHash,
      created_at: reset.now,
      expires_at: reset.expiresAt,
      ended_at: null,
    })
    .execute();
}

/** The link's account, while the link is unused, unexpired and the account active. */
export async function findLiveReset(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom("password_resets")
    .innerJoin("admin_users", "admin_users.id", "password_resets.admin_user_id")
    .select(["password_resets.id as id", "admin_users.id as adminUserId", "admin_users.email as email"])
    .where("password_resets.token_hash", "=", tokenHash)
    .where("password_resets.ended_at", "is", null)
    .where("password_resets.expires_at", ">", now)
    .where("admin_users.deactivated_at", "is", null)
    .executeTakeFirst();
}

/** Marks the link used; false when another request used it first. */
export async function markResetUsed(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("password_resets")
    .set({ ended_at: now })
    .where("id", "=", id)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
