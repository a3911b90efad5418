import type { Config } from "../config/env.ts";
import { createActivity } from "../core/audit/activity.ts";
import { createAudit } from "../core/audit/audit.ts";
import { createAccountService } from "../core/auth/account.service.ts";
import { createAuthService } from "../core/auth/auth.service.ts";
import { createPasswordResets } from "../core/auth/password-reset.service.ts";
import { createBlogService } from "../core/blogs/blogs.service.ts";
import { createBlogList } from "../core/blogs/blogs-list.ts";
import { createCachePurge } from "../core/cache-purge/cache-purge.ts";
import { createCampaignsService } from "../core/campaigns/campaigns.service.ts";
import { createBlurService } from "../core/consent/blur.service.ts";
import { createConsentService } from "../core/consent/consent.service.ts";
import { valueUnratedBirr } from "../core/donations/donation-events.ts";
import { createDonationsService, DONATION_AUDIT_ENTITY } from "../core/donations/donations.service.ts";
import { createLedgerService } from "../core/donations/ledger.service.ts";
import { createDonorWall } from "../core/donations/tributes.service.ts";
import { createEmailService } from "../core/email/email.service.ts";
import { createSmtpTransport } from "../core/email/smtp-transport.ts";
import { createEmailSeriesService } from "../core/email-series/email-series.service.ts";
import { createFundsService } from "../core/funds/funds.service.ts";
import { createGalleryService } from "../core/gallery/gallery.service.ts";
import { createGalleryList } from "../core/gallery/gallery-list.ts";
import { createGivingService } from "../core/giving/giving.service.ts";
import { createJobQueue } from "../core/jobs/jobs.service.ts";
import { createMediaService } from "../core/media/media.service.ts";
import { createPicturePreparation } from "../core/media/picture-preparation.ts";
import { createPublicUrls } from "../core/media/public-urls.ts";
import { createSourcePreparer } from "../core/media/source-preparer.ts";
import { createStorage } from "../core/media/storage.ts";
import { createMessagesService } from "../core/messages/messages.service.ts";
import { createMessagesList } from "../core/messages/messages-list.ts";
import { createNewslettersService } from "../core/newsletters/newsletters.service.ts";
import { createOfflineGiftsService } from "../core/offline-gifts/offline-gifts.service.ts";
import { createPeopleService } from "../core/people/people.service.ts";
import { refreshMarkedIn } from "../core/people/people-list.repository.ts";
import { PEOPLE_SOURCES } from "../core/people/sources/index.ts";
import { createSuppressionList } from "../core/people/suppression.ts";
import { createBreaches } from "../core/personal-data/breaches.service.ts";
import { createRetention } from "../core/personal-data/retention.service.ts";
import { createPublicationService } from "../core/publications/publications.service.ts";
import { createPublicationList } from "../core/publications/publications-list.ts";
import { ORGANISATION_NAME } from "../core/receipts/receipt-content.ts";
import { createLogoCache } from "../core/receipts/receipt-logo.ts";
import { createReceiptsService } from "../core/receipts/receipts.service.ts";
import { createYearStatements } from "../core/receipts/year-statements.ts";
import { createDonorRetentionService } from "../core/reports/donor-retention.service.ts";
import { createReportsService } from "../core/reports/reports.service.ts";
import { createSecondFactorService } from "../core/second-factor/second-factor.service.ts";
import { createSettings } from "../core/settings/settings.ts";
import { type Clock, systemClock } from "../core/shared/clock.ts";
import { createSingleUseLinks } from "../core/single-use-links/single-use-links.ts";
import { createSiteContentService } from "../core/site-content/site-content.service.ts";
import { createSiteContentTranslations } from "../core/site-content/site-content.translations.ts";
import { createStaffService } from "../core/staff/staff.service.ts";
import { CONFIRMATION_LINKS } from "../core/subscribers/confirmation-email.ts";
import { createSubscribersService } from "../core/subscribers/subscribers.service.ts";
import { createSubscribersList } from "../core/subscribers/subscribers-list.ts";
import { createTranslationService } from "../core/translations/translations.service.ts";
import { createScheduledPublishing } from "../core/versions/scheduled-publishing.ts";
import { createVideosService } from "../core/videos/videos.service.ts";
import { createVideoList } from "../core/videos/videos-list.ts";
import { createInsightService } from "../core/visits/insight.service.ts";
import { createVisitCounter } from "../core/visits/visit-counter.ts";
import { createVolunteersService } from "../core/volunteers/volunteers.service.ts";
import { createVolunteersList } from "../core/volunteers/volunteers-list.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { demoImages } from "../db/seed/demo-pictures.ts";
import { registerJobHandlers, VARIANT_OWNERS } from "./job-handlers.ts";

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
  const jobs = createJobQueue({ database, clock });
  const email = createEmailService({
    jobs,
    transport: config.mail && createSmtpTransport(config.mail),
    staffAddress: config.staffEmail,
  });
  const audit = createAudit({ clock });
  const sessionIdleMs = config.staffSessionIdleMinutes * 60_000;
  const settings = createSettings({ db, clock, audit });
  const secondFactor = createSecondFactorService({
    db,
    clock,
    sessionSecret: config.sessionSecret,
    audit,
    settings,
    publicSiteUrl: config.publicSiteUrl,
  });
  const storage = createStorage(config);
  const links = createSingleUseLinks({
    db,
    clock,
    tokenSecret: config.sessionSecret,
    email,
    purposes: [CONFIRMATION_LINKS],
  });
  const passwordResets = createPasswordResets({ db, clock, links, audit, email, jobs, siteUrl: config.publicSiteUrl });
  // An upload's checks and capped re-encode run in child processes a little below requests
  // (decision 0440); UPLOAD_PREPARE=inline keeps them in this process (for comparison).
  const media = createMediaService({
    storage,
    prepared: demoImages,
    prepare: config.uploadPrepare === "inline" ? undefined : createSourcePreparer(),
  });
  const suppression = createSuppressionList({ db });
  const subscribers = createSubscribersService({
    db,
    clock,
    audit,
    email,
    jobs,
    tokenSecret: config.sessionSecret,
    links,
    siteUrl: config.publicSiteUrl,
    suppressed: suppression,
  });
  const cachePurge = createCachePurge({ database });
  const { purgePublicCaches } = cachePurge;
  const consent = createConsentService({ db, clock, audit, media, purgePublicCaches });
  const scheduling = createScheduledPublishing({
    db,
    clock,
    jobs,
    audit,
    purgePublicCaches,
    publishGuard: consent.assertPublishable,
    consentRecorder: consent.recordSent,
  });
  /** What every published content kind's writes need (core/item-writes, decision 0601). */
  const itemWrites = { db, media, clock, audit, scheduling, jobs, purgePublicCaches };
  const blogs = createBlogService(itemWrites);
  const siteContent = createSiteContentService({
    db,
    clock,
    audit,
    media,
    purgePublicCaches,
    consent,
    // Birr gifts paid before staff set a rate count from the first rate published (decision note 0740).
    afterPublish: async (trx, { donating }, actor) => {
      if (!donating?.etbPerUsd) return;
      const valued = await valueUnratedBirr(trx, donating.etbPerUsd);
      // Gifts' dollar values changed by a staff action: recorded with it.
      if (valued > 0) {
        await audit.record(trx, actor, {
          action: "update",
          entity: DONATION_AUDIT_ENTITY,
          values: { valuedAtRate: donating.etbPerUsd, gifts: valued },
        });
      }
    },
  });
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
    consent,
    postalAddress: async () => (await siteContent.published()).contact.addressLines,
    media,
    storage,
    siteUrl: config.publicSiteUrl,
    rate: config.newsletterRate,
  });
  const siteContentTranslations = createSiteContentTranslations({ db, clock, audit, purgePublicCaches, siteContent });
  const funds = createFundsService({ db, siteContent, localised: siteContentTranslations.published });
  // Converted once per uploaded file, not per PDF (docs/decisions/0891-organisation-logo-on-receipts.md).
  const receiptLogo = createLogoCache((url) => media.readFile(url));
  const organisation = async () => {
    const { contact } = await siteContent.published();
    return {
      name: ORGANISATION_NAME,
      address: contact.addressLines,
      email: contact.email,
      registrationNumber: contact.registrationNumber,
      logo: await receiptLogo(contact.logo),
    };
  };
  const yearStatements = createYearStatements({ db, clock, jobs, email, audit, organisation });
  const receipts = createReceiptsService({
    db,
    clock,
    jobs,
    email,
    audit,
    fundTitle: funds.titleOf,
    fundMessage: funds.thankYouMessage,
    organisation,
    portalUrl: config.stripe?.portalUrl,
  });
  /** E-mail series (docs/decisions/0790-email-series.md): the welcome series starts at a first paid gift. */
  const emailSeries = createEmailSeriesService({
    db,
    clock,
    audit,
    email,
    jobs,
    siteUrl: config.publicSiteUrl,
    tokenSecret: config.sessionSecret,
    storage,
    consent,
    postalAddress: async () => (await siteContent.published()).contact.addressLines,
    suppressed: async (address) => (await suppression.among([address])).size > 0,
  });
  const donations = createDonationsService({
    db,
    clock,
    config,
    audit,
    fundTitle: funds.titleOf,
    purgePublicCaches,
    afterPayment: async (trx, donationId) => {
      await receipts.issueForDonation(trx, donationId);
      await emailSeries.afterPayment(trx, donationId);
    },
    jobs,
    etbPerUsd: async () => (await siteContent.published()).donating.etbPerUsd || undefined,
    feeCoverPercent: async () => (await siteContent.published()).donating.feeCoverPercent,
    email,
  });
  const giving = createGivingService({
    db,
    clock,
    tokenSecret: config.sessionSecret,
    links,
    email,
    jobs,
    siteUrl: config.publicSiteUrl,
    donations,
    receipts,
    fundTitle: funds.titleOf,
  });
  const insight = createInsightService({ db, clock, audit });
  const services = {
    config,
    clock,
    links,
    database,
    cachePurge,
    jobs,
    email,
    audit,
    activity: createActivity({ db, audit }),
    settings,
    secondFactor,
    auth: createAuthService({ db, clock, tokenSecret: config.sessionSecret, audit, secondFactor, sessionIdleMs }),
    staff: createStaffService({
      database,
      clock,
      links,
      email,
      audit,
      siteUrl: config.publicSiteUrl,
    }),
    account: createAccountService({ db, clock, tokenSecret: config.sessionSecret, audit, links, sessionIdleMs }),
    passwordResets,
    media,
    /** Where uploads are kept; the readiness check lists it. */
    storage,
    /** Absolute image URLs for API answers (pages keep root-relative ones). */
    publicUrls: createPublicUrls(config.publicSiteUrl),
    scheduling,
    consent,
    blur: createBlurService({
      db,
      audit,
      media,
      purgePublicCaches,
      variants: { jobs, inBackground: (folder) => Object.hasOwn(VARIANT_OWNERS, folder) },
    }),
    gallery: createGalleryService({ ...itemWrites, dialect: database.dialect }),
    pictures: createPicturePreparation({ db, jobs, audit, storage, owners: VARIANT_OWNERS }),
    videos: createVideosService(itemWrites),
    subscribers,
    volunteers: createVolunteersService({ db, clock, email, audit, siteUrl: config.publicSiteUrl }),
    messages: createMessagesService({ db, clock, email, audit, siteUrl: config.publicSiteUrl }),
    blogs,
    newsletters,
    publications: createPublicationService(itemWrites),
    donations,
    giving,
    siteContent,
    translations: createTranslationService({ db, clock, audit, purgePublicCaches }),
    siteContentTranslations,
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
    emailSeries,
    yearStatements,
    reports: createReportsService({ db, clock, funds }),
    people: createPeopleService({
      db,
      dialect: database.dialect,
      clock,
      audit,
      jobs,
      sources: PEOPLE_SOURCES,
      receiptPdf: receipts.pdf,
      purgePublicCaches,
      email,
      links,
      siteUrl: config.publicSiteUrl,
    }),
    /** What personal data the site holds, for how long, and the daily job that keeps to it (docs/decisions/0680). */
    retention: createRetention({
      db,
      clock,
      audit,
      settings,
      purgePublicCaches,
      afterBatch: (trx) => refreshMarkedIn(trx, PEOPLE_SOURCES, clock().toISOString()),
    }),
    breaches: createBreaches({ db, clock, audit, email, letters: newsletters }),
    /** Retained, new, recaptured and lapsed donors (docs/decisions/0701-donor-retention.md). */
    donorRetention: createDonorRetentionService({ db, clock, audit }),
    ledger: createLedgerService({ db, clock }),
    donorWall: createDonorWall({ db, clock, audit, purgePublicCaches }),
    /** Page views counted on the server (docs/decisions/0710); null with ANALYTICS=off. */
    visits: config.analytics ? createVisitCounter({ db, clock }) : null,
    insight,
    campaigns: createCampaignsService({
      db,
      clock,
      audit,
      publicSiteUrl: config.publicSiteUrl,
      campaignDays: insight.campaignDays,
      fundTitle: funds.titleOf,
    }),
    /** The back office's paginated lists (docs/decisions/0610-admin-lists.md), each one call. */
    adminLists: {
      messages: createMessagesList({ db }),
      volunteers: createVolunteersList({ db }),
      subscribers: createSubscribersList({ db }),
      gallery: createGalleryList({ db, dialect: database.dialect }),
      blogs: createBlogList({ db }),
      publications: createPublicationList({ db }),
      videos: createVideoList({ db }),
    },
  };
  registerJobHandlers(services);
  return services;
}

export type Services = ReturnType<typeof createServices>;
