import type { Db } from "../../db/database.ts";
import type { SingleUseLinkTable } from "./single-use-links.table.ts";

export async function insertLink(db: Db, link: SingleUseLinkTable): Promise<void> {
  await db.insertInto("single_use_links").values(link).execute();
}

/** Links made for the subject since the time (used and ended ones count too). */
export async function countLinksSince(db: Db, purpose: string, subject: string, since: string): Promise<number> {
  const row = await db
    .selectFrom("single_use_links")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("purpose", "=", purpose)
    .where("subject", "=", subject)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The link with this hash, while it works: not ended, uses left, before its expiry. */
export async function findLiveLink(db: Db, purpose: string, tokenHash: string, now: string) {
  return db
    .selectFrom("single_use_links")
    .select(["id", "subject", "expires_at as expiresAt", "uses_left as usesLeft"])
    .where("purpose", "=", purpose)
    .where("token_hash", "=", tokenHash)
    .where("ended_at", "is", null)
    .where("uses_left", ">", 0)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Takes one use; false when another request took the last one first. */
export async function takeUse(db: Db, id: string, usesLeft: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("single_use_links")
    .set({ uses_left: usesLeft - 1, ended_at: usesLeft === 1 ? now : null })
    .where("id", "=", id)
    .where("uses_left", "=", usesLeft)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every working link of the subject for the purpose. */
export async function endLinksOf(db: Db, purpose: string, subject: string, now: string): Promise<void> {
  await db
    .updateTable("single_use_links")
    .set({ ended_at: now })
    .where("purpose", "=", purpose)
    .where("subject", "=", subject)
    .where("ended_at", "is", null)
    .execute();
}

/** Subjects of the purpose whose every link has expired, as a subquery. */
export function subjectsWhollyExpired(db: Db, purpose: string, now: string) {
  return db
    .selectFrom("single_use_links")
    .select("subject")
    .where("purpose", "=", purpose)
    .where("expires_at", "<=", now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("single_use_links as newer")
            .select("newer.id")
            .where("newer.purpose", "=", purpose)
            .whereRef("newer.subject", "=", "single_use_links.subject")
            .where("newer.expires_at", ">", now),
        ),
      ),
    );
}

export type ExpiredSubjects = ReturnType<typeof subjectsWhollyExpired>;

export async function deleteExpiredLinks(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom("single_use_links").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
