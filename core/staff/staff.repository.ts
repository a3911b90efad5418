import type { Db, Dialect } from "../../db/database.ts";
import type { StaffRole } from "../access/roles.ts";
import type { PendingInvitation, StaffMember } from "./staff.schema.ts";
import type { StaffInvitationTable } from "./staff.table.ts";

function toMember(row: {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  deactivated_at: string | null;
  created_at: string;
  last_sign_in_at: string | null;
}): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.deactivated_at ? "deactivated" : "active",
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

function staffQuery(db: Db) {
  return db.selectFrom("admin_users").select((eb) => [
    "admin_users.id",
    "admin_users.email",
    "admin_users.name",
    "admin_users.role",
    "admin_users.deactivated_at",
    "admin_users.created_at",
    // The newest login the audit log holds, found through its (actor_id, at) index.
    eb
      .selectFrom("audit_log")
      .select((inner) => inner.fn.max("audit_log.at").as("at"))
      .whereRef("audit_log.actor_id", "=", "admin_users.id")
      .where("audit_log.action", "=", "login")
      .as("last_sign_in_at"),
  ]);
}

/** Active people first, then by name and e-mail. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await staffQuery(db).orderBy("admin_users.email").execute();
  return rows
    .map(toMember)
    .sort(
      (a, b) =>
        Number(a.status === "deactivated") - Number(b.status === "deactivated") ||
        (a.name || a.email).localeCompare(b.name || b.email),
    );
}

export async function findStaff(db: Db, id: string): Promise<StaffMember | undefined> {
  const row = await staffQuery(db).where("admin_users.id", "=", id).executeTakeFirst();
  return row && toMember(row);
}

/**
 * The ids of the active Administrators. On PostgreSQL their rows stay locked until the transaction
 * ends, so two Administrators demoting or deactivating each other at the same moment are judged one
 * after the other and cannot leave none; SQLite runs one writing transaction at a time anyway.
 */
export async function lockActiveAdministrators(trx: Db, dialect: Dialect): Promise<string[]> {
  const query = trx
    .selectFrom("admin_users")
    .select("id")
    .where("role", "=", "administrator")
    .where("deactivated_at", "is", null);
  const rows = await (dialect === "postgres" ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}

export async function setRole(db: Db, id: string, role: StaffRole, now: string) {
  await db.updateTable("admin_users").set({ role, updated_at: now }).where("id", "=", id).execute();
}

export async function setDeactivatedAt(db: Db, id: string, deactivatedAt: string | null, now: string) {
  await db
    .updateTable("admin_users")
    .set({ deactivated_at: deactivatedAt, updated_at: now })
    .where("id", "=", id)
    .execute();
}

export async function staffEmailExists(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom("admin_users").select("id").where("email", "=", email).executeTakeFirst();
  return row !== undefined;
}

function openInvitations(db: Db) {
  return db
    .selectFrom("staff_invitations")
    .leftJoin("admin_users", "admin_users.id", "staff_invitations.invited_by")
    .select([
      "staff_invitations.id",
      "staff_invitations.email",
      "staff_invitations.role",
      "staff_invitations.sent_at",
      "staff_invitations.expires_at",
      "admin_users.email as invited_by_email",
    ])
    .where("staff_invitations.accepted_at", "is", null)
    .where("staff_invitations.revoked_at", "is", null);
}

const toInvitation =
  (now: string) =>
  (row: {
    id: string;
    email: string;
    role: StaffRole;
    sent_at: string;
    expires_at: string;
    invited_by_email: string | null;
  }): PendingInvitation => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by_email,
    sentAt: row.sent_at,
    expiresAt: row.expires_at,
    expired: row.expires_at <= now,
  });

/** Invitations neither accepted nor revoked, newest first (expired ones too: they can be resent). */
export async function listOpenInvitations(db: Db, now: string): Promise<PendingInvitation[]> {
  const rows = await openInvitations(db).orderBy("staff_invitations.sent_at", "desc").execute();
  return rows.map(toInvitation(now));
}

export async function findOpenInvitation(db: Db, id: string, now: string): Promise<PendingInvitation | undefined> {
  const row = await openInvitations(db).where("staff_invitations.id", "=", id).executeTakeFirst();
  return row && toInvitation(now)(row);
}

export async function findOpenInvitationByEmail(db: Db, email: string) {
  return db
    .selectFrom("staff_invitations")
    .select("id")
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

/** The invitation a live link is for, while it is open. */
export async function findUsableInvitation(db: Db, id: string) {
  return db
    .selectFrom("staff_invitations")
    .select(["id", "email", "role"])
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

export async function insertInvitation(db: Db, invitation: StaffInvitationTable) {
  await db.insertInto("staff_invitations").values(invitation).execute();
}

/** Notes the new link of an open invitation (when it was sent, until when it works). Whether it was still open. */
export async function markResent(db: Db, id: string, link: { sentAt: string; expiresAt: string }): Promise<boolean> {
  const result = await db
    .updateTable("staff_invitations")
    .set({ sent_at: link.sentAt, expires_at: link.expiresAt })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Closes an open invitation as revoked or accepted; whether it was still open (a link works once). */
export async function closeInvitation(
  db: Db,
  id: string,
  how: "accepted_at" | "revoked_at",
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("staff_invitations")
    .set({ [how]: now })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
