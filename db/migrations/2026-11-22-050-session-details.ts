import { type Kysely, sql } from "kysely";

// Frozen once merged. Each staff member sees their own sessions (device, IP, last seen) and can end
// them; a forgotten password is reset through a single-use link by e-mail
// (docs/decisions/0230-password-reset-and-sessions.md).

export async function up(db: Kysely<any>): Promise<void> {
  // The address and browser the session signed in from; "" for sessions older than this migration.
  await db.schema
    .alterTable("admin_sessions")
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("admin_sessions")
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // Moved forward at most once a minute by the requests the session makes.
  await db.schema
    .alterTable("admin_sessions")
    .addColumn("last_seen_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await sql`update admin_sessions set last_seen_at = created_at`.execute(db);
  await db.schema.createIndex("admin_sessions_expires_idx").on("admin_sessions").column("expires_at").execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_user_id", "text", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
    // HMAC of the link's token under SESSION_SECRET, like session tokens.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    // Set when the link was used or a newer one replaced it.
    .addColumn("ended_at", "text")
    .execute();
  await db.schema
    .createIndex("password_resets_user_idx")
    .on("password_resets")
    .columns(["admin_user_id", "created_at"])
    .execute();
  await db.schema.createIndex("password_resets_expires_idx").on("password_resets").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("password_resets").execute();
  await db.schema.dropIndex("admin_sessions_expires_idx").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("last_seen_at").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("user_agent").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("ip").execute();
}
