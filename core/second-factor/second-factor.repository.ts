import type { Db } from "../../db/database.ts";
import type { StaffPasskeyTable } from "./second-factor.table.ts";

export async function findTotp(db: Db, adminId: string) {
  return db.selectFrom("staff_totp").selectAll().where("admin_user_id", "=", adminId).executeTakeFirst();
}

/** A new secret waiting for its first code, replacing any earlier one that was never confirmed. */
export async function savePendingTotp(db: Db, adminId: string, sealedSecret: string, now: string) {
  await db.deleteFrom("staff_totp").where("admin_user_id", "=", adminId).where("confirmed_at", "is", null).execute();
  await db
    .insertInto("staff_totp")
    .values({ admin_user_id: adminId, secret: sealedSecret, confirmed_at: null, last_step: null, created_at: now })
    .onConflict((oc) => oc.column("admin_user_id").doNothing())
    .execute();
}

/**
 * Accepts a code of time step `step` only if no code of that step or a later one was accepted
 * before; one conditional update, so two requests with the same code cannot both pass.
 */
export async function spendTotpStep(db: Db, adminId: string, step: number, confirmAt?: string): Promise<boolean> {
  const result = await db
    .updateTable("staff_totp")
    .set(confirmAt ? { last_step: step, confirmed_at: confirmAt } : { last_step: step })
    .where("admin_user_id", "=", adminId)
    .where((eb) => (confirmAt ? eb("confirmed_at", "is", null) : eb("confirmed_at", "is not", null)))
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteTotp(db: Db, adminId: string) {
  await db.deleteFrom("staff_totp").where("admin_user_id", "=", adminId).execute();
}

export async function replaceRecoveryCodes(
  db: Db,
  adminId: string,
  codes: { id: string; hash: string }[],
  now: string,
) {
  await db.deleteFrom("staff_recovery_codes").where("admin_user_id", "=", adminId).execute();
  if (codes.length === 0) return;
  await db
    .insertInto("staff_recovery_codes")
    .values(codes.map((c) => ({ id: c.id, admin_user_id: adminId, code_hash: c.hash, used_at: null, created_at: now })))
    .execute();
}

/** Marks an unused code of this account used; false if there is none (wrong, or used already). */
export async function spendRecoveryCode(db: Db, adminId: string, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("staff_recovery_codes")
    .set({ used_at: now })
    .where("admin_user_id", "=", adminId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Db, adminId: string): Promise<number> {
  const row = await db
    .selectFrom("staff_recovery_codes")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("admin_user_id", "=", adminId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPasskeys(db: Db, adminId: string) {
  return db
    .selectFrom("staff_passkeys")
    .selectAll()
    .where("admin_user_id", "=", adminId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function findPasskeyByCredential(db: Db, credentialId: string) {
  return db.selectFrom("staff_passkeys").selectAll().where("credential_id", "=", credentialId).executeTakeFirst();
}

export async function insertPasskey(db: Db, passkey: StaffPasskeyTable) {
  await db.insertInto("staff_passkeys").values(passkey).execute();
}

export async function recordPasskeyUse(db: Db, id: string, signCount: number, now: string) {
  await db
    .updateTable("staff_passkeys")
    .set({ sign_count: signCount, last_used_at: now })
    .where("id", "=", id)
    .execute();
}

/** Removes one of the account's passkeys; whether there was one. */
export async function deletePasskey(db: Db, adminId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("staff_passkeys")
    .where("admin_user_id", "=", adminId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Also clears expired tickets, so the table holds only the few logins under way. */
export async function insertTicket(
  db: Db,
  ticket: { id: string; hash: string; adminId: string; expiresAt: string; now: string },
) {
  await db.deleteFrom("login_tickets").where("expires_at", "<=", ticket.now).execute();
  await db
    .insertInto("login_tickets")
    .values({ id: ticket.id, ticket_hash: ticket.hash, admin_user_id: ticket.adminId, expires_at: ticket.expiresAt })
    .execute();
}

/** The account a live ticket is for. */
export async function findTicketAccount(db: Db, hash: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("login_tickets")
    .select("admin_user_id")
    .where("ticket_hash", "=", hash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row?.admin_user_id;
}

/** Spends a live ticket; the account it was for, or undefined if it was spent or expired meanwhile. */
export async function spendTicket(db: Db, hash: string, now: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom("login_tickets")
    .where("ticket_hash", "=", hash)
    .where("expires_at", ">", now)
    .returning("admin_user_id")
    .executeTakeFirst();
  return row?.admin_user_id;
}

export async function insertChallenge(
  db: Db,
  challenge: { hash: string; purpose: "register" | "login"; adminId: string | null; expiresAt: string; now: string },
) {
  // Also clears expired ones, so the table holds only ceremonies under way.
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<=", challenge.now).execute();
  await db
    .insertInto("webauthn_challenges")
    .values({
      challenge_hash: challenge.hash,
      purpose: challenge.purpose,
      admin_user_id: challenge.adminId,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/** Spends a live challenge of this purpose; who it was issued to (null: nobody yet), or false if none. */
export async function spendChallenge(
  db: Db,
  hash: string,
  purpose: "register" | "login",
  now: string,
): Promise<{ adminId: string | null } | false> {
  const row = await db
    .deleteFrom("webauthn_challenges")
    .where("challenge_hash", "=", hash)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now)
    .returning("admin_user_id")
    .executeTakeFirst();
  return row ? { adminId: row.admin_user_id } : false;
}

/** Lets every session of the account past enrolment: it now has a second factor. */
export async function endEnrolmentOnlySessions(db: Db, adminId: string) {
  await db.updateTable("admin_sessions").set({ enrolment_only: 0 }).where("admin_user_id", "=", adminId).execute();
}

/**
 * Limits to enrolment every open session of an account with no second factor (no confirmed app, no
 * passkey), but the one whose token hash is `keptTokenHash`.
 */
export async function limitSessionsWithoutFactor(db: Db, keptTokenHash: string) {
  await db
    .updateTable("admin_sessions")
    .set({ enrolment_only: 1 })
    .where("token_hash", "!=", keptTokenHash)
    .where("admin_user_id", "not in", (qb) =>
      qb.selectFrom("staff_totp").select("admin_user_id").where("confirmed_at", "is not", null),
    )
    .where("admin_user_id", "not in", (qb) => qb.selectFrom("staff_passkeys").select("admin_user_id"))
    .execute();
}

export async function findAccount(db: Db, adminId: string) {
  return db
    .selectFrom("admin_users")
    .select(["id", "email", "name", "password_hash", "deactivated_at"])
    .where("id", "=", adminId)
    .executeTakeFirst();
}
