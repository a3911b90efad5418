import type { EmailContent } from "../email/render-email.ts";

/** How long a confirmation link works; an address still pending after that is removed. */
export const CONFIRM_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A second click on Subscribe within this time sends no second e-mail. */
export const CONFIRM_RESEND_AFTER_MS = 10 * 60 * 1000;

export function confirmationMail(url: string): EmailContent {
  return {
    subject: "Confirm your subscription to the Hope Behind Bars newsletter",
    preview: "One click and you will hear from us a few times a year.",
    heading: "Please confirm your subscription",
    intro: [
      "Someone, hopefully you, asked to receive the Hope Behind Bars newsletter at this address: news from our programmes, a few times a year.",
    ],
    action: { label: "Yes, subscribe me", url },
    footer: [
      "The link works once, within 7 days. If you did not ask for this, ignore this e-mail: you will not be subscribed.",
    ],
  };
}
