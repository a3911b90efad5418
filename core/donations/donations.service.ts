import { subMonths } from "date-fns";
import type { Config } from "../../config/env.ts";
import type { Db } from "../../db/database.ts";
import type { Clock } from "../shared/clock.ts";
import { ConflictError, DomainError, NotFoundError, ServiceUnavailableError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./donations.repository.ts";
import {
  CARD_UNAVAILABLE_MESSAGE,
  CheckoutRequestSchema,
  type CheckoutSession,
  DONATION_CURRENCY,
  DONATION_FAILED_MESSAGE,
  type DonationLedger,
  type DonationReceipt,
  toCents,
} from "./donations.schema.ts";
import type { PaymentEvent, PaymentProvider } from "./payment-provider.ts";
import { createSandboxProvider } from "./sandbox-provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

type RefundEvent = Extract<PaymentEvent, { type: "charge.refunded" }>;

/** The provider could not open a checkout (Stripe down, key revoked…): the donor may try again. */
export class PaymentProviderError extends DomainError {
  override readonly status = 502;
}

/**
 * Stripe when configured; otherwise the sandbox on development machines and local try-outs; in a
 * real deployment without a key, none (card giving is off, bank transfer still shown).
 */
export function providerFor(config: Config): PaymentProvider | undefined {
  if (config.stripe) return createStripeProvider(config.stripe);
  if (!config.isProduction || config.isLocalSite) return createSandboxProvider(config.publicSiteUrl);
  return undefined;
}

export function createDonationsService(
  db: Db,
  clock: Clock,
  config: Config,
  provider: PaymentProvider | undefined = providerFor(config),
) {
  const nowIso = () => clock().toISOString();

  /** The payment a refunded charge belongs to; undefined when the charge is not a donation. */
  async function refundedPayment(trx: Db, event: RefundEvent, invoiceId: string | undefined) {
    const byIntent = await repo.findPayment(trx, { paymentIntentId: event.paymentIntentId });
    if (byIntent) return byIntent;
    if (invoiceId) {
      const byInvoice = await repo.findPayment(trx, { reference: invoiceId });
      if (byInvoice) return byInvoice;
      throw new ConflictError("The payment for this refund is not recorded yet; retry later.");
    }
    if (!event.donationId) return undefined;
    // A one-time gift's charge carries our id (Stripe copies the payment intent's metadata to it).
    // The refund overtook the checkout's own notice: record the payment from the charge.
    const donation = await repo.findDonation(trx, { id: event.donationId });
    if (!donation) throw new ConflictError("The donation for this refund is not recorded yet; retry later.");
    await repo.insertPayment(trx, {
      id: newId(),
      donationId: donation.id,
      reference: event.paymentIntentId,
      paymentIntentId: event.paymentIntentId,
      amountCents: event.amountCents,
      currency: event.currency,
      paidAt: event.occurredAt,
    });
    return repo.findPayment(trx, { reference: event.paymentIntentId });
  }

  /**
   * A monthly payment is known by its invoice, and Stripe's charge does not name it: ask Stripe
   * which invoice the charge paid — before the transaction, so no write waits on the network.
   */
  async function invoiceOfUnmatchedRefund(event: PaymentEvent): Promise<string | undefined> {
    if (event.type !== "charge.refunded") return undefined;
    if (await repo.findPayment(db, { paymentIntentId: event.paymentIntentId })) return undefined;
    return provider?.invoiceForPaymentIntent(event.paymentIntentId);
  }

  async function applyEventIn(trx: Db, event: PaymentEvent, refundInvoiceId: string | undefined): Promise<void> {
    const at = event.occurredAt;
    switch (event.type) {
      case "checkout.completed": {
        let donation = await repo.findDonation(trx, { id: event.donationId, sessionId: event.sessionId });
        if (!donation && event.donationId) {
          // Ours (it carries our id) but its pending row was never written: the money still counts.
          await repo.insertDonation(trx, {
            id: event.donationId,
            provider: provider?.name ?? "stripe",
            checkoutSessionId: event.sessionId,
            frequency: event.frequency,
            amountCents: event.amountCents,
            currency: event.currency,
            now: at,
          });
          donation = await repo.findDonation(trx, { id: event.donationId });
        }
        if (!donation) return; // another integration's checkout on the same Stripe account
        await repo.updateDonor(trx, donation.id, event, at);
        if (!event.paid) return;
        await repo.transition(trx, donation.id, ["pending"], "paid", at);
        if (event.paymentReference) {
          await repo.insertPayment(trx, {
            id: newId(),
            donationId: donation.id,
            reference: event.paymentReference,
            paymentIntentId: event.paymentIntentId,
            amountCents: event.amountCents,
            currency: event.currency,
            paidAt: at,
          });
        }
        return;
      }
      case "checkout.expired": {
        const donation = await repo.findDonation(trx, { id: event.donationId, sessionId: event.sessionId });
        if (donation) await repo.transition(trx, donation.id, ["pending"], "canceled", at);
        return;
      }
      case "invoice.paid": {
        const donation = await repo.findDonation(trx, { id: event.donationId, subscriptionId: event.subscriptionId });
        if (!donation) {
          if (!event.donationId) return; // a subscription that is not a donation
          throw new ConflictError("The donation for this invoice is not recorded yet; retry later.");
        }
        await repo.updateDonor(trx, donation.id, { ...event, name: null }, at);
        await repo.transition(trx, donation.id, ["pending"], "paid", at);
        if (event.amountCents > 0) {
          await repo.insertPayment(trx, {
            id: newId(),
            donationId: donation.id,
            reference: event.invoiceId,
            paymentIntentId: null,
            amountCents: event.amountCents,
            currency: event.currency,
            paidAt: at,
          });
        }
        return;
      }
      case "charge.refunded": {
        const payment = await refundedPayment(trx, event, refundInvoiceId);
        if (!payment) return;
        await repo.recordRefund(trx, payment.id, {
          refundedCents: event.refundedCents,
          paymentIntentId: event.paymentIntentId,
          at,
        });
        const donation = await repo.findDonation(trx, { id: payment.donationId });
        if (donation?.frequency === "one-time" && event.refundedCents >= payment.amountCents) {
          await repo.transition(trx, donation.id, ["pending", "paid"], "refunded", at);
        }
        return;
      }
      case "subscription.ended": {
        const donation = await repo.findDonation(trx, { id: event.donationId, subscriptionId: event.subscriptionId });
        if (!donation) {
          if (!event.donationId) return;
          throw new ConflictError("The donation for this subscription is not recorded yet; retry later.");
        }
        await repo.transition(trx, donation.id, ["pending", "paid"], "canceled", at);
        return;
      }
    }
  }

  /**
   * The one place provider events change the ledger (Stripe webhooks and the sandbox's Pay).
   * The event id is recorded in the same transaction as its effects, so a replay changes nothing
   * and a failure leaves no trace (the provider retries).
   */
  async function applyEvent(event: PaymentEvent): Promise<"applied" | "duplicate"> {
    const refundInvoiceId = await invoiceOfUnmatchedRefund(event);
    return db.transaction().execute(async (trx) => {
      const fresh = await repo.recordEvent(trx, { id: event.id, type: event.type, receivedAt: nowIso() });
      if (!fresh) return "duplicate" as const;
      await applyEventIn(trx, event, refundInvoiceId);
      return "applied" as const;
    });
  }

  return {
    /** Card giving is possible here (Stripe or the sandbox). */
    cardPaymentsAvailable: provider !== undefined,
    providerName: provider?.name,

    async createCheckout(input: unknown): Promise<CheckoutSession> {
      const { amount, frequency } = parseInput(CheckoutRequestSchema, input);
      if (!provider) throw new ServiceUnavailableError(CARD_UNAVAILABLE_MESSAGE);
      const donationId = newId();
      const amountCents = toCents(amount);
      let session: { id: string; url: string };
      try {
        session = await provider.createCheckout({
          donationId,
          amountCents,
          currency: DONATION_CURRENCY,
          frequency,
          successUrl: `${config.publicSiteUrl}/donate/thank-you?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${config.publicSiteUrl}/`,
        });
      } catch (error) {
        throw new PaymentProviderError(DONATION_FAILED_MESSAGE, { cause: error });
      }
      await repo.insertDonation(db, {
        id: donationId,
        provider: provider.name,
        checkoutSessionId: session.id,
        frequency,
        amountCents,
        currency: DONATION_CURRENCY,
        now: nowIso(),
      });
      return session;
    },

    /** A webhook delivery: verified by the provider, then applied once. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<"applied" | "duplicate" | "ignored"> {
      if (provider?.name !== "stripe") throw new ServiceUnavailableError("Stripe webhooks are not configured here.");
      const event = provider.parseWebhook(rawBody, signature);
      if (!event) return "ignored";
      return applyEvent(event);
    },

    applyEvent,

    /** The sandbox's Pay button: the same event a Stripe webhook would bring, through the same path. */
    async completeSandboxCheckout(sessionId: string, donor: { email?: string; name?: string } = {}): Promise<void> {
      const donation = await repo.findDonation(db, { sessionId });
      if (provider?.name !== "sandbox" || donation?.provider !== "sandbox") {
        throw new NotFoundError("No such test checkout.");
      }
      const monthly = donation.frequency === "monthly";
      await applyEvent({
        type: "checkout.completed",
        // One event per checkout: pressing Pay twice is a replay, not a second gift.
        id: `sandbox_evt_${sessionId}`,
        occurredAt: nowIso(),
        donationId: donation.id,
        sessionId,
        frequency: donation.frequency,
        paid: true,
        amountCents: donation.amountCents,
        currency: donation.currency,
        email: donor.email || null,
        name: donor.name || null,
        customerId: null,
        subscriptionId: monthly ? `sandbox_sub_${donation.id}` : null,
        paymentReference: `sandbox_pay_${sessionId}`,
        paymentIntentId: null,
      });
    },

    /** A pending sandbox checkout, for its test page; undefined when there is none to pay. */
    async findSandboxCheckout(sessionId: string): Promise<DonationReceipt | undefined> {
      if (provider?.name !== "sandbox") return undefined;
      const row = await repo.findReceipt(db, sessionId);
      if (row?.provider !== "sandbox") return undefined;
      return toReceipt(row);
    },

    /** The thank-you page's facts, by checkout session id. */
    async findReceipt(sessionId: string): Promise<DonationReceipt | undefined> {
      if (!sessionId || sessionId.length > 255) return undefined;
      const row = await repo.findReceipt(db, sessionId);
      return row && toReceipt(row);
    },

    async ledger(): Promise<DonationLedger> {
      const now = clock();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
      const [donations, thisMonthCents, last12MonthsCents, activeMonthlyDonors] = await Promise.all([
        repo.listDonations(db),
        repo.receivedSince(db, monthStart),
        repo.receivedSince(db, subMonths(now, 12).toISOString()),
        repo.countActiveMonthly(db),
      ]);
      return {
        donations,
        totals: { currency: DONATION_CURRENCY, thisMonthCents, last12MonthsCents, activeMonthlyDonors },
      };
    },
  };
}

const toReceipt = (row: { amount_cents: number; currency: string; frequency: string; status: string }) =>
  ({
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    frequency: row.frequency,
    status: row.status,
  }) as DonationReceipt;

export type DonationsService = ReturnType<typeof createDonationsService>;
