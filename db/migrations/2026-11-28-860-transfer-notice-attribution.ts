import type { Kysely } from "kysely";

// Frozen once merged. Where a donor who tells us about a bank transfer first came from, as the other
// gifts keep it (docs/decisions/0860-transfer-notices-carry-attribution.md). Null: not known.

const COLUMNS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "referrer_host"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("gift_pledges").addColumn(column, "text").execute();
  // A campaign's results read its confirmed transfers by its tag.
  await db.schema.createIndex("gift_pledges_utm_campaign").on("gift_pledges").column("utm_campaign").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("gift_pledges_utm_campaign").execute();
  for (const column of COLUMNS) await db.schema.alterTable("gift_pledges").dropColumn(column).execute();
}
