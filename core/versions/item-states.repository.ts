import type { Db } from "../../db/database.ts";

/** The tables whose rows carry an item state (core/versions/item-states.ts), and how the audit log names each row. */
export const STATEFUL_TABLES = {
  blog_posts: "blog",
  publications: "publication",
  gallery_items: "gallery-item",
  videos: "video",
} as const;
export type StatefulTable = keyof typeof STATEFUL_TABLES;

/**
 * Publishes every scheduled row whose time has come. The conditional update makes it safe to run
 * on several instances at once and again after a crash: a row goes live once, for whoever updates it.
 */
export async function publishDue(db: Db, now: string): Promise<Array<{ table: StatefulTable; id: string }>> {
  const published: Array<{ table: StatefulTable; id: string }> = [];
  for (const table of Object.keys(STATEFUL_TABLES) as StatefulTable[]) {
    const rows = await db
      .updateTable(table)
      .set({ status: "published", publish_at: null, updated_at: now })
      .where("status", "=", "scheduled")
      .where("publish_at", "<=", now)
      .returning("id")
      .execute();
    for (const row of rows) published.push({ table, id: row.id });
  }
  return published;
}
