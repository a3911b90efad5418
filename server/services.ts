import type { Config } from "../config/env.ts";
import { createActivity } from "../core/audit/activity.ts";
import { createAudit } from "../core/audit/audit.ts";
import { auditPruneJob } from "../core/audit/audit-retention.ts";
import { createAccountService } from "../core/auth/account.service.ts";
import { createAuthService } from "../core/auth/auth.service.ts";
import { authHousekeepingJob } from "../core/auth/auth-housekeeping.ts";
import { createPasswordResets } from "../core/auth/password-reset.service.ts";
import { blogImageOwner } from "../core/blogs/blogs.repository.ts";
import { createBlogService } from "../core/blogs/blogs.service.ts";
import { createCachePurge } from "../core/cache-purge/cache-purge.ts";
import { createBlurService } from "../core/consent/blur.service.ts";
import { createConsentService } from "../core/consent/consent.service.ts";
import { createDonationsService } from "../core/donations/donations.service.ts";
import { createEmailService } from "../core/email/email.service.ts";
import { createSmtpTransport } from "../core/email/smtp-transport.ts";
import { createFundsService } from "../core/funds/funds.service.ts";
import { galleryImageOwner } from "../core/gallery/gallery.repository.ts";
import { createGalleryService } from "../core/gallery/gallery.service.ts";
import { createGivingService } from "../core/giving/giving.service.ts";
import { createJobQueue } from "../core/jobs/jobs.service.ts";
import { createMediaService } from "../core/media/media.service.ts";
import { createPublicUrls } from "../core/media/public-urls.ts";
import { createSourcePreparer } from "../core/media/source-preparer.ts";
import { createStorage } from "../core/media/storage.ts";
import { uploadSweepJob } from "../core/media/upload-leftovers.ts";
import { createVariantEncoder } from "../core/media/variant-encoder.ts";
import { variantJob } from "../core/media/variant-job.ts";
import { createMessagesService } from "../core/messages/messages.service.ts";
import { createNewslettersService } from "../core/newsletters/newsletters.service.ts";
import { createOfflineGiftsService } from "../core/offline-gifts/offline-gifts.service.ts";
import { publicationImageOwner } from "../core/publications/publications.repository.ts";
import { createPublicationService } from "../core/publications/publications.service.ts";
import { ORGANISATION_NAME } from "../core/receipts/receipt-content.ts";
import { createReceiptsService } from "../core/receipts/receipts.service.ts";
import { createYearStatements } from "../core/receipts/year-statements.ts";
import { createReportsService } from "../core/reports/reports.service.ts";
import { createSecondFactorService } from "../core/second-factor/second-factor.service.ts";
import { createSettings } from "../core/settings/settings.ts";
import { type Clock, systemClock } from "../core/shared/clock.ts";
import { createSiteContentService } from "../core/site-content/site-content.service.ts";
import { createSiteContentTranslations } from "../core/site-content/site-content.translations.ts";
import { createStaffService } from "../core/staff/staff.service.ts";
import { createSubscribersService } from "../core/subscribers/subscribers.service.ts";
import { createTranslationService } from "../core/translations/translations.service.ts";
import { createScheduledPublishing } from "../core/versions/scheduled-publishing.ts";
import { createVideosService } from "../core/videos/videos.service.ts";
import { createVolunteersService } from "../core/volunteers/volunteers.service.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { demoImages } from "../db/seed/demo-pictures.ts";

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
}

/**
 * The one place the core services are wired together. The HTTP API and the React Router
 * loaders both receive this object, so they run the same rules.
 */
export function createServices({ config, database, clock = systemClock }: ServiceDeps) {
  const { db } = database;
  if (!config.sessionSecret) throw new Error("SESSION_SECRET must be resolved before services start");
  const jobs = createJobQueue(database, clock);
  const email = createEmailService(jobs, config.mail && createSmtpTransport(config.mail), config.staffEmail);
  const audit = createAudit(clock);
  const sessionIdleMs = config.staffSessionIdleMinutes * 60_000;
  const settings = createSettings(db, clock, audit);
  const secondFactor = createSecondFactorService(
    db,
    clock,
    config.sessionSecret,
    audit,
    settings,
    config.publicSiteUrl,
  );
  const storage = createStorage(config);
  jobs.register(uploadSweepJob(db, storage, clock));
  jobs.register(authHousekeepingJob(db, clock, sessionIdleMs));
  jobs.register(auditPruneJob(db, clock));
  // An upload's checks and capped re-encode run in child processes a little below requests
  // (decision 0440); UPLOAD_PREPARE=inline keeps them in this process (for comparison).
  const media = createMediaService(
    storage,
    demoImages,
    process.env.UPLOAD_PREPARE === "inline" ? undefined : createSourcePreparer(),
  );
  const subscribers = createSubscribersService({
    db,
    clock,
    audit,
    email,
    tokenSecret: config.sessionSecret,
    siteUrl: config.publicSiteUrl,
  });
  jobs.register(subscribers.expirePendingJob);
  const cachePurge = createCachePurge(database);
  const { purgePublicCaches } = cachePurge;
  const consent = createConsentService(db, clock, audit, media, purgePublicCaches);
  /** The folders whose variants the background job encodes (decision 0440): their rows can take the finished ladder. */
  const variantOwners = { gallery: galleryImageOwner, blog: blogImageOwner, publications: publicationImageOwner };
  jobs.register(
    variantJob({
      db,
      storage,
      encode: createVariantEncoder(),
      owners: variantOwners,
      purgePublicCaches,
    }),
  );
  jobs.register(consent.expiryJob());
  const scheduling = createScheduledPublishing(
    db,
    clock,
    jobs,
    audit,
    purgePublicCaches,
    consent.assertPublishable,
    consent.recordSent,
  );
  const blogs = createBlogService(db, media, clock, purgePublicCaches, audit, scheduling, jobs);
  const newsletters = createNewslettersService({
    db,
    dialect: database.dialect,
    clock,
    audit,
    email,
    jobs,
    subscribers,
    blogs,
    purgePublicCaches,
    media,
    storage,
    siteUrl: config.publicSiteUrl,
    rate: config.newsletterRate,
  });
  const siteContent = createSiteContentService(db, clock, audit, media, purgePublicCaches, consent);
  const funds = createFundsService(db, siteContent);
  const organisation = async () => {
    const { contact } = await siteContent.published();
    return { name: ORGANISATION_NAME, address: contact.addressLines, email: contact.email };
  };
  const receipts = createReceiptsService({
    db,
    clock,
    jobs,
    email,
    audit,
    fundTitle: funds.titleOf,
    organisation,
    portalUrl: config.stripe?.portalUrl,
  });
  const donations = createDonationsService(db, clock, config, audit, {
    fundTitle: funds.titleOf,
    purgePublicCaches,
    afterPayment: receipts.issueForDonation,
    jobs,
  });
  return {
    config,
    clock,
    database,
    cachePurge,
    jobs,
    email,
    audit,
    activity: createActivity(db, audit),
    settings,
    secondFactor,
    auth: createAuthService({ db, clock, tokenSecret: config.sessionSecret, audit, secondFactor, sessionIdleMs }),
    staff: createStaffService({
      database,
      clock,
      tokenSecret: config.sessionSecret,
      email,
      audit,
      siteUrl: config.publicSiteUrl,
    }),
    account: createAccountService({ db, clock, tokenSecret: config.sessionSecret, audit, sessionIdleMs }),
    passwordResets: createPasswordResets({
      db,
      clock,
      tokenSecret: config.sessionSecret,
      audit,
      email,
      jobs,
      siteUrl: config.publicSiteUrl,
    }),
    media,
    /** Where uploads are kept; the readiness check lists it. */
    storage,
    /** Absolute image URLs for API answers (pages keep root-relative ones). */
    publicUrls: createPublicUrls(config.publicSiteUrl),
    scheduling,
    consent,
    blur: createBlurService(db, audit, media, purgePublicCaches, {
      jobs,
      inBackground: (folder) => Object.hasOwn(variantOwners, folder),
    }),
    gallery: createGalleryService(database, media, clock, purgePublicCaches, audit, scheduling, jobs),
    videos: createVideosService(db, clock, purgePublicCaches, audit, scheduling),
    subscribers,
    volunteers: createVolunteersService(db, clock, email, audit, config.publicSiteUrl),
    messages: createMessagesService(db, clock, email, audit, config.publicSiteUrl),
    blogs,
    newsletters,
    publications: createPublicationService(db, media, clock, purgePublicCaches, audit, scheduling, jobs),
    donations,
    giving: createGivingService({
      db,
      clock,
      tokenSecret: config.sessionSecret,
      email,
      jobs,
      siteUrl: config.publicSiteUrl,
      donations,
      receipts,
      fundTitle: funds.titleOf,
    }),
    siteContent,
    translations: createTranslationService(db, clock, audit, purgePublicCaches),
    siteContentTranslations: createSiteContentTranslations(db, clock, audit, purgePublicCaches, siteContent),
    funds,
    offlineGifts: createOfflineGiftsService({
      db,
      clock,
      audit,
      purgePublicCaches,
      fundTitle: funds.titleOf,
      onGiftRecorded: receipts.issueForGift,
      onGiftDeleted: receipts.voidForGift,
    }),
    receipts,
    yearStatements: createYearStatements({ db, clock, jobs, email, audit, organisation }),
    reports: createReportsService(db, clock, funds),
  };
}

export type Services = ReturnType<typeof createServices>;
