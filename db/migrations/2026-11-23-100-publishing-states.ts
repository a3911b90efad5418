import type { Kysely } from "kysely";

// Frozen once merged. Blog posts, publications, gallery items and videos get the state of
// core/versions (draft | scheduled | published) and the time a scheduled one goes live
// (docs/decisions/0300-publishing-states.md). Rows that exist are public today, so they start
// `published`. The index answers the public lists' filter and the scheduled-publishing job.

const TABLES = ["blog_posts", "publications", "gallery_items", "videos"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("status", "text", (col) => col.notNull().defaultTo("published"))
      .execute();
    await db.schema.alterTable(table).addColumn("publish_at", "text").execute();
    await db.schema.createIndex(`${table}_status_idx`).on(table).columns(["status", "publish_at"]).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_status_idx`).execute();
    await db.schema.alterTable(table).dropColumn("publish_at").execute();
    await db.schema.alterTable(table).dropColumn("status").execute();
  }
}
