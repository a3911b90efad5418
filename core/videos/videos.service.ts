import type { Db } from "../../db/database.ts";
import { type Actor, type Audit, fieldsChanged } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./videos.repository.ts";
import { type Video, VideoInputSchema, VideoListQuerySchema } from "./videos.schema.ts";

export const VIDEO_NOT_FOUND = "Video not found.";

/** How the audit log names a video. */
export const VIDEO_AUDIT_ENTITY = "video";

/** The stored fields of a video, to tell which ones an update changed. */
const recordFields = ({ title, description, youtubeId, category }: repo.VideoRecord) => ({
  title,
  description,
  youtubeId,
  category,
});

export function createVideosService(db: Db, clock: Clock, purgePublicCaches: PurgePublicCaches, audit: Audit) {
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

    async create(body: unknown, actor: Actor): Promise<Video> {
      const input = parseInput(VideoInputSchema, body);
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertVideo(trx, id, input, clock().toISOString());
        const fields = fieldsChanged({}, recordFields(input));
        await audit.record(trx, actor, { action: "create", entity: VIDEO_AUDIT_ENTITY, entityId: id, fields });
      });
      await purgePublicCaches();
      return get(id);
    },

    async update(id: string, body: unknown, actor: Actor): Promise<Video> {
      const input = parseInput(VideoInputSchema, body);
      await db.transaction().execute(async (trx) => {
        const existing = isRecordId(id) ? await repo.findVideo(trx, id) : undefined;
        if (!existing || !(await repo.updateVideo(trx, id, input, clock().toISOString())))
          throw new NotFoundError(VIDEO_NOT_FOUND);
        const fields = fieldsChanged(recordFields(existing), recordFields(input));
        await audit.record(trx, actor, { action: "update", entity: VIDEO_AUDIT_ENTITY, entityId: id, fields });
      });
      await purgePublicCaches();
      return get(id);
    },

    async remove(id: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!isRecordId(id) || !(await repo.deleteVideo(trx, id))) throw new NotFoundError(VIDEO_NOT_FOUND);
        await audit.record(trx, actor, { action: "delete", entity: VIDEO_AUDIT_ENTITY, entityId: id });
      });
      await purgePublicCaches();
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
