import { type Kysely, sql } from "kysely";

// Frozen once merged. Staff accounts get a name, a role and a way to be deactivated; every staff
// write is recorded in `audit_log` (docs/decisions/0200-staff-roles-and-audit.md). Existing accounts
// become Administrators. Staff e-mails move from the `staff-mail` job type to the one `email` type
// (core/email), whose payload without `to` goes to STAFF_EMAIL as before.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("admin_users")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("administrator"))
    .execute();
  await db.schema
    .alterTable("admin_users")
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // Set when an Administrator deactivates the account; its sessions end at the same moment.
  await db.schema.alterTable("admin_users").addColumn("deactivated_at", "text").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    // Null for what nobody signed in did (a failed login for an unknown address, the system).
    .addColumn("actor_id", "text")
    // Copied, so the record still names the person after their account is renamed or deleted.
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    // JSON: the names of the fields that changed, and the few safe values worth showing (a status, a role).
    .addColumn("changes", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id", "at"]).execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity", "entity_id"]).execute();

  await sql`update jobs set type = 'email' where type = 'staff-mail'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update jobs set type = 'staff-mail' where type = 'email'`.execute(db);
  await db.schema.dropTable("audit_log").execute();
  await db.schema.alterTable("admin_users").dropColumn("deactivated_at").execute();
  await db.schema.alterTable("admin_users").dropColumn("name").execute();
  await db.schema.alterTable("admin_users").dropColumn("role").execute();
}
