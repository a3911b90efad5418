import { z } from "zod";
import { CURRENCIES, type Currency, parseAmount, parseEtbPerUsd } from "../money/money.ts";
import { isCalendarDate } from "../shared/calendar-days.ts";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../shared/email.ts";
import { HONEYPOT_FIELD } from "../shared/honeypot.ts";

/** docs/decisions/0322-offline-gifts-and-pledges.md: gifts that did not come through the card checkout, and donors' transfer notices. */

export const GIFT_METHODS = ["bank-transfer", "cash", "cheque"] as const;
export type GiftMethod = (typeof GIFT_METHODS)[number];
export const GIFT_METHOD_LABELS: Record<GiftMethod, string> = {
  "bank-transfer": "Bank transfer",
  cash: "Cash",
  cheque: "Cheque",
};

export const PLEDGE_STATUSES = ["pending", "confirmed", "dismissed"] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];

export const OFFLINE_GIFT_MESSAGES = {
  date: "Please enter a real date (yyyy-MM-dd).",
  method: "Please choose how the gift came.",
  amount: "Please enter an amount greater than zero, with at most two decimals.",
  currency: "Please choose ETB or USD.",
  rate: "Please enter the day's rate in birr per US dollar, e.g. 155.42.",
  email: "Please enter a valid email address.",
  name: "Please enter your name.",
  reference: "Please enter the bank's reference for the transfer.",
  notFound: "That gift is not recorded (it may have been deleted).",
  pledgeNotFound: "That transfer notice is not there any more.",
  pledgeDecided: "This transfer notice was already confirmed or dismissed.",
  pledgeThanks: "Thank you! We will confirm your gift by e-mail when the transfer shows in our bank statement.",
} as const;

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .nullish()
    .transform((value) => value || null);

const calendarDate = z
  .string({ error: OFFLINE_GIFT_MESSAGES.date })
  .trim()
  .refine(isCalendarDate, OFFLINE_GIFT_MESSAGES.date);

const currency = z.enum(CURRENCIES, { error: OFFLINE_GIFT_MESSAGES.currency });

/** Typed as text or sent as a number; read exactly, never through a float. */
const amountText = z.union([z.string(), z.number()], { error: OFFLINE_GIFT_MESSAGES.amount }).transform(String);

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, OFFLINE_GIFT_MESSAGES.email)
  .refine((value) => value === "" || EMAIL_PATTERN.test(value), OFFLINE_GIFT_MESSAGES.email);

/** Amount + currency → minor units; a failure is reported on `amount`. */
function withMinor<T extends { amount: string; currency: Currency }>(input: T, context: z.RefinementCtx) {
  const minor = parseAmount(input.amount, input.currency);
  if (minor === undefined || minor <= 0) {
    context.addIssue({ code: "custom", message: OFFLINE_GIFT_MESSAGES.amount, path: ["amount"] });
    return z.NEVER;
  }
  return { ...input, amountMinor: minor };
}

export const OfflineGiftInputSchema = z
  .object({
    receivedOn: calendarDate,
    method: z.enum(GIFT_METHODS, { error: OFFLINE_GIFT_MESSAGES.method }),
    amount: amountText,
    currency,
    /** Birr per dollar that day; required for ETB, ignored for USD. */
    etbPerUsd: z.string().trim().nullish(),
    fund: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null),
    donorName: optional(200),
    donorEmail: email.nullish().transform((value) => value || null),
    reference: optional(100),
    note: optional(1000),
  })
  .transform((input, context) => {
    let rate: string | null = null;
    if (input.currency === "etb") {
      rate = parseEtbPerUsd(input.etbPerUsd ?? "") ?? null;
      if (!rate) context.addIssue({ code: "custom", message: OFFLINE_GIFT_MESSAGES.rate, path: ["etbPerUsd"] });
    }
    const parsed = withMinor(input, context);
    return parsed === z.NEVER ? z.NEVER : { ...parsed, etbPerUsd: rate };
  });
export type OfflineGiftInput = z.output<typeof OfflineGiftInputSchema>;

/** "Tell us about your transfer" on the pop-up's Local tab (public). */
export const PledgeInputSchema = z
  .object({
    name: z.string({ error: OFFLINE_GIFT_MESSAGES.name }).trim().min(1, OFFLINE_GIFT_MESSAGES.name).max(200),
    email: z.string({ error: OFFLINE_GIFT_MESSAGES.email }).trim().min(1, OFFLINE_GIFT_MESSAGES.email).pipe(email),
    amount: amountText,
    currency,
    transferredOn: calendarDate,
    bankReference: z
      .string({ error: OFFLINE_GIFT_MESSAGES.reference })
      .trim()
      .min(1, OFFLINE_GIFT_MESSAGES.reference)
      .max(100, "Please keep this under 100 characters."),
    [HONEYPOT_FIELD]: z.string().max(1000).optional(),
  })
  .transform((input, context) => withMinor(input, context));

/** What staff add when a pledge's money shows in the statement. */
export const PledgeConfirmSchema = z.object({
  receivedOn: calendarDate,
  etbPerUsd: z.string().trim().nullish(),
  fund: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null),
  note: optional(1000),
});

/** One offline gift as the API and the back office show it. */
export interface OfflineGift {
  _id: string;
  receivedOn: string;
  method: GiftMethod;
  amountMinor: number;
  currency: Currency;
  etbPerUsd: string | null;
  usdCents: number;
  fundId: string | null;
  donorName: string | null;
  donorEmail: string | null;
  reference: string | null;
  note: string | null;
  pledgeId: string | null;
  /** Its receipt, once one was issued (a gift with an e-mail address), to resend. */
  receiptId: string | null;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export interface Pledge {
  _id: string;
  donorName: string;
  donorEmail: string;
  amountMinor: number;
  currency: Currency;
  transferredOn: string;
  bankReference: string;
  status: PledgeStatus;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}
