import type { Migration } from "kysely/migration";
import * as initial from "./2026-11-21-001-initial.ts";
import * as gallerySearch from "./2026-11-21-020-gallery-search.ts";
import * as staffNotifications from "./2026-11-21-030-staff-notifications.ts";
import * as donations from "./2026-11-21-040-donations.ts";
import * as jobs from "./2026-11-22-010-jobs.ts";
import * as adminEnvPassword from "./2026-11-22-020-admin-env-password.ts";
import * as staffRolesAndAudit from "./2026-11-22-030-staff-roles-and-audit.ts";
import * as staffInvitations from "./2026-11-22-040-staff-invitations.ts";
import * as sessionDetails from "./2026-11-22-050-session-details.ts";
import * as secondFactorAndSettings from "./2026-11-22-060-second-factor-and-settings.ts";
import * as auditIndexes from "./2026-11-22-070-audit-indexes.ts";
import * as siteContent from "./2026-11-22-080-site-content.ts";
import * as publishingStates from "./2026-11-23-100-publishing-states.ts";
import * as imageConsent from "./2026-11-23-110-image-consent.ts";
import * as designatedGifts from "./2026-11-23-200-designated-gifts.ts";
import * as offlineGifts from "./2026-11-23-210-offline-gifts.ts";
import * as receipts from "./2026-11-23-220-receipts.ts";
import * as yearStatements from "./2026-11-23-230-year-statements.ts";
import * as subscriberConsent from "./2026-11-23-300-subscriber-consent.ts";
import * as newsletters from "./2026-11-23-310-newsletters.ts";
import * as contentTranslations from "./2026-11-24-200-content-translations.ts";
import * as myGiving from "./2026-11-24-600-my-giving.ts";
import * as voidReceipts from "./2026-11-24-610-void-receipts.ts";
import * as siteContentItemIds from "./2026-11-25-200-site-content-item-ids.ts";
import * as singleUseLinks from "./2026-11-28-600-single-use-links.ts";
import * as subscriberImports from "./2026-11-28-600-subscriber-imports.ts";
import * as adminListIndexes from "./2026-11-28-610-admin-list-indexes.ts";
import * as jobInterruptions from "./2026-11-28-640-job-interruptions.ts";
import * as birrGiving from "./2026-11-28-660-birr-giving.ts";
import * as people from "./2026-11-28-670-people.ts";
import * as retention from "./2026-11-28-680-retention.ts";
import * as dataBreaches from "./2026-11-28-681-data-breaches.ts";
import * as monthlyGiftStewardship from "./2026-11-28-700-monthly-gift-stewardship.ts";
import * as visitsAndCampaigns from "./2026-11-28-710-visits-and-campaigns.ts";
import * as contentListIndexes from "./2026-11-28-720-content-list-indexes.ts";
import * as subscriberImportFiles from "./2026-11-28-730-subscriber-import-files.ts";
import * as testGiftsAndReceiptMethods from "./2026-11-28-760-test-gifts-and-receipt-methods.ts";
import * as imageDescriptions from "./2026-11-28-770-image-descriptions.ts";
import * as tributesAndDonorWall from "./2026-11-28-780-tributes-and-donor-wall.ts";
import * as emailSeries from "./2026-11-28-790-email-series.ts";
import * as attribution from "./2026-11-28-800-attribution.ts";
import * as peopleList from "./2026-11-28-810-people-list.ts";
import * as feeCover from "./2026-11-28-830-fee-cover.ts";
import * as transferNoticeAttribution from "./2026-11-28-860-transfer-notice-attribution.ts";
import * as breachLetters from "./2026-11-28-861-breach-letters.ts";
import * as auditLabels from "./2026-11-28-880-audit-labels.ts";
import * as amharicNewsletters from "./2026-11-28-884-amharic-newsletters.ts";
import * as amharicPictureDescriptions from "./2026-11-29-883-amharic-picture-descriptions.ts";
import * as landingPages from "./2026-11-29-885-landing-pages.ts";

/**
 * Every migration, in order. Static imports (not a folder scan) so the same list works in
 * Node, in Vite's SSR build and in tests. Add new dated files at the end; never edit old ones.
 */
export const INITIAL_MIGRATION = "2026-11-21-001-initial";

export const migrations: Record<string, Migration> = {
  "2026-11-21-001-initial": initial,
  "2026-11-21-020-gallery-search": gallerySearch,
  "2026-11-21-030-staff-notifications": staffNotifications,
  "2026-11-21-040-donations": donations,
  "2026-11-22-010-jobs": jobs,
  "2026-11-22-020-admin-env-password": adminEnvPassword,
  "2026-11-22-030-staff-roles-and-audit": staffRolesAndAudit,
  "2026-11-22-040-staff-invitations": staffInvitations,
  "2026-11-22-050-session-details": sessionDetails,
  "2026-11-22-060-second-factor-and-settings": secondFactorAndSettings,
  "2026-11-22-070-audit-indexes": auditIndexes,
  "2026-11-22-080-site-content": siteContent,
  "2026-11-23-100-publishing-states": publishingStates,
  "2026-11-23-110-image-consent": imageConsent,
  "2026-11-23-200-designated-gifts": designatedGifts,
  "2026-11-23-210-offline-gifts": offlineGifts,
  "2026-11-23-220-receipts": receipts,
  "2026-11-23-230-year-statements": yearStatements,
  "2026-11-23-300-subscriber-consent": subscriberConsent,
  "2026-11-23-310-newsletters": newsletters,
  "2026-11-24-200-content-translations": contentTranslations,
  "2026-11-24-600-my-giving": myGiving,
  "2026-11-24-610-void-receipts": voidReceipts,
  "2026-11-25-200-site-content-item-ids": siteContentItemIds,
  "2026-11-28-600-single-use-links": singleUseLinks,
  "2026-11-28-600-subscriber-imports": subscriberImports,
  "2026-11-28-610-admin-list-indexes": adminListIndexes,
  "2026-11-28-640-job-interruptions": jobInterruptions,
  "2026-11-28-660-birr-giving": birrGiving,
  "2026-11-28-670-people": people,
  "2026-11-28-680-retention": retention,
  "2026-11-28-681-data-breaches": dataBreaches,
  "2026-11-28-700-monthly-gift-stewardship": monthlyGiftStewardship,
  "2026-11-28-710-visits-and-campaigns": visitsAndCampaigns,
  "2026-11-28-720-content-list-indexes": contentListIndexes,
  "2026-11-28-730-subscriber-import-files": subscriberImportFiles,
  "2026-11-28-760-test-gifts-and-receipt-methods": testGiftsAndReceiptMethods,
  "2026-11-28-770-image-descriptions": imageDescriptions,
  "2026-11-28-780-tributes-and-donor-wall": tributesAndDonorWall,
  "2026-11-28-790-email-series": emailSeries,
  "2026-11-28-800-attribution": attribution,
  "2026-11-28-810-people-list": peopleList,
  "2026-11-28-830-fee-cover": feeCover,
  "2026-11-28-860-transfer-notice-attribution": transferNoticeAttribution,
  "2026-11-28-861-breach-letters": breachLetters,
  "2026-11-28-880-audit-labels": auditLabels,
  "2026-11-28-884-amharic-newsletters": amharicNewsletters,
  "2026-11-29-883-amharic-picture-descriptions": amharicPictureDescriptions,
  "2026-11-29-885-landing-pages": landingPages,
};
