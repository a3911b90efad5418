import type { Kysely } from "kysely";

// Frozen once merged. A second factor for staff (docs/decisions/0240-second-factor.md): an
// authenticator app (TOTP), recovery codes, passkeys; the short-lived tickets between the two login
// steps; WebAuthn challenges; sessions that may only enrol; and the site's key-value settings.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    // JSON, read through the typed accessors of core/settings.
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_totp")
    .addColumn("admin_user_id", "text", (c) => c.primaryKey().references("admin_users.id").onDelete("cascade"))
    // The shared secret, encrypted under SESSION_SECRET (a copy of the database alone cannot make codes).
    .addColumn("secret", "text", (c) => c.notNull())
    // Null until the person typed a first code from their app: only then does it count.
    .addColumn("confirmed_at", "text")
    // The last time step a code was accepted for: a code of that step or earlier is a replay.
    .addColumn("last_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_user_id", "text", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
    // HMAC-SHA-256 under SESSION_SECRET of the normalised code.
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("staff_recovery_codes_admin_idx")
    .on("staff_recovery_codes")
    .column("admin_user_id")
    .execute();

  await db.schema
    .createTable("staff_passkeys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_user_id", "text", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
    // The authenticator's credential id, base64url.
    .addColumn("credential_id", "text", (c) => c.notNull().unique())
    // COSE public key, base64url.
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("sign_count", "integer", (c) => c.notNull())
    // JSON array of transports the authenticator reported ("internal", "usb", …).
    .addColumn("transports", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("staff_passkeys_admin_idx").on("staff_passkeys").column("admin_user_id").execute();

  // Between the password and the second factor: proves the password was right, grants nothing else.
  await db.schema
    .createTable("login_tickets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("ticket_hash", "text", (c) => c.notNull().unique())
    .addColumn("admin_user_id", "text", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  // A WebAuthn challenge, single use: stored as a hash, found again through the challenge the
  // browser's signed client data carries.
  await db.schema
    .createTable("webauthn_challenges")
    .addColumn("challenge_hash", "text", (c) => c.primaryKey())
    // "register" or "login".
    .addColumn("purpose", "text", (c) => c.notNull())
    // The account registering or signing in; null for a passkey sign-in that names nobody yet.
    .addColumn("admin_user_id", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  // 1 while the session may only set up a second factor (required for everyone, none set up yet).
  await db.schema
    .alterTable("admin_sessions")
    .addColumn("enrolment_only", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_sessions").dropColumn("enrolment_only").execute();
  for (const table of [
    "webauthn_challenges",
    "login_tickets",
    "staff_passkeys",
    "staff_recovery_codes",
    "staff_totp",
    "settings",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
