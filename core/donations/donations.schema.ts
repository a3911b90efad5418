import { z } from "zod/mini";
import { isFundId, UNKNOWN_FUND_MESSAGE } from "../funds/funds.schema.ts";
import { type Currency, formatMoney, toMinor } from "../money/money.ts";

/**
 * Donation rules and texts shared by the pop-up (public bundle: hence zod/mini) and the server.
 * Spec §4, §5, §8, §9.
 */
export const MIN_DONATION_AMOUNT = 1;
/** A ceiling against typos (an extra zero or three); larger gifts go through the bank. */
export const MAX_DONATION_AMOUNT = 100_000;
export const DONATION_CURRENCY = "usd" satisfies Currency;
export const DONATION_FREQUENCIES = ["one-time", "monthly"] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];
/** `payment_failed`: a monthly gift whose last payment failed; the provider retries it (or ends the gift). */
export const DONATION_STATUSES = ["pending", "paid", "payment_failed", "refunded", "canceled"] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

export const INVALID_AMOUNT_MESSAGE = "Please enter a valid donation amount.";
export const INVALID_FREQUENCY_MESSAGE = "Please choose one-time or monthly.";
export const DONATION_FAILED_MESSAGE = "Donation failed. Please try again.";
export const PAYMENT_PROVIDER_NAME = "Stripe";
export const REDIRECT_FAILED_MESSAGE = `Could not redirect to ${PAYMENT_PROVIDER_NAME}`;
export const CARD_UNAVAILABLE_MESSAGE =
  "Card donations are not available at the moment. You can still give by bank transfer.";
export const ACCOUNT_COPIED_MESSAGE = "Account number copied!";
export const COPY_FEEDBACK_MS = 2000;

/** Whole cents only: 19.99 is fine, 1.005 is not. */
export const isValidDonationAmount = (amount: number): boolean =>
  Number.isFinite(amount) &&
  amount >= MIN_DONATION_AMOUNT &&
  amount <= MAX_DONATION_AMOUNT &&
  toMinor(amount, DONATION_CURRENCY) !== undefined;

const optionalText = (max: number, message: string, valid: (value: string) => boolean = () => true) =>
  z.optional(
    z.nullable(
      z
        .string({ error: message })
        .check(z.refine((v) => v.trim() === "" || (v.length <= max && valid(v.trim())), { error: message })),
    ),
  );

const isEmailAddress = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/** Gifts in honour or in memory of someone (docs/decisions/0780-gifts-in-honour-or-in-memory.md). */
export const TRIBUTE_KINDS = ["honour", "memory"] as const;
export type TributeKind = (typeof TRIBUTE_KINDS)[number];
export const TRIBUTE_NAME_MAX = 100;
export const TRIBUTE_NAME_MESSAGE =
  "Please give the name of the person the gift honours or remembers (up to 100 characters).";
export const TRIBUTE_KIND_MESSAGE = "Please choose in honour or in memory.";
export const NOTIFY_EMAIL_MESSAGE = "Please enter a valid e-mail address for the person to tell, or leave it empty.";

/** The donor wall (docs/decisions/0781-donor-wall.md): a name and a short message, plain text. */
export const WALL_NAME_MAX = 60;
export const WALL_MESSAGE_MAX = 200;
export const WALL_NAME_MESSAGE = "Please keep the name for the wall under 60 characters.";
export const WALL_MESSAGE_MESSAGE = "Please keep your message for the wall under 200 characters.";

/** `tribute` and `wall` of the checkout call, card or birr alike. */
const giftExtras = () => ({
  tribute: z.optional(
    z.nullable(
      z.object({
        kind: z.enum(TRIBUTE_KINDS, { error: TRIBUTE_KIND_MESSAGE }),
        name: z
          .string({ error: TRIBUTE_NAME_MESSAGE })
          .check(
            z.refine((v) => v.trim() !== "" && v.trim().length <= TRIBUTE_NAME_MAX, { error: TRIBUTE_NAME_MESSAGE }),
          ),
        notifyName: optionalText(TRIBUTE_NAME_MAX, TRIBUTE_NAME_MESSAGE),
        notifyEmail: optionalText(254, NOTIFY_EMAIL_MESSAGE, isEmailAddress),
        showAmount: z.optional(z.nullable(z.boolean())),
      }),
    ),
  ),
  wall: z.optional(
    z.nullable(
      z.object({
        show: z.boolean(),
        displayName: optionalText(WALL_NAME_MAX, WALL_NAME_MESSAGE),
        message: optionalText(WALL_MESSAGE_MAX, WALL_MESSAGE_MESSAGE),
      }),
    ),
  ),
});

/**
 * "Add N % so all of my gift reaches the programme" (docs/decisions/0830-covering-the-fees.md): true
 * adds N % of the amount, N as staff set it; the server works the sum out, never the browser.
 */
const feeCoverField = () => ({
  coverFees: z.optional(z.nullable(z.boolean({ error: "coverFees must be true or false." }))),
});

// Built in a pure-annotated function so a browser chunk that needs only the rules above (the
// pop-up) leaves zod out: about 15 KB gzip less on a slow connection.
export const CheckoutRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    amount: z
      .number({ error: INVALID_AMOUNT_MESSAGE })
      .check(z.refine(isValidDonationAmount, { error: INVALID_AMOUNT_MESSAGE })),
    frequency: z.enum(DONATION_FREQUENCIES, { error: INVALID_FREQUENCY_MESSAGE }),
    /** A need card's id (docs/decisions/0321-funds-are-need-cards.md); absent or null: where most needed. */
    fund: z.optional(
      z.nullable(z.string({ error: UNKNOWN_FUND_MESSAGE }).check(z.refine(isFundId, { error: UNKNOWN_FUND_MESSAGE }))),
    ),
    ...giftExtras(),
    ...feeCoverField(),
  }))();

export interface CheckoutSession {
  /** The checkout session id (spec §3). */
  id: string;
  /** The hosted checkout page to send the browser to. */
  url: string;
}

/** What the thank-you page may show: read from our database, never from the address bar. */
export interface DonationReceipt {
  amountCents: number;
  /** Added to cover the fees, charged with the gift (docs/decisions/0830); 0: none. */
  feeCoverCents: number;
  currency: string;
  frequency: DonationFrequency;
  status: DonationStatus;
  /** The fund's title; null: where most needed. */
  fund: string | null;
  /** The fund's id (its thank-you message is looked up by it); null: where most needed. */
  fundId: string | null;
  /** Whether we know where to send the receipt (the provider tells us the donor's address). */
  hasDonorEmail: boolean;
}

/** One row of the admin ledger. */
export interface Donation {
  _id: string;
  provider: string;
  frequency: DonationFrequency;
  status: DonationStatus;
  /** The gift itself, per payment. */
  amountCents: number;
  /** Added to each payment to cover the fees (docs/decisions/0830); 0: none. */
  feeCoverCents: number;
  currency: string;
  donorEmail: string | null;
  donorName: string | null;
  /** The need card the gift is for; null: where most needed. */
  fundId: string | null;
  /** How the donor paid: card (Stripe), or as Chapa's verification reports it (telebirr, cbe-birr, mpesa, bank, card); null: not known yet. */
  method: string | null;
  /** The newest receipt sent for it, to resend; null when none (no e-mail address yet). */
  receiptId: string | null;
  /** Payments that arrived (1 for a paid one-time gift, one per month for a pledge). */
  paymentCount: number;
  /** Received minus refunded, in cents: the gift itself, without the fee cover. */
  receivedCents: number;
  /** The fee cover received with it (not refunded), in cents of its currency. */
  receivedFeeCoverCents: number;
  /** What it counts for in US cents (birr at the rate of the day they came); null: birr with no rate set. */
  receivedUsdCents: number | null;
  /** Birr per dollar its birr payment was counted at; null for dollars. */
  etbPerUsd: string | null;
  createdAt: string;
  paidAt: string | null;
  endedAt: string | null;
  /** A test gift (no money stands behind it): counted nowhere, labelled "Test" in the ledger. */
  test: boolean;
  /** Given in honour or in memory of someone (docs/decisions/0780); null: not. */
  tribute: DonationTribute | null;
}

/** A gift's tribute as the ledger shows it. */
export interface DonationTribute {
  kind: TributeKind;
  name: string;
  /** "In memory of Abebe": as the receipt and the year statement say it. */
  line: string;
  notifyName: string | null;
  notifyEmail: string | null;
  /** The card may say the amount. */
  showAmount: boolean;
  /** When the card e-mail was queued; null: not (yet), or nobody to tell. */
  cardQueuedAt: string | null;
}

export interface DonationTotals {
  currency: string;
  /** Net received since the first of this month (UTC). */
  thisMonthCents: number;
  /** Net received in the last 12 months. */
  last12MonthsCents: number;
  /** Monthly pledges that are paid and not canceled. */
  activeMonthlyDonors: number;
}

export interface DonationLedger {
  donations: Donation[];
  totals: DonationTotals;
}

/** What the thank-you page shows of a donation (amount already formatted for people). */
export interface ReceiptView {
  status: DonationStatus;
  amount: string;
  /** What was added to cover the fees, formatted; null: nothing. */
  feeCover: string | null;
  frequency: DonationFrequency;
  /** The fund's title; null: where most needed. */
  fund: string | null;
  /** A paid gift whose receipt is e-mailed (we have the address and the site sends e-mail). */
  receiptByEmail: boolean;
  /** Paid in birr through Chapa: the page names Chapa, not a card provider, while it waits. */
  inBirr: boolean;
}

export const receiptView = (receipt: DonationReceipt, { sendsEmail }: { sendsEmail: boolean }): ReceiptView => ({
  status: receipt.status,
  amount: formatMoney(receipt.amountCents, receipt.currency),
  feeCover: receipt.feeCoverCents > 0 ? formatMoney(receipt.feeCoverCents, receipt.currency) : null,
  frequency: receipt.frequency,
  fund: receipt.fund,
  receiptByEmail: sendsEmail && receipt.hasDonorEmail && receipt.status === "paid",
  inBirr: receipt.currency === BIRR_CURRENCY,
});

/** Birr gifts through Chapa (docs/decisions/0660-birr-giving-through-chapa.md): one-time only. */
export const BIRR_CURRENCY = "etb" satisfies Currency;
/** A ceiling against typos, as for dollars; larger gifts go through the bank. */
export const MAX_BIRR_AMOUNT = 1_000_000;
export const INVALID_PHONE_MESSAGE = "Please enter an Ethiopian phone number starting 09 or 07, or leave it empty.";
export const INVALID_EMAIL_MESSAGE = "Please enter a valid e-mail address, or leave it empty.";
export const BIRR_ONE_TIME_MESSAGE = "Gifts in birr are one-time gifts.";
export const BIRR_UNAVAILABLE_MESSAGE =
  "Paying in birr is not available at the moment. You can still give by bank transfer.";

/** How a donor paid online, as the ledger names and filters it (Chapa reports the birr ones). */
export const PAID_WITH_LABELS = {
  card: "Card",
  telebirr: "telebirr",
  "cbe-birr": "CBE Birr",
  mpesa: "M-Pesa",
  bank: "Bank",
} as const;
export type PaidWith = keyof typeof PAID_WITH_LABELS;

/** Whole santim only, from 1 birr to the ceiling. */
export const isValidBirrAmount = (amount: number): boolean =>
  Number.isFinite(amount) &&
  amount >= MIN_DONATION_AMOUNT &&
  amount <= MAX_BIRR_AMOUNT &&
  toMinor(amount, BIRR_CURRENCY) !== undefined;

/** An Ethiopian mobile number as donors write it: 09… or 07…, ten digits; spaces and dashes ignored. */
export const normalisePhone = (text: string): string => text.replace(/[\s-]/g, "");
export const isEthiopianPhone = (text: string): boolean => /^0[79]\d{8}$/.test(normalisePhone(text));

/**
 * `POST /api/payments/create-checkout-session` with `"currency": "ETB"`: the amount in birr, as the
 * card call's is in dollars. Without `currency` the body is the card call's (CheckoutRequestSchema).
 */
export const BirrCheckoutRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    currency: z.literal("ETB"),
    amount: z
      .number({ error: INVALID_AMOUNT_MESSAGE })
      .check(z.refine(isValidBirrAmount, { error: INVALID_AMOUNT_MESSAGE })),
    frequency: z.optional(z.literal("one-time", { error: BIRR_ONE_TIME_MESSAGE })),
    fund: z.optional(
      z.nullable(z.string({ error: UNKNOWN_FUND_MESSAGE }).check(z.refine(isFundId, { error: UNKNOWN_FUND_MESSAGE }))),
    ),
    email: optionalText(254, INVALID_EMAIL_MESSAGE, isEmailAddress),
    name: optionalText(100, "Please keep your name under 100 characters."),
    phone: optionalText(20, INVALID_PHONE_MESSAGE, isEthiopianPhone),
    ...giftExtras(),
    ...feeCoverField(),
  }))();
