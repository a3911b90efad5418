/** Zod-free: the admin screens and public pages import these. */

/**
 * The versions pattern's states (core/versions: draft | scheduled | published) with the step a
 * newsletter has that a page has not: `sending`, while its deliveries go out. `sent` is published.
 */
export const NEWSLETTER_STATES = ["draft", "scheduled", "sending", "sent"] as const;
export type NewsletterState = (typeof NEWSLETTER_STATES)[number];

export const NEWSLETTER_STATE_LABELS: Record<NewsletterState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
};

/**
 * `sending`: handed to the mail server, answer not recorded yet (a crash here is resent on resume);
 * `skipped`: the person unsubscribed between the freeze and their turn.
 */
export const DELIVERY_STATUSES = ["queued", "sending", "sent", "failed", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const NEWSLETTER_NOT_FOUND_MESSAGE = "Newsletter not found.";
export const ONLY_DRAFTS_MESSAGE = "This newsletter is being sent or was sent; it can no longer be changed.";
export const MAIL_NOT_SET_UP_MESSAGE = "E-mail is not set up on this site (SMTP), so newsletters cannot be sent.";
export const NO_RECIPIENTS_MESSAGE = "There are no confirmed subscribers to send to.";
