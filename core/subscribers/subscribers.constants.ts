/** Zod-free: the admin screen and the public pages import these. */

/**
 * `pending`: asked to subscribe, has not opened the confirmation link yet; `confirmed`: gets
 * newsletters; `unsubscribed`: asked to stop, kept so nothing mails the address again.
 */
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

export const CONFIRM_LINK_ENDED_MESSAGE =
  "This confirmation link has expired or was already used. Subscribe again to get a new one.";
export const UNSUBSCRIBE_LINK_INVALID_MESSAGE =
  "This unsubscribe link is not valid. Please use the link from your e-mail.";
