import type { Kysely } from "kysely";

// The argon2id hash of the ADMIN_PASSWORD last applied from the environment. A start applies the
// environment's password only when it differs from that one, so a restart neither reverts a
// password changed since with the CLI nor logs the admin out (docs/decisions/0130-login-throttle.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_users").addColumn("env_password_hash", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_users").dropColumn("env_password_hash").execute();
}
