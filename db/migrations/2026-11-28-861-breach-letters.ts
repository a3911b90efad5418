import type { Kysely } from "kysely";

// Frozen once merged. The e-mail to the people a breach affects is a newsletter draft written in the
// newsletter editor (docs/decisions/0861-telling-people-of-a-breach.md): the breach names it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("data_breaches").addColumn("newsletter_id", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("data_breaches").dropColumn("newsletter_id").execute();
}
