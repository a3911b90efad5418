import type Stripe from "stripe";
import type { StripeConfig } from "../../config/env.ts";
import { attributionMetadata } from "../campaigns/attribution.ts";
import { isFundId } from "../funds/funds.schema.ts";
import { type Clock, systemClock } from "../shared/clock.ts";
import type { DonationFrequency } from "./donations.schema.ts";
import {
  type CheckoutRequestForProvider,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from "./payment-provider.ts";

const PRODUCT_NAMES: Record<DonationFrequency, string> = {
  "one-time": "Donation to Hope Behind Bars",
  monthly: "Monthly donation to Hope Behind Bars",
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** Stripe's default: a signed delivery is trusted only within 5 minutes of its signing time. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signing time (`t=`) of a `stripe-signature` header, in Unix seconds. */
const signedAt = (header: string): number | undefined => {
  const match = /(?:^|,)\s*t=(\d+)\s*(?:,|$)/.exec(header);
  return match ? Number(match[1]) : undefined;
};

/**
 * Stripe's HTTP client pointed at `apiUrl` when given (stripe-mock, a recording test server). The
 * SDK is loaded by the first checkout or webhook, not at start (docs/decisions/0554).
 */
async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: Stripe } = await import("stripe");
  const target = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === "http:" ? 80 : 443),
      protocol: target.protocol === "http:" ? "http" : "https",
    }),
  });
}

/** Stripe Checkout: `payment` mode for one-time gifts, `subscription` with a monthly price for monthly. */
export function createStripeProvider({
  config,
  clock = systemClock,
}: {
  config: StripeConfig;
  clock?: Clock;
}): PaymentProvider {
  let client: Promise<Stripe> | undefined;
  const sdk = () => {
    client ??= createStripeClient(config);
    return client;
  };
  return {
    name: "stripe",

    async createCheckout(request: CheckoutRequestForProvider) {
      // Metadata values are strings; an absent fund is simply not there ("where most needed").
      const metadata: Record<string, string> = {
        donation_id: request.donationId,
        ...(request.fund && { fund: request.fund }),
        ...attributionMetadata(request.attribution),
      };
      const monthly = request.frequency === "monthly";
      const priceData: Stripe.Checkout.SessionCreateParams.LineItem.PriceData = {
        currency: request.currency,
        unit_amount: request.amountCents,
        product_data: { name: PRODUCT_NAMES[request.frequency] },
        ...(monthly && { recurring: { interval: "month" as const } }),
      };
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.create(
        {
          mode: monthly ? "subscription" : "payment",
          line_items: [{ quantity: 1, price_data: priceData }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.donationId,
          metadata,
          // Metadata on the subscription reaches its invoices; on the payment intent, its charge.
          ...(monthly
            ? { subscription_data: { metadata } }
            : { submit_type: "donate" as const, payment_intent_data: { metadata } }),
        },
        // A retried request (network blip) must not open a second session.
        { idempotencyKey: `checkout-${request.donationId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    async parseWebhook(rawBody, signature) {
      const stripe = await sdk();
      let event: Stripe.Event;
      const receivedAt = clock().getTime();
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? "",
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAt,
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "invalid signature");
      }
      // The SDK refuses only deliveries signed too long ago; one "signed" in the future is as
      // untrustworthy (a replay window that has not even started), so the tolerance holds both ways.
      const signedSeconds = signedAt(signature ?? "");
      if (signedSeconds === undefined || signedSeconds - Math.floor(receivedAt / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookSignatureError("Timestamp outside the tolerance zone");
      }
      return toPaymentEvent(event);
    },

    async invoiceForPaymentIntent(paymentIntentId) {
      const stripe = await sdk();
      const payments = await stripe.invoicePayments.list({
        payment: { type: "payment_intent", payment_intent: paymentIntentId },
        limit: 1,
      });
      return idOf(payments.data[0]?.invoice) ?? undefined;
    },

    // Stripe's subscription API; the ledger changes when Stripe's webhook reports the result
    // (customer.subscription.deleted / .updated), never here.
    async changeSubscription({ subscriptionId }, change) {
      const stripe = await sdk();
      if ("stop" in change) {
        await stripe.subscriptions.cancel(subscriptionId);
        return null;
      }
      if ("pauseUntil" in change || "resume" in change) {
        // Invoices during the pause are voided (nothing is owed later); collection resumes on the day.
        await stripe.subscriptions.update(subscriptionId, {
          pause_collection:
            "pauseUntil" in change
              ? { behavior: "void", resumes_at: Math.floor(Date.parse(`${change.pauseUntil}T00:00:00Z`) / 1000) }
              : "",
        });
        return null;
      }
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
      await stripe.subscriptions.update(subscriptionId, {
        items: [
          {
            id: item.id,
            price_data: {
              currency: change.currency,
              unit_amount: change.amountCents,
              product: idOf(item.price.product) ?? "",
              recurring: { interval: "month" },
            },
          },
        ],
        // The new amount applies from the next monthly payment; nothing is charged or credited now.
        proration_behavior: "none",
      });
      return null;
    },

    // A portal session opened straight at "update payment method"; without a customer (never in
    // practice for a subscription), the portal's login link from the settings.
    async cardUpdateUrl({ customerId }, returnUrl) {
      if (!customerId) return config.portalUrl;
      const stripe = await sdk();
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        flow_data: { type: "payment_method_update" },
      });
      return session.url;
    },
  };
}

/** The fund a checkout's metadata names, if it is a well-formed fund id. */
const fundOf = (metadata: Stripe.Metadata | null | undefined): string | undefined =>
  isFundId(metadata?.fund) ? metadata.fund : undefined;

/** Stripe's event → ours; null for types we ignore. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  const base = { id: event.id, occurredAt: iso(event.created) };
  // Test mode: the gift counts nowhere (docs/decisions/0760-test-gifts-count-nowhere.md).
  const test = event.livemode === false ? { test: true } : {};
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const monthly = session.mode === "subscription";
      return {
        ...base,
        type: "checkout.completed",
        donationId: session.metadata?.donation_id ?? session.client_reference_id ?? undefined,
        sessionId: session.id,
        frequency: monthly ? "monthly" : "one-time",
        paid: session.payment_status !== "unpaid",
        amountCents: session.amount_total ?? 0,
        currency: session.currency ?? "usd",
        email: session.customer_details?.email ?? null,
        name: session.customer_details?.name ?? null,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        paymentReference: monthly ? idOf(session.invoice) : idOf(session.payment_intent),
        paymentIntentId: idOf(session.payment_intent),
        fund: fundOf(session.metadata),
        ...test,
      };
    }
    // Abandoned, or a bank debit that failed after the donor left: the pending gift will not come.
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const session = event.data.object;
      return {
        ...base,
        type: "checkout.expired",
        donationId: session.metadata?.donation_id ?? undefined,
        sessionId: session.id,
      };
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      if (!subscriptionId || !invoice.id) return null; // not a subscription invoice: not a donation
      return {
        ...base,
        type: "invoice.paid",
        donationId: details?.metadata?.donation_id,
        subscriptionId,
        invoiceId: invoice.id,
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        email: invoice.customer_email,
        customerId: idOf(invoice.customer),
        fund: fundOf(details?.metadata),
        ...test,
      };
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      if (!subscriptionId || !invoice.id) return null;
      return {
        ...base,
        type: "invoice.payment_failed",
        donationId: details?.metadata?.donation_id,
        subscriptionId,
        invoiceId: invoice.id,
        updateCardUrl: invoice.hosted_invoice_url ?? null,
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return null;
      return {
        ...base,
        type: "charge.refunded",
        donationId: charge.metadata?.donation_id,
        paymentIntentId,
        amountCents: charge.amount,
        refundedCents: charge.amount_refunded,
        currency: charge.currency,
      };
    }
    case "customer.subscription.updated": {
      const subscription = event.data.object;
      const item = subscription.items?.data?.[0];
      const unit = item?.price?.unit_amount;
      if (subscription.status === "unpaid" || subscription.status === "incomplete_expired") {
        // Stripe's last retry failed and the account is set to leave it unpaid: the gift has ended.
        return {
          ...base,
          type: "subscription.ended",
          donationId: subscription.metadata?.donation_id,
          subscriptionId: subscription.id,
        };
      }
      if (!item || unit == null || subscription.status === "canceled") return null;
      const pause = subscription.pause_collection;
      return {
        ...base,
        type: "subscription.changed",
        donationId: subscription.metadata?.donation_id,
        subscriptionId: subscription.id,
        amountCents: unit * (item.quantity ?? 1),
        currency: item.price.currency,
        pausedUntil: pause?.resumes_at ? iso(pause.resumes_at).slice(0, 10) : null,
      };
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      return {
        ...base,
        type: "subscription.ended",
        donationId: subscription.metadata?.donation_id,
        subscriptionId: subscription.id,
      };
    }
    default:
      return null;
  }
}
