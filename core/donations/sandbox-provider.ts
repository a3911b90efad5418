import { randomBytes } from "node:crypto";
import { type Clock, systemClock } from "../shared/clock.ts";
import { type PaymentProvider, WebhookSignatureError } from "./payment-provider.ts";

export const SANDBOX_SESSION_PREFIX = "sandbox_cs_";

/** The sandbox's page where a monthly donor "updates the card" (and a test can make a payment fail). */
export const sandboxCardUrl = (siteUrl: string, donationId: string) => `${siteUrl}/donate/sandbox/card/${donationId}`;

/**
 * A stand-in for Stripe on development machines and in tests: its "hosted checkout" is our own
 * page /donate/sandbox/{id}, clearly labelled, where Pay completes the donation through the same
 * event path as a Stripe webhook (see donations.service completeSandboxCheckout). No money moves.
 */
export function createSandboxProvider({
  siteUrl,
  clock = systemClock,
  testGifts = false,
}: {
  siteUrl: string;
  clock?: Clock;
  /** Its gifts count nowhere (docs/decisions/0760-test-gifts-count-nowhere.md). */
  testGifts?: boolean;
}): PaymentProvider {
  return {
    name: "sandbox",
    testGifts,
    async createCheckout() {
      const id = `${SANDBOX_SESSION_PREFIX}${randomBytes(18).toString("base64url")}`;
      return { id, url: `${siteUrl}/donate/sandbox/${id}` };
    },
    async parseWebhook() {
      throw new WebhookSignatureError("the sandbox receives no webhooks");
    },
    async invoiceForPaymentIntent() {
      return undefined;
    },
    // Its Pay button is the sandbox's only payment, applied at once: asked later, it knows no more.
    async verifyCheckout() {
      return { status: "pending" };
    },
    // What Stripe would later send as a webhook; the donations service delivers it through a job.
    async changeSubscription({ subscriptionId, donationId }, change) {
      const base = { occurredAt: clock().toISOString(), donationId, subscriptionId };
      const eventId = `sandbox_evt_${randomBytes(12).toString("base64url")}`;
      if ("stop" in change) return { ...base, id: eventId, type: "subscription.ended" };
      if ("pauseUntil" in change)
        return { ...base, id: eventId, type: "subscription.changed", pausedUntil: change.pauseUntil };
      if ("resume" in change) return { ...base, id: eventId, type: "subscription.changed", pausedUntil: null };
      return { ...base, id: eventId, type: "subscription.changed", ...change };
    },
    // The sandbox's own stand-in for Stripe's customer portal: no card is entered anywhere.
    async cardUpdateUrl({ donationId }) {
      return sandboxCardUrl(siteUrl, donationId);
    },
  };
}
