import { type Kysely, sql } from "kysely";

// Frozen once merged. People (docs/decisions/0670-people-ids-and-sources.md): one opaque id per
// e-mail address, found across every table that holds one; the addresses an erasure keeps out of the
// newsletter list (as hashes only); exports waiting to be downloaded; erasures until they are done.
// The lower(…) indexes serve the lookups of one person's records in each source on both databases.

const EMAIL_COLUMNS: Array<[table: string, column: string]> = [
  ["donations", "donor_email"],
  ["offline_gifts", "donor_email"],
  ["gift_pledges", "donor_email"],
  ["receipts", "donor_email"],
  ["volunteer_applications", "email"],
  ["contact_messages", "email"],
  ["donor_sessions", "email"],
  ["newsletter_deliveries", "email"],
  ["statement_sends", "donor_email"],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("people")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email_key", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("suppressed_addresses")
    .addColumn("hash", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("people_exports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("person_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("zip", "text")
    .addColumn("mail_to_person", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("people_exports_person_idx").on("people_exports").column("person_id").execute();
  await db.schema
    .createTable("erasures")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("person_id", "text", (c) => c.notNull())
    .addColumn("email_key", "text")
    .addColumn("pseudonym", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("summary", "text")
    .addColumn("notify", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locale", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  for (const [table, column] of EMAIL_COLUMNS) {
    await db.schema
      .createIndex(`${table}_${column}_lower_idx`)
      .on(table)
      .expression(sql`lower(${sql.ref(column)})`)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of EMAIL_COLUMNS) await db.schema.dropIndex(`${table}_${column}_lower_idx`).execute();
  for (const table of ["erasures", "people_exports", "suppressed_addresses", "people"])
    await db.schema.dropTable(table).execute();
}
