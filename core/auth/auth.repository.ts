import type { Db } from "../../db/database.ts";
import type { StaffRole } from "../access/roles.ts";
import type { StaffIdentity } from "./auth.schema.ts";
import type { LiveSessionBounds } from "./session-life.ts";

export interface AdminUserRecord extends StaffIdentity {
  passwordHash: string;
  /** Hash of the ADMIN_PASSWORD last applied from the environment. */
  envPasswordHash: string | null;
  deactivatedAt: string | null;
}

export const findAdminByEmail = (db: Db, email: string) => findAdminWhere(db, "email", email);
export const findAdminById = (db: Db, id: string) => findAdminWhere(db, "id", id);

async function findAdminWhere(db: Db, column: "id" | "email", value: string): Promise<AdminUserRecord | undefined> {
  const row = await db
    .selectFrom("admin_users")
    .select(["id", "email", "name", "role", "password_hash", "env_password_hash", "deactivated_at"])
    .where(column, "=", value)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      passwordHash: row.password_hash,
      envPasswordHash: row.env_password_hash,
      deactivatedAt: row.deactivated_at,
    }
  );
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom("admin_users")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts the admin unless one with that e-mail exists (another instance may be starting too). */
export async function insertAdminIfAbsent(
  db: Db,
  admin: {
    id: string;
    email: string;
    name?: string;
    role: StaffRole;
    passwordHash: string;
    envPasswordHash: string | null;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto("admin_users")
    .values({
      id: admin.id,
      email: admin.email,
      name: admin.name ?? "",
      role: admin.role,
      password_hash: admin.passwordHash,
      env_password_hash: admin.envPasswordHash,
      created_at: admin.now,
      updated_at: admin.now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateAdminPassword(db: Db, id: string, passwordHash: string, now: string) {
  await db
    .updateTable("admin_users")
    .set({ password_hash: passwordHash, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/**
 * Sets the password (and the env password it came from) only if the env password recorded is still
 * `expectedEnvHash`: of several instances starting together, one applies it. Returns whether it did.
 */
export async function applyEnvPassword(
  db: Db,
  admin: { id: string; passwordHash: string; envPasswordHash: string; expectedEnvHash: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("admin_users")
    .set({ password_hash: admin.passwordHash, env_password_hash: admin.envPasswordHash, updated_at: admin.now })
    .where("id", "=", admin.id)
    .where((eb) =>
      admin.expectedEnvHash === null
        ? eb("env_password_hash", "is", null)
        : eb("env_password_hash", "=", admin.expectedEnvHash),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records which env password the current password is, without changing the password. */
export async function recordEnvPassword(db: Db, id: string, envPasswordHash: string) {
  await db.updateTable("admin_users").set({ env_password_hash: envPasswordHash }).where("id", "=", id).execute();
}

export async function insertSession(
  db: Db,
  session: {
    id: string;
    adminUserId: string;
    tokenHash: string;
    now: string;
    expiresAt: string;
    ip: string;
    userAgent: string;
    enrolmentOnly: boolean;
  },
) {
  await db
    .insertInto("admin_sessions")
    .values({
      id: session.id,
      admin_user_id: session.adminUserId,
      token_hash: session.tokenHash,
      created_at: session.now,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
      last_seen_at: session.now,
      enrolment_only: session.enrolmentOnly ? 1 : 0,
    })
    .execute();
}

/** The active staff member a live session belongs to, when the session was last seen, and whether it may only enrol. */
export async function findSessionAdmin(
  db: Db,
  tokenHash: string,
  live: LiveSessionBounds,
): Promise<{ admin: StaffIdentity; sessionId: string; lastSeenAt: string; enrolmentOnly: boolean } | undefined> {
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.admin_user_id")
    .select([
      "admin_users.id as id",
      "admin_users.email as email",
      "admin_users.name as name",
      "admin_users.role as role",
      "admin_sessions.id as session_id",
      "admin_sessions.last_seen_at as last_seen_at",
      "admin_sessions.enrolment_only as enrolment_only",
    ])
    .where("admin_sessions.token_hash", "=", tokenHash)
    .where("admin_sessions.expires_at", ">", live.now)
    .where("admin_sessions.last_seen_at", ">", live.seenAfter)
    .where("admin_users.deactivated_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, last_seen_at, enrolment_only, ...admin } = row;
  return { admin, sessionId: session_id, lastSeenAt: last_seen_at, enrolmentOnly: Number(enrolment_only) === 1 };
}

/** Moves a session's last-seen time forward, unless another request already did since `before`. */
export async function touchSession(db: Db, id: string, now: string, before: string) {
  await db
    .updateTable("admin_sessions")
    .set({ last_seen_at: now })
    .where("id", "=", id)
    .where("last_seen_at", "<", before)
    .execute();
}

export async function findActiveAdminById(db: Db, id: string) {
  return db
    .selectFrom("admin_users")
    .select(["id", "email"])
    .where("id", "=", id)
    .where("deactivated_at", "is", null)
    .executeTakeFirst();
}

/** Ends one session; returns its id, or undefined when there was none. */
export async function deleteSession(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom("admin_sessions")
    .where("token_hash", "=", tokenHash)
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function deleteSessionsOf(db: Db, adminUserId: string) {
  await db.deleteFrom("admin_sessions").where("admin_user_id", "=", adminUserId).execute();
}

export async function deleteExpiredSessions(db: Db, live: LiveSessionBounds) {
  await db
    .deleteFrom("admin_sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", live.now), eb("last_seen_at", "<=", live.seenAfter)]))
    .execute();
}
