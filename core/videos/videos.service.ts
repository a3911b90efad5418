import type { Actor } from "../audit/audit.ts";
import { createItemWrites, type ItemWritesDeps } from "../item-writes/item-writes.ts";
import { NotFoundError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import { StateFilterSchema } from "../versions/item-states.ts";
import { VIDEO_NOT_FOUND, videoKind } from "./videos.item-kind.ts";
import * as repo from "./videos.repository.ts";
import { type Video, VideoListQuerySchema } from "./videos.schema.ts";

/** Videos: read here, written by the one item-write sequence (core/item-writes); they store no files. */
export function createVideosService(deps: ItemWritesDeps) {
  const { db } = deps;
  const writes = createItemWrites(deps, videoKind);

  return {
    /** Published videos, newest first; `limit=1` is the home page's featured video. */
    async list(query: unknown = {}): Promise<{ videos: Video[] }> {
      const { limit, category } = parseInput(VideoListQuerySchema, query);
      return { videos: await repo.listVideos(db, { limit, category, status: "published" }) };
    },

    /** A published video. */
    async get(id: string): Promise<Video> {
      const video = await writes.find(id);
      if (video.status !== "published") throw new NotFoundError(VIDEO_NOT_FOUND);
      return video;
    },

    /** Every video, or those in one state (`status`), newest first: the admin list. */
    async listForStaff(query: unknown = {}): Promise<{ videos: Video[] }> {
      const { limit, category } = parseInput(VideoListQuerySchema, query);
      const { status } = parseInput(StateFilterSchema, query);
      return { videos: await repo.listVideos(db, { limit, category, status }) };
    },

    /** A video in any state: the editor and the preview. */
    getForStaff: (id: string): Promise<Video> => writes.find(id),

    async create(body: unknown, actor: Actor): Promise<Video> {
      return writes.find(await writes.create(body, [], actor));
    },

    async update(id: string, body: unknown, actor: Actor): Promise<Video> {
      return writes.find(await writes.update(id, body, [], actor));
    },

    remove: (id: string, actor: Actor): Promise<void> => writes.remove(id, actor),
  };
}
