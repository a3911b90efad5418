import type { Db } from "../../db/database.ts";
import type { AdminIdentity } from "./auth.schema.ts";

export interface AdminUserRecord extends AdminIdentity {
  passwordHash: string;
}

export async function findAdminByEmail(db: Db, email: string): Promise<AdminUserRecord | undefined> {
  const row = await db
    .selectFrom("admin_users")
    .select(["id", "email", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, passwordHash: row.password_hash };
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom("admin_users")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAdmin(db: Db, admin: { id: string; email: string; passwordHash: string; now: string }) {
  await db
    .insertInto("admin_users")
    .values({
      id: admin.id,
      email: admin.email,
      password_hash: admin.passwordHash,
      created_at: admin.now,
      updated_at: admin.now,
    })
    .execute();
}

export async function updateAdminPassword(db: Db, id: string, passwordHash: string, now: string) {
  await db
    .updateTable("admin_users")
    .set({ password_hash: passwordHash, updated_at: now })
    .where("id", "=", id)
    .execute();
}

export async function insertSession(
  db: Db,
  session: { id: string; adminUserId: string; tokenHash: string; now: string; expiresAt: string },
) {
  await db
    .insertInto("admin_sessions")
    .values({
      id: session.id,
      admin_user_id: session.adminUserId,
      token_hash: session.tokenHash,
      created_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
}

export async function findSessionAdmin(db: Db, tokenHash: string, now: string): Promise<AdminIdentity | undefined> {
  return db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.admin_user_id")
    .select(["admin_users.id as id", "admin_users.email as email"])
    .where("admin_sessions.token_hash", "=", tokenHash)
    .where("admin_sessions.expires_at", ">", now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.deleteFrom("admin_sessions").where("token_hash", "=", tokenHash).execute();
}

export async function deleteSessionsOf(db: Db, adminUserId: string) {
  await db.deleteFrom("admin_sessions").where("admin_user_id", "=", adminUserId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string) {
  await db.deleteFrom("admin_sessions").where("expires_at", "<=", now).execute();
}

export interface ThrottleRecord {
  failures: number;
  blockedUntil: string | null;
  updatedAt: string;
}

export async function findThrottle(db: Db, key: string): Promise<ThrottleRecord | undefined> {
  const row = await db
    .selectFrom("login_throttle")
    .select(["failures", "blocked_until", "updated_at"])
    .where("key", "=", key)
    .executeTakeFirst();
  return row && { failures: Number(row.failures), blockedUntil: row.blocked_until, updatedAt: row.updated_at };
}

export async function saveThrottle(db: Db, key: string, record: ThrottleRecord) {
  await db
    .insertInto("login_throttle")
    .values({ key, failures: record.failures, blocked_until: record.blockedUntil, updated_at: record.updatedAt })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ failures: record.failures, blocked_until: record.blockedUntil, updated_at: record.updatedAt }),
    )
    .execute();
}

export async function deleteThrottle(db: Db, key: string) {
  await db.deleteFrom("login_throttle").where("key", "=", key).execute();
}
