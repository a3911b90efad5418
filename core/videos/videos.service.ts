import type { Db } from "../../db/database.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./videos.repository.ts";
import { type Video, VideoInputSchema, VideoListQuerySchema } from "./videos.schema.ts";

export const VIDEO_NOT_FOUND = "Video not found.";

export function createVideosService(db: Db, clock: Clock, purgePublicCaches: PurgePublicCaches) {
  async function get(id: string): Promise<Video> {
    const video = isRecordId(id) ? await repo.findVideo(db, id) : undefined;
    if (!video) throw new NotFoundError(VIDEO_NOT_FOUND);
    return video;
  }

  return {
    /** Newest first; `limit=1` is the home page's featured video. */
    async list(query: unknown = {}): Promise<{ videos: Video[] }> {
      const { limit, category } = parseInput(VideoListQuerySchema, query);
      return { videos: await repo.listVideos(db, { limit, category }) };
    },

    get,

    async create(body: unknown): Promise<Video> {
      const input = parseInput(VideoInputSchema, body);
      const id = newId();
      await repo.insertVideo(db, id, input, clock().toISOString());
      await purgePublicCaches();
      return get(id);
    },

    async update(id: string, body: unknown): Promise<Video> {
      const input = parseInput(VideoInputSchema, body);
      if (!isRecordId(id) || !(await repo.updateVideo(db, id, input, clock().toISOString())))
        throw new NotFoundError(VIDEO_NOT_FOUND);
      await purgePublicCaches();
      return get(id);
    },

    async remove(id: string): Promise<void> {
      if (!isRecordId(id) || !(await repo.deleteVideo(db, id))) throw new NotFoundError(VIDEO_NOT_FOUND);
      await purgePublicCaches();
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
