import { z } from "zod";

/**
 * "My giving" (docs/decisions/0460-my-giving.md): texts and input shapes shared by the
 * API and the page.
 */

export const GIVING_EMAIL_MESSAGE = "Enter the e-mail address you gave with.";
export const GIVING_LINK_SENT_MESSAGE =
  "If we have gifts from that address, we have sent it a sign-in link. It works once, within 15 minutes.";
export const GIVING_UNAVAILABLE_MESSAGE =
  "This site cannot send e-mail yet, so My giving is not available. Please write to us instead.";
export const GIVING_LINK_ENDED_MESSAGE =
  "This sign-in link has expired or has already been used. Ask for a new one below.";
export const GIVING_SIGNED_OUT_MESSAGE = "Your session on My giving has ended. Ask for a new sign-in link below.";
export const GIVING_AMOUNT_MESSAGE = "Enter an amount in US dollars between $1 and $100,000, e.g. 25 or 25.50.";
export const GIVING_STOP_REQUESTED_MESSAGE =
  "We have asked our payment provider to stop your monthly gift. It shows as stopped here once they confirm.";
export const GIVING_CHANGE_REQUESTED_MESSAGE =
  "We have asked our payment provider to change your monthly amount. The new amount shows here once they confirm.";
export const GIVING_PAUSE_REQUESTED_MESSAGE =
  "We have asked our payment provider to pause your monthly gift. It shows as paused here once they confirm.";
export const GIVING_RESUME_REQUESTED_MESSAGE =
  "We have asked our payment provider to resume your monthly gift. It shows as running here once they confirm.";
export const GIVING_PAUSE_MESSAGE = "Choose a pause of 1, 2 or 3 months.";
export const GIVING_TOO_MANY_MESSAGE = "Too many requests from here. Please wait a few minutes and try again.";

export const GivingLinkRequestSchema = z.object({
  email: z
    .string({ error: GIVING_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(254, GIVING_EMAIL_MESSAGE)
    .pipe(z.email({ error: GIVING_EMAIL_MESSAGE })),
});

export const GivingTokenSchema = z.object({ token: z.string().min(20).max(200) });

/** A pause skips the next 1–3 monthly payments (docs/decisions/0700). */
export const GivingPauseSchema = z.object({
  months: z.coerce
    .number({ error: GIVING_PAUSE_MESSAGE })
    .int(GIVING_PAUSE_MESSAGE)
    .min(1, GIVING_PAUSE_MESSAGE)
    .max(3, GIVING_PAUSE_MESSAGE),
});

export const GivingAmountSchema = z.object({ amount: z.string({ error: GIVING_AMOUNT_MESSAGE }).max(20) });

/** One receipt as the donor sees it. */
export interface GivingReceipt {
  id: string;
  number: string;
  /** Voided receipts keep their number (numbers stay gap-free) and say VOID. */
  voided: boolean;
}

/** One gift on "My giving": a card gift (one-time or monthly) or an offline gift. */
export interface GivingGift {
  id: string;
  kind: "card" | "offline";
  frequency: "one-time" | "monthly" | "offline";
  /** Card gifts: paid | refunded | canceled; offline gifts: received. */
  status: string;
  /** For a monthly gift, each month's amount (the current one); otherwise the gift. Minor units. */
  amountMinor: number;
  /** Added to it (each month, for a monthly gift) to cover the fees (docs/decisions/0830); 0: none. */
  feeCoverMinor: number;
  currency: string;
  /** The need's title; null: where most needed. */
  fund: string | null;
  /** 'yyyy-MM-dd': when it was given (a monthly gift: when it started). */
  date: string;
  /** Monthly gifts: payments so far. */
  payments: number;
  /** A running monthly gift: the date of its next payment ('yyyy-MM-dd'). */
  nextDate: string | null;
  /** A running monthly gift the donor may stop, change or pause here. */
  changeable: boolean;
  /** A running monthly gift: the day of the month it is taken (the day it started, as Stripe bills). */
  billingDay: number | null;
  /** A paused monthly gift: the day ('yyyy-MM-dd') collection starts again; null when not paused. */
  pausedUntil: string | null;
  /** A monthly gift whose last payment failed: the provider retries it once the card is updated. */
  paymentFailed: boolean;
  /** 'yyyy-MM-dd' a monthly gift stopped or a gift was refunded. */
  endedOn: string | null;
  receipts: GivingReceipt[];
}

export interface GivingOverview {
  email: string;
  gifts: GivingGift[];
  /** When the donor's session ends (ISO). */
  sessionEndsAt: string;
}

/** The donor's session cookie: httpOnly, SameSite=Strict, apart from staff sign-in (bearer tokens). */
export const GIVING_COOKIE = "hbb_giving";

/** What /giving?error=… says after a form post that did not work (the page works without JavaScript). */
export const GIVING_FORM_ERRORS = {
  email: GIVING_EMAIL_MESSAGE,
  link: GIVING_LINK_ENDED_MESSAGE,
  "signed-out": GIVING_SIGNED_OUT_MESSAGE,
  unavailable: GIVING_UNAVAILABLE_MESSAGE,
  busy: GIVING_TOO_MANY_MESSAGE,
  amount: GIVING_AMOUNT_MESSAGE,
  pause: GIVING_PAUSE_MESSAGE,
  "not-running": "This monthly gift is not running, so it cannot be changed.",
  provider: "We could not reach the payment provider. Please try again in a few minutes.",
  "not-found": "That gift or receipt is not one of yours.",
} as const;
export type GivingFormError = keyof typeof GIVING_FORM_ERRORS;
