import type { Db } from "../../db/database.ts";
import { type Actor, type Audit, SYSTEM_ACTOR } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { JobDefinition, JobQueue } from "../jobs/jobs.service.ts";
import type { Clock } from "../shared/clock.ts";
import { ValidationError } from "../shared/errors.ts";
import { findDue, STATEFUL_TABLES, settleDue } from "./item-states.repository.ts";
import type { ItemState } from "./item-states.ts";

export const SCHEDULED_PUBLISH_JOB = "scheduled-publish";

/**
 * Records the consent a write sent for one image (`sent`: the write's `imageConsent` field, JSON or
 * its text; nothing sent records nothing). `field` names the form field for a refusal.
 */
export type ConsentRecorder = (
  trx: Db,
  image: { url: string; sent: unknown; field: string },
  actor: Actor,
  entityId: string,
) => Promise<void>;

/**
 * Scheduled items go live on time even when nobody visits: scheduling an item queues a durable job
 * due at its time (core/jobs), in the same transaction. The job publishes whatever is due, so a
 * job for an item rescheduled later finds nothing to do, and two jobs due together publish once.
 * docs/decisions/0300-publishing-states.md
 */
export interface ScheduledPublishingDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  audit: Audit;
  purgePublicCaches: PurgePublicCaches;
  /** Refuses an item whose images may not be public (core/consent); none: every image may. */
  publishGuard?: (trx: Db, imageUrls: readonly string[]) => Promise<void>;
  /** Records consent a write sent for one of its images (core/consent); none: consent is not kept. */
  consentRecorder?: ConsentRecorder;
}

export function createScheduledPublishing({
  db,
  clock,
  jobs,
  audit,
  purgePublicCaches,
  publishGuard = async () => {},
  consentRecorder = async () => {},
}: ScheduledPublishingDeps) {
  /**
   * Publishes what is due. An item whose images may no longer go public (consent withdrawn to "not
   * yet" since it was scheduled) goes back to draft instead, and the audit log says why.
   */
  async function publishNow(): Promise<number> {
    const now = clock().toISOString();
    const published = await db.transaction().execute(async (trx) => {
      let count = 0;
      for (const item of await findDue(trx, now)) {
        const refusal = await publishGuard(trx, item.imageUrls).then(
          () => null,
          (error: unknown) => (error instanceof ValidationError ? error : Promise.reject(error)),
        );
        if (!(await settleDue(trx, item, refusal ? "draft" : "published", now))) continue;
        await audit.record(trx, SYSTEM_ACTOR, {
          action: refusal ? "unpublish" : "publish",
          entity: STATEFUL_TABLES[item.table],
          entityId: item.id,
          values: refusal ? { status: "draft", reason: "consent" } : { status: "published" },
        });
        if (!refusal) count++;
      }
      return count;
    });
    if (published > 0) await purgePublicCaches();
    return published;
  }

  const publishJob: JobDefinition<null> = {
    type: SCHEDULED_PUBLISH_JOB,
    handle: async () => {
      await publishNow();
    },
  };

  return {
    /** Publishes what is due; registered with every other job kind in server/job-handlers.ts. */
    publishJob,
    publishNow,
    /**
     * Call in the write's transaction, before assertMayGoPublic: records the consent the write sent
     * with its images (docs/decisions/0470-consent-everywhere.md).
     */
    async recordConsents(
      trx: Db,
      images: ReadonlyArray<{ url: string; sent: unknown; field: string }>,
      actor: Actor,
      entityId: string,
    ): Promise<void> {
      for (const image of images) await consentRecorder(trx, image, actor, entityId);
    },
    /** Call in the write's transaction before an item with these images is published or scheduled. */
    async assertMayGoPublic(trx: Db, state: ItemState, imageUrls: readonly string[]): Promise<void> {
      if (state.status !== "draft") await publishGuard(trx, imageUrls);
    },
    /**
     * Call in the write's transaction, with the item's state before (null: created) and after (null:
     * deleted): queues the job that publishes a scheduled item at its time, and takes back the one a
     * schedule it no longer has queued, so an item waits on exactly one job however often it is
     * saved, cancelled or rescheduled (docs/decisions/0601-item-writes.md).
     */
    async afterWrite(
      trx: Db,
      item: { entity: string; id: string },
      before: ItemState | null,
      after: ItemState | null,
    ): Promise<void> {
      const keyOf = (state: ItemState | null) =>
        state?.status === "scheduled" && state.publishAt
          ? `${SCHEDULED_PUBLISH_JOB}:${item.entity}:${item.id}:${state.publishAt}`
          : undefined;
      const previous = keyOf(before);
      const next = keyOf(after);
      if (previous && previous !== next) await jobs.dequeue(trx, previous);
      if (next && after?.publishAt) {
        await jobs.enqueue(trx, {
          type: SCHEDULED_PUBLISH_JOB,
          payload: null,
          key: next,
          runAt: new Date(after.publishAt),
        });
      }
    },
  };
}

export type ScheduledPublishing = ReturnType<typeof createScheduledPublishing>;

/** The consent a one-image write sent (its `imageConsent` field), for recordConsents. */
export const sentConsent = (fields: unknown, url: string) => ({
  url,
  sent: (fields as { imageConsent?: unknown } | null)?.imageConsent,
  field: "imageConsent",
});
