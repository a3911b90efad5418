import { type Kysely, sql } from "kysely";

// Frozen once merged. Consent for every uploaded image (docs/decisions/0301-image-consent.md),
// one row per image named by its plain URL. The expiry index answers the daily expiry job and the
// dashboard's "expiring within 30 days".

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("image_consents")
    .addColumn("image_url", "text", (c) => c.primaryKey())
    .addColumn("basis", "text", (c) => c.notNull())
    .addColumn("minor", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("by_guardian", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("given_by", "text")
    .addColumn("given_on", "text")
    .addColumn("expires_on", "text")
    .addColumn("form_reference", "text")
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .addCheckConstraint("image_consents_basis_check", sql`basis in ('no-identifiable-people', 'on-file', 'not-yet')`)
    .addCheckConstraint("image_consents_flags_check", sql`minor in (0, 1) and by_guardian in (0, 1)`)
    .execute();
  await db.schema.createIndex("image_consents_expires_idx").on("image_consents").column("expires_on").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("image_consents").execute();
}
