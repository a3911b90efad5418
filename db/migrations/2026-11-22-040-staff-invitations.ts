import { type Kysely, sql } from "kysely";

// Frozen once merged. Invitations to the back office (core/staff, docs/decisions/0220-staff-invitations.md): an Administrator
// invites an address with a role; the invitee follows a single-use link, valid 72 hours, and sets a
// name and password. Only a hash of the link's token is stored.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    // HMAC-SHA-256 of the link's token under SESSION_SECRET; a new one on every resend.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // Null once the inviting account is gone; the audit log keeps who it was.
    .addColumn("invited_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  // One open invitation per address, however many Administrators invite at once.
  await sql`create unique index staff_invitations_open_email_idx on staff_invitations (email)
    where accepted_at is null and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_invitations").execute();
}
