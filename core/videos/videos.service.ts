import type { Db } from "../../db/database.ts";
import { type Actor, type Audit, fieldsChanged } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import { videoMediaKey } from "../consent/consent.schema.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import { deleteItem as deleteTranslations } from "../translations/translations.repository.ts";
import { type ItemState, resolveState, StateFilterSchema, stateAudit } from "../versions/item-states.ts";
import type { ScheduledPublishing } from "../versions/scheduled-publishing.ts";
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

export function createVideosService(
  db: Db,
  clock: Clock,
  purgePublicCaches: PurgePublicCaches,
  audit: Audit,
  scheduling: ScheduledPublishing,
) {
  /** Staff find a video in any state; the public only a published one. */
  async function find(id: string, publicOnly: boolean): Promise<Video> {
    const video = isRecordId(id) ? await repo.findVideo(db, id) : undefined;
    if (!video || (publicOnly && video.status !== "published")) throw new NotFoundError(VIDEO_NOT_FOUND);
    return video;
  }
  const getForStaff = (id: string) => find(id, false);

  /**
   * What is shown is the YouTube video (its thumbnail and embed): its consent is recorded under
   * videoMediaKey, from the write's optional `consent`, and checked like an image's before it goes public.
   */
  async function guard(trx: Db, body: unknown, youtubeId: string, state: ItemState, actor: Actor, id: string) {
    const url = videoMediaKey(youtubeId);
    const sent = (body as { consent?: unknown } | null)?.consent;
    await scheduling.recordConsents(trx, [{ url, sent, field: "consent" }], actor, id);
    await scheduling.assertMayGoPublic(trx, state, [url]);
  }

  return {
    /** Published videos, newest first; `limit=1` is the home page's featured video. */
    async list(query: unknown = {}): Promise<{ videos: Video[] }> {
      const { limit, category } = parseInput(VideoListQuerySchema, query);
      return { videos: await repo.listVideos(db, { limit, category, status: "published" }) };
    },

    /** A published video. */
    get: (id: string) => find(id, true),

    /** Every video, or those in one state (`status`), newest first: the admin list. */
    async listForStaff(query: unknown = {}): Promise<{ videos: Video[] }> {
      const { limit, category } = parseInput(VideoListQuerySchema, query);
      const { status } = parseInput(StateFilterSchema, query);
      return { videos: await repo.listVideos(db, { limit, category, status }) };
    },

    /** A video in any state: the editor and the preview. */
    getForStaff,

    async create(body: unknown, actor: Actor): Promise<Video> {
      const input = parseInput(VideoInputSchema, body);
      const state = resolveState(body, null, clock());
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await guard(trx, body, input.youtubeId, state, actor, id);
        await repo.insertVideo(trx, id, input, state, clock().toISOString());
        const { fields: stateFields, values } = stateAudit(null, state);
        const fields = [...fieldsChanged({}, recordFields(input)), ...stateFields];
        await audit.record(trx, actor, { action: "create", entity: VIDEO_AUDIT_ENTITY, entityId: id, fields, values });
        await scheduling.afterWrite(trx, state);
      });
      await purgePublicCaches();
      return getForStaff(id);
    },

    async update(id: string, body: unknown, actor: Actor): Promise<Video> {
      const input = parseInput(VideoInputSchema, body);
      await db.transaction().execute(async (trx) => {
        const existing = isRecordId(id) ? await repo.findVideo(trx, id) : undefined;
        if (!existing) throw new NotFoundError(VIDEO_NOT_FOUND);
        const state = resolveState(body, existing, clock());
        await guard(trx, body, input.youtubeId, state, actor, id);
        if (!(await repo.updateVideo(trx, id, input, state, clock().toISOString())))
          throw new NotFoundError(VIDEO_NOT_FOUND);
        const { fields: stateFields, values } = stateAudit(existing, state);
        const fields = [...fieldsChanged(recordFields(existing), recordFields(input)), ...stateFields];
        await audit.record(trx, actor, { action: "update", entity: VIDEO_AUDIT_ENTITY, entityId: id, fields, values });
        await scheduling.afterWrite(trx, state);
      });
      await purgePublicCaches();
      return getForStaff(id);
    },

    async remove(id: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!isRecordId(id) || !(await repo.deleteVideo(trx, id))) throw new NotFoundError(VIDEO_NOT_FOUND);
        await deleteTranslations(trx, VIDEO_AUDIT_ENTITY, id);
        await audit.record(trx, actor, { action: "delete", entity: VIDEO_AUDIT_ENTITY, entityId: id });
      });
      await purgePublicCaches();
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
