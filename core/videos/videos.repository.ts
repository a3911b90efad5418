import type { Selectable } from "kysely";
import type { Db } from "../../db/database.ts";
import { containsText, pageOf } from "../admin-lists/list-sql.ts";
import type { ItemListQuery } from "../item-writes/item-list.ts";
import { amharicCoverageIs } from "../translations/translations.repository.ts";
import { type ItemState, stateColumns, stateOf } from "../versions/item-states.ts";
import type { DocumentState } from "../versions/versions.ts";
import type { Video, VideoCategory } from "./videos.schema.ts";
import type { VideoTable } from "./videos.table.ts";
import { youtubeWatchUrl } from "./youtube-url.ts";

const toVideo = (row: Selectable<VideoTable>): Video => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  youtubeId: row.youtube_id,
  youtubeUrl: youtubeWatchUrl(row.youtube_id),
  category: row.category as VideoCategory,
  createdAt: row.created_at,
  ...stateOf(row),
});

export async function listVideos(
  db: Db,
  { limit, category, status }: { limit: number; category?: VideoCategory; status?: DocumentState },
) {
  let query = db.selectFrom("videos").selectAll();
  if (status) query = query.where("status", "=", status);
  if (category) query = query.where("category", "=", category);
  // id breaks ties so equal timestamps (seeded rows) keep a stable order across pages and databases.
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(toVideo);
}

/** One page of the admin list, filtered, searched and counted in SQL (docs/decisions/0721). */
export async function pageVideos(db: Db, query: ItemListQuery) {
  let filtered = db.selectFrom("videos");
  if (query.status !== "all") filtered = filtered.where("status", "=", query.status);
  const amharic = query.amharic;
  if (amharic !== "all") {
    filtered = filtered.where((eb) => amharicCoverageIs(eb, { kind: "video", idColumn: "videos.id" }, amharic));
  }
  if (query.q) filtered = filtered.where((eb) => containsText(eb, ["title", "description"], query.q));
  const { rows, total } = await pageOf(filtered, query, (qb) =>
    qb.selectAll().orderBy("created_at", "desc").orderBy("id", "desc"),
  );
  return { items: rows.map(toVideo), total };
}

export async function findVideo(db: Db, id: string): Promise<Video | undefined> {
  const row = await db.selectFrom("videos").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toVideo(row);
}

export interface VideoRecord {
  title: string;
  description: string;
  youtubeId: string;
  category: VideoCategory;
}

export async function insertVideo(db: Db, id: string, video: VideoRecord, state: ItemState, now: string) {
  await db
    .insertInto("videos")
    .values({
      id,
      title: video.title,
      description: video.description,
      youtube_id: video.youtubeId,
      category: video.category,
      created_at: now,
      updated_at: now,
      ...stateColumns(state),
    })
    .execute();
}

/** Returns false when there was no such video. */
export async function updateVideo(
  db: Db,
  id: string,
  video: VideoRecord,
  state: ItemState,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("videos")
    .set({
      title: video.title,
      description: video.description,
      youtube_id: video.youtubeId,
      category: video.category,
      updated_at: now,
      ...stateColumns(state),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteVideo(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("videos").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
