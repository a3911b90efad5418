import { auditPruneJob } from "../core/audit/audit-retention.ts";
import { authHousekeepingJob } from "../core/auth/auth-housekeeping.ts";
import { blogImageOwner } from "../core/blogs/blogs.repository.ts";
import { galleryImageOwner } from "../core/gallery/gallery.repository.ts";
import type { JobDefinition } from "../core/jobs/jobs.service.ts";
import { uploadSweepJob } from "../core/media/upload-leftovers.ts";
import type { UploadFolder } from "../core/media/upload-references.ts";
import { createVariantEncoder } from "../core/media/variant-encoder.ts";
import { type ImageOwner, variantJob } from "../core/media/variant-job.ts";
import { publicationImageOwner } from "../core/publications/publications.repository.ts";
import { visitsHousekeepingJob } from "../core/visits/visits-housekeeping.ts";
import type { Services } from "./services.ts";

/** The folders whose variants the background job encodes (decision 0440): their rows can take the finished ladder. */
export const VARIANT_OWNERS = {
  gallery: galleryImageOwner,
  blog: blogImageOwner,
  publications: publicationImageOwner,
} satisfies Partial<Record<UploadFolder, ImageOwner>>;

/**
 * Every kind of durable job the site runs, in one list (docs/architecture.md#durable-jobs). A
 * service that needs one exposes its handler; it is registered here, never in the service's
 * constructor, so this list is the whole of what the worker can run.
 */
export function registerJobHandlers(services: Services): void {
  const { jobs, database, clock, storage, cachePurge } = services;
  const { db } = database;
  const handlers: (JobDefinition<any> | undefined)[] = [
    // E-mail: every message the site sends (none without SMTP: they wait for an instance with it).
    services.email.deliveryJob,
    services.passwordResets.sendLinkJob,
    services.giving.sendLinkJob,
    services.receipts.receiptJob,
    services.yearStatements.statementsJob,
    services.newsletters.sendJob,
    services.emailSeries.stepJob,
    // Payments: the sandbox provider's events, applied as Stripe's webhooks are.
    services.donations.sandboxEventJob,
    // Payments: pending birr gifts asked about until Chapa answers or a day has passed.
    services.donations.chapaVerifyJob,
    // Publishing and pictures.
    services.scheduling.publishJob,
    variantJob({
      db,
      storage,
      encode: createVariantEncoder({ priority: services.config.variantEncoderPriority }),
      owners: VARIANT_OWNERS,
      purgePublicCaches: cachePurge.purgePublicCaches,
    }),
    // Recurring housekeeping.
    services.consent.expiryJob(),
    services.links.housekeepingJob,
    // Imports: a subscriber CSV, in batches off the request.
    services.subscribers.importJob,
    // People: a person's export, and an erasure that a crash interrupted.
    services.people.exportJob,
    services.people.erasureJob,
    // People: the list's rows of addresses whose records changed, every minute at the latest.
    services.people.refreshJob,
    services.giving.housekeepingJob,
    uploadSweepJob(db, storage, clock),
    authHousekeepingJob(db, clock, services.config.staffSessionIdleMinutes * 60_000),
    auditPruneJob(db, clock),
    // Page views: finished days rolled into aggregates, raw views after 30 days and salts after 48 h deleted.
    visitsHousekeepingJob(db, clock),
    services.retention.job,
  ];
  for (const handler of handlers) if (handler) jobs.register(handler);
}
