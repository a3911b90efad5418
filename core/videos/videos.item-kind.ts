import { videoMediaKey } from "../consent/consent.schema.ts";
import type { ItemKind } from "../item-writes/item-writes.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./videos.repository.ts";
import { type Video, VideoInputSchema } from "./videos.schema.ts";

export const VIDEO_NOT_FOUND = "Video not found.";

/**
 * A video as the one item-write sequence writes it (docs/decisions/0601-item-writes.md). It stores
 * no files: what is shown is the YouTube video (its thumbnail and embed), so its consent is kept
 * under videoMediaKey, from the write's optional `consent`, and checked like an image's.
 */
export const videoKind: ItemKind<Video, repo.VideoRecord> = {
  entity: "video",
  notFound: VIDEO_NOT_FOUND,
  validate: (fields) => parseInput(VideoInputSchema, fields),
  find: repo.findVideo,
  stateOf: ({ status, publishAt }) => ({ status, publishAt }),
  filesOf: () => [],
  shows: (values) => [videoMediaKey(values.youtubeId)],
  consents: (fields, shown) =>
    shown.map((url) => ({ url, sent: (fields as { consent?: unknown } | null)?.consent, field: "consent" })),
  // YouTube's thumbnail is named by the video's title; no picture of ours to describe.
  described: () => [],
  // The stored fields of a video, to tell which ones an update changed.
  audited: ({ title, description, youtubeId, category }) => ({ title, description, youtubeId, category }),
  async insert(trx, { id, values, state, now }) {
    await repo.insertVideo(trx, id, values, state, now);
  },
  async update(trx, { id, values, state, now }) {
    await repo.updateVideo(trx, id, values, state, now);
  },
  async delete(trx, id) {
    await repo.deleteVideo(trx, id);
  },
};
