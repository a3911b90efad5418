import type { Kysely } from "kysely";

// Frozen once merged. Where a gift, a newsletter sign-up or a volunteer application came from: the
// first landing's UTM tags or the other site that linked to it (docs/decisions/0800-attribution.md).
// Null: not known (rows from before, an API caller that sent none, a visitor who came directly).

const TABLES = ["donations", "subscribers", "volunteer_applications"] as const;
const COLUMNS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "referrer_host"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of COLUMNS) await db.schema.alterTable(table).addColumn(column, "text").execute();
  }
  // A campaign's results read its gifts and sign-ups by its tag.
  await db.schema.createIndex("donations_utm_campaign").on("donations").column("utm_campaign").execute();
  await db.schema.createIndex("subscribers_utm_campaign").on("subscribers").column("utm_campaign").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("subscribers_utm_campaign").execute();
  await db.schema.dropIndex("donations_utm_campaign").execute();
  for (const table of TABLES) {
    for (const column of COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
