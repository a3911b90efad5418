import type { Kysely } from "kysely";

// Frozen once merged. The page a visit first landed on, kept beside where it came from on the gifts,
// sign-ups, applications and transfer notices it led to, so Insight can say what each post led to
// (docs/decisions/0800-attribution.md). Null: not known (no JavaScript, rows from before).

const TABLES = ["donations", "subscribers", "volunteer_applications", "gift_pledges"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn("landing_path", "text").execute();
    await db.schema.createIndex(`${table}_landing_path`).on(table).column("landing_path").execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_landing_path`).execute();
    await db.schema.alterTable(table).dropColumn("landing_path").execute();
  }
}
