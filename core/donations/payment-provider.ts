import type { Attribution } from "../campaigns/attribution.ts";
import type { DonationFrequency } from "./donations.schema.ts";

/** What a provider needs to open a hosted checkout for one donation. */
export interface CheckoutRequestForProvider {
  donationId: string;
  amountCents: number;
  currency: string;
  frequency: DonationFrequency;
  /** The fund the donor chose (a need card's id); null: where most needed. Carried in the metadata. */
  fund?: string | null;
  /** Contains `{CHECKOUT_SESSION_ID}`, which the provider replaces. */
  successUrl: string;
  cancelUrl: string;
  /** Where the provider calls when the payment settles (Chapa's `callback_url`), if it calls at all. */
  notifyUrl?: string;
  /** What the donor typed on our form (birr gifts): Chapa's checkout starts with it filled in. */
  donor?: { email: string | null; name: string | null; phone: string | null };
  /** Where the donor first came from: carried in the metadata (docs/decisions/0800-attribution.md). */
  attribution?: Attribution | null;
}

/**
 * What the provider says of a checkout when asked (Chapa's verify). Only this makes a birr gift
 * paid; a notification or the donor's return is merely the reason to ask.
 */
export type CheckoutVerification =
  | {
      status: "paid";
      /** The provider's own reference of the payment. */
      reference: string;
      amountMinor: number;
      /** Lower case, as our rows keep it ("etb"). */
      currency: string;
      /** How the donor paid, in our words: telebirr, cbe-birr, mpesa, bank or card. */
      method: string | null;
      email: string | null;
      name: string | null;
    }
  /** The donor's payment failed or was cancelled: the checkout will not be paid. */
  | { status: "failed" }
  /** Not settled yet (a USSD prompt not answered, a bank still confirming). */
  | { status: "pending" }
  /** The provider knows no such checkout (the donor never reached it). */
  | { status: "unknown" };

/**
 * A provider's notifications in our own terms. Stripe's webhooks and the sandbox's Pay button both
 * produce these, and the donations service applies them in one place (`applyEvent`).
 * `donationId` is our id as carried in the provider's metadata, when it carries it.
 */
export type PaymentEvent =
  | {
      type: "checkout.completed";
      id: string;
      occurredAt: string;
      donationId: string | undefined;
      sessionId: string;
      frequency: DonationFrequency;
      /** False while an asynchronous payment method is still settling. */
      paid: boolean;
      amountCents: number;
      currency: string;
      email: string | null;
      name: string | null;
      customerId: string | null;
      subscriptionId: string | null;
      /** The invoice (monthly) or payment intent (one-time) this checkout paid. */
      paymentReference: string | null;
      paymentIntentId: string | null;
      /** The fund as the provider's metadata carries it; undefined when it carries none. */
      fund?: string | undefined;
      /** How the donor paid, when the provider reports it (Chapa: telebirr, cbe-birr, mpesa, bank, card). */
      method?: string | null | undefined;
      /** The provider's test mode (Stripe's `livemode: false`): no money moved. */
      test?: boolean | undefined;
    }
  | {
      /** The checkout ended without payment (expired, or its delayed payment failed). */
      type: "checkout.expired";
      id: string;
      occurredAt: string;
      donationId: string | undefined;
      sessionId: string;
    }
  | {
      type: "invoice.paid";
      id: string;
      occurredAt: string;
      donationId: string | undefined;
      subscriptionId: string;
      invoiceId: string;
      amountCents: number;
      currency: string;
      email: string | null;
      customerId: string | null;
      fund?: string | undefined;
      /** The provider's test mode (Stripe's `livemode: false`): no money moved. */
      test?: boolean | undefined;
    }
  | {
      /** A monthly payment failed; the provider retries it on its own schedule. */
      type: "invoice.payment_failed";
      id: string;
      occurredAt: string;
      donationId: string | undefined;
      subscriptionId: string;
      invoiceId: string;
      /** Where the donor can pay this invoice with another card (Stripe's hosted invoice page). */
      updateCardUrl: string | null;
    }
  | {
      type: "charge.refunded";
      id: string;
      occurredAt: string;
      donationId: string | undefined;
      paymentIntentId: string;
      amountCents: number;
      /** Cumulative: the total refunded so far on this charge. */
      refundedCents: number;
      currency: string;
    }
  | {
      /** A monthly gift's amount, or its pause, changed (the donor changed it on "My giving"). */
      type: "subscription.changed";
      id: string;
      occurredAt: string;
      donationId: string | undefined;
      subscriptionId: string;
      /** The monthly amount; absent when the event is only about a pause. */
      amountCents?: number;
      currency?: string;
      /** A pause's end ('yyyy-MM-dd'), null when it runs; undefined when the event does not say. */
      pausedUntil?: string | null;
    }
  | {
      /** Stopped by the donor, or ended by the provider after its last retry failed. */
      type: "subscription.ended";
      id: string;
      occurredAt: string;
      donationId: string | undefined;
      subscriptionId: string;
    };

export interface PaymentProvider {
  readonly name: "stripe" | "sandbox" | "chapa";
  /**
   * Its gifts are test gifts from the start, counted nowhere: the sandbox where the site says so. Stripe's
   * are known by their events instead (`livemode: false`), the word of the account that took them.
   */
  readonly testGifts?: boolean;
  createCheckout(request: CheckoutRequestForProvider): Promise<{ id: string; url: string }>;
  /**
   * Verifies a webhook delivery (raw body + signature header) and translates it; null for event
   * types we do not act on. Rejects with WebhookSignatureError when it cannot be trusted.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | null>;
  /** The invoice a payment intent paid (monthly renewals), to match a refund to its payment. */
  invoiceForPaymentIntent(paymentIntentId: string): Promise<string | undefined>;
  /**
   * Asks the provider to stop a monthly gift, or to bill a new amount from the next month on
   * ("My giving"). Nothing in the ledger changes here: the provider's event does that later. Stripe's
   * arrives as a webhook (null here); the sandbox returns the event it will deliver, which the
   * donations service queues as a job, so the sandbox behaves like Stripe, asynchronously.
   */
  changeSubscription(
    subscription: { subscriptionId: string; donationId: string },
    change: SubscriptionChange,
  ): Promise<PaymentEvent | null>;
  /**
   * Asks the provider how a checkout stands (providers whose notifications carry no trust of their
   * own: Chapa). Rejects when the provider cannot be reached or answers with an error of its own.
   */
  verifyCheckout?(reference: string): Promise<CheckoutVerification>;
  /**
   * The checkout reference a notification names, once its signature is checked; undefined when it
   * names none. Rejects with WebhookSignatureError when it cannot be trusted.
   */
  notifiedReference?(rawBody: Buffer, signature: string | undefined): string | undefined;

  /**
   * A page where the donor replaces the card of a monthly gift (Stripe's customer portal, the sandbox's
   * own page); `returnUrl` is where it sends them back. The card never reaches our server.
   */
  cardUpdateUrl?(
    subscription: { donationId: string; customerId: string | null },
    returnUrl: string,
  ): Promise<string | undefined>;
}

/**
 * What a donor may ask of a monthly gift: stop it, bill a new amount, pause it until a day
 * ('yyyy-MM-dd', the first payment after the pause), or resume it now.
 */
export type SubscriptionChange =
  | { stop: true }
  | { amountCents: number; currency: string }
  | { pauseUntil: string }
  | { resume: true };

export class WebhookSignatureError extends Error {}
