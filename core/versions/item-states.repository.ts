import type { Db } from "../../db/database.ts";
import { videoMediaKey } from "../consent/consent.schema.ts";

/** The tables whose rows carry an item state (core/versions/item-states.ts), and how the audit log names each row. */
export const STATEFUL_TABLES = {
  blog_posts: "blog",
  publications: "publication",
  gallery_items: "gallery-item",
  videos: "video",
} as const;
export type StatefulTable = keyof typeof STATEFUL_TABLES;

export interface DueItem {
  table: StatefulTable;
  id: string;
  /** The item's image URLs, first to last; a video's consent key (videoMediaKey). */
  imageUrls: string[];
}

/** Every scheduled row whose time has come, with its images. */
export async function findDue(db: Db, now: string): Promise<DueItem[]> {
  const due: DueItem[] = [];
  for (const table of ["blog_posts", "publications"] as const) {
    const rows = await db
      .selectFrom(table)
      .select(["id", "image_url"])
      .where("status", "=", "scheduled")
      .where("publish_at", "<=", now)
      .execute();
    for (const row of rows) due.push({ table, id: row.id, imageUrls: [row.image_url] });
  }
  const gallery = await db
    .selectFrom("gallery_items")
    .leftJoin("gallery_images", "gallery_images.gallery_item_id", "gallery_items.id")
    .select(["gallery_items.id as id", "gallery_images.url as url"])
    .where("gallery_items.status", "=", "scheduled")
    .where("gallery_items.publish_at", "<=", now)
    .orderBy("gallery_items.id")
    .orderBy("gallery_images.position")
    .execute();
  const galleryItems = new Map<string, string[]>();
  for (const row of gallery) {
    const urls = galleryItems.get(row.id) ?? [];
    if (row.url) urls.push(row.url);
    galleryItems.set(row.id, urls);
  }
  for (const [id, imageUrls] of galleryItems) due.push({ table: "gallery_items", id, imageUrls });
  const videos = await db
    .selectFrom("videos")
    .select(["id", "youtube_id"])
    .where("status", "=", "scheduled")
    .where("publish_at", "<=", now)
    .execute();
  for (const row of videos) due.push({ table: "videos", id: row.id, imageUrls: [videoMediaKey(row.youtube_id)] });
  return due;
}

/**
 * Moves one due row to `status` (published, or back to draft when it may not go public). The
 * condition makes it safe on several instances at once and after a crash: a row moves once, for
 * whoever updates it. Returns whether this call moved it.
 */
export async function settleDue(
  db: Db,
  item: Pick<DueItem, "table" | "id">,
  status: "published" | "draft",
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable(item.table)
    .set({ status, publish_at: null, updated_at: now })
    .where("id", "=", item.id)
    .where("status", "=", "scheduled")
    .where("publish_at", "<=", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
