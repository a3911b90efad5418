import type { AuditLogTable } from "../core/audit/audit.table.ts";
import type { AdminSessionTable, AdminUserTable, LoginThrottleTable } from "../core/auth/auth.table.ts";
import type { BlogPostTable } from "../core/blogs/blogs.table.ts";
import type { CampaignTable } from "../core/campaigns/campaigns.table.ts";
import type { ImageConsentTable } from "../core/consent/consent.table.ts";
import type { DonationPaymentTable, DonationTable, PaymentEventTable } from "../core/donations/donations.table.ts";
import type { DonationTributeTable, DonorWallEntryTable } from "../core/donations/tributes.table.ts";
import type {
  EmailSeriesEnrolmentTable,
  EmailSeriesSendTable,
  EmailSeriesStepTable,
} from "../core/email-series/email-series.table.ts";
import type { GalleryImageTable, GalleryItemTable } from "../core/gallery/gallery.table.ts";
import type { DonorSessionTable } from "../core/giving/giving.table.ts";
import type { JobTable } from "../core/jobs/jobs.table.ts";
import type { ContactMessageTable } from "../core/messages/messages.table.ts";
import type { NewsletterDeliveryTable, NewsletterTable } from "../core/newsletters/newsletters.table.ts";
import type { GiftPledgeTable, OfflineGiftTable } from "../core/offline-gifts/offline-gifts.table.ts";
import type {
  ErasureTable,
  PersonChangeTable,
  PersonExportTable,
  PersonTable,
  SuppressedAddressTable,
} from "../core/people/people.table.ts";
import type { DataBreachTable } from "../core/personal-data/breaches.table.ts";
import type { PublicationTable } from "../core/publications/publications.table.ts";
import type { ReceiptCounterTable, ReceiptTable, StatementSendTable } from "../core/receipts/receipts.table.ts";
import type {
  LoginTicketTable,
  StaffPasskeyTable,
  StaffRecoveryCodeTable,
  StaffTotpTable,
  WebauthnChallengeTable,
} from "../core/second-factor/second-factor.table.ts";
import type { SettingTable } from "../core/settings/settings.table.ts";
import type { SingleUseLinkTable } from "../core/single-use-links/single-use-links.table.ts";
import type { StaffInvitationTable } from "../core/staff/staff.table.ts";
import type {
  SubscriberImportFileTable,
  SubscriberImportTable,
  SubscriberTable,
} from "../core/subscribers/subscribers.table.ts";
import type { ContentTranslationTable } from "../core/translations/translations.table.ts";
import type { DocumentVersionTable, VersionedDocumentTable } from "../core/versions/versions.table.ts";
import type { VideoTable } from "../core/videos/videos.table.ts";
import type { PageViewTable, VisitDayTable, VisitSaltTable } from "../core/visits/visits.table.ts";
import type { VolunteerApplicationTable } from "../core/volunteers/volunteers.table.ts";

/** Every table Kysely knows about. Features add their table types here. */
export interface Database {
  admin_users: AdminUserTable;
  admin_sessions: AdminSessionTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  staff_invitations: StaffInvitationTable;
  single_use_links: SingleUseLinkTable;
  blog_posts: BlogPostTable;
  publications: PublicationTable;
  gallery_items: GalleryItemTable;
  gallery_images: GalleryImageTable;
  videos: VideoTable;
  volunteer_applications: VolunteerApplicationTable;
  contact_messages: ContactMessageTable;
  subscribers: SubscriberTable;
  subscriber_imports: SubscriberImportTable;
  subscriber_import_files: SubscriberImportFileTable;
  newsletters: NewsletterTable;
  newsletter_deliveries: NewsletterDeliveryTable;
  jobs: JobTable;
  donations: DonationTable;
  donation_payments: DonationPaymentTable;
  donation_tributes: DonationTributeTable;
  donor_wall_entries: DonorWallEntryTable;
  payment_events: PaymentEventTable;
  offline_gifts: OfflineGiftTable;
  donor_sessions: DonorSessionTable;
  gift_pledges: GiftPledgeTable;
  receipts: ReceiptTable;
  receipt_counters: ReceiptCounterTable;
  image_consents: ImageConsentTable;
  statement_sends: StatementSendTable;
  versioned_documents: VersionedDocumentTable;
  document_versions: DocumentVersionTable;
  settings: SettingTable;
  staff_totp: StaffTotpTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_passkeys: StaffPasskeyTable;
  login_tickets: LoginTicketTable;
  webauthn_challenges: WebauthnChallengeTable;
  content_translations: ContentTranslationTable;
  people: PersonTable;
  people_changes: PersonChangeTable;
  suppressed_addresses: SuppressedAddressTable;
  people_exports: PersonExportTable;
  erasures: ErasureTable;
  visit_salts: VisitSaltTable;
  page_views: PageViewTable;
  visit_days: VisitDayTable;
  campaigns: CampaignTable;
  data_breaches: DataBreachTable;
  email_series_steps: EmailSeriesStepTable;
  email_series_enrolments: EmailSeriesEnrolmentTable;
  email_series_sends: EmailSeriesSendTable;
}
