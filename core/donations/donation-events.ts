import type { Db } from "../../db/database.ts";
import { inReportingCurrency } from "../money/money.ts";
import type { Clock } from "../shared/clock.ts";
import { ConflictError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import * as repo from "./donations.repository.ts";
import type { PaymentEvent, PaymentProvider } from "./payment-provider.ts";

type RefundEvent = Extract<PaymentEvent, { type: "charge.refunded" }>;

/**
 * A birr payment's dollar value, fixed at the rate of the day as offline birr gifts are; without a
 * rate it stays out of every dollar total rather than counting unconverted.
 */
function dollarValue(
  payment: { amountCents: number; currency: string },
  rate: string | undefined,
): { etbPerUsd: string | null; usdCents: number | null } {
  if (payment.currency !== "etb" || !rate) return { etbPerUsd: null, usdCents: null };
  return { etbPerUsd: rate, usdCents: inReportingCurrency({ minor: payment.amountCents, currency: "etb" }, rate) };
}

/**
 * What the provider took, split into the gift and the fee cover the donor chose with it
 * (docs/decisions/0830): the cover is never more than what came, and the rest is the gift.
 */
function splitCharge(
  charged: number,
  donation: { feeCoverCents: number },
): { amountCents: number; feeCoverCents: number } {
  const feeCoverCents = Math.max(0, Math.min(donation.feeCoverCents, charged));
  return { amountCents: charged - feeCoverCents, feeCoverCents };
}

/**
 * Gives birr payments that came before staff set a rate (decision note 0740) their dollar value at the
 * first rate published after them, so they join the fund totals then rather than stay at nothing.
 * Runs in the publishing transaction; returns how many it valued.
 */
export async function valueUnratedBirr(db: Db, rate: string): Promise<number> {
  const unrated = await repo.unratedBirrPayments(db);
  for (const payment of unrated) {
    const { usdCents } = dollarValue({ amountCents: payment.amount_cents, currency: "etb" }, rate);
    if (usdCents !== null) await repo.rateBirrPayment(db, payment.id, rate, usdCents);
  }
  return unrated.length;
}

/**
 * How provider events change the ledger (decision note 0040): `applyEvent` is the one entry, used
 * by Stripe's webhooks and the sandbox's Pay button alike.
 */
export function createEventApplier({
  db,
  clock,
  provider,
  afterPayment,
  etbPerUsd,
  onPaymentFailed,
  onPaid,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider | undefined;
  /** Birr per dollar as staff keep it (Donating settings): a birr payment's dollar value is fixed with it. */
  etbPerUsd?: (() => Promise<string | undefined>) | undefined;
  /** Runs in the event's transaction after it changed a donation's payments or donor (receipts). */
  afterPayment?: (trx: Db, donationId: string) => Promise<void>;
  /** Runs in the event's transaction when a monthly gift has just moved to payment_failed (the e-mail). */
  onPaymentFailed?: (trx: Db, donationId: string) => Promise<void>;
  /** Runs in the event's transaction after a payment was recorded for a paid gift (the tribute card). */
  onPaid?: (trx: Db, donationId: string) => Promise<void>;
}) {
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
      ...splitCharge(event.amountCents, donation),
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

  /** Applies one event; returns the donation whose payments or donor it may have changed. */
  async function applyEventIn(
    trx: Db,
    event: PaymentEvent,
    refundInvoiceId: string | undefined,
    rate: string | undefined,
  ): Promise<string | undefined> {
    const at = event.occurredAt;
    switch (event.type) {
      case "checkout.completed": {
        let donation = await repo.findDonation(trx, { id: event.donationId, sessionId: event.sessionId });
        if (!donation && event.donationId) {
          // Ours (it carries our id) but its pending row was never written: the money still counts.
          await repo.insertDonation(trx, {
            id: event.donationId,
            provider: event.currency === "etb" ? "chapa" : (provider?.name ?? "stripe"),
            checkoutSessionId: event.sessionId,
            frequency: event.frequency,
            amountCents: event.amountCents,
            currency: event.currency,
            fundId: event.fund ?? null,
            now: at,
          });
          donation = await repo.findDonation(trx, { id: event.donationId });
        }
        if (!donation) return; // another integration's checkout on the same Stripe account
        // Before any payment is recorded, so no receipt is numbered for a test gift.
        if (event.test) await repo.markTest(trx, donation.id);
        await repo.updateDonor(trx, donation.id, event, at);
        if (!event.paid) return donation.id;
        await repo.transition(trx, donation.id, ["pending"], "paid", at);
        if (event.paymentReference) {
          const charge = splitCharge(event.amountCents, donation);
          await repo.insertPayment(trx, {
            id: newId(),
            donationId: donation.id,
            reference: event.paymentReference,
            paymentIntentId: event.paymentIntentId,
            ...charge,
            currency: event.currency,
            paidAt: at,
            // The gift's dollar value: the fee cover counts toward no goal (decision 0830).
            ...dollarValue({ amountCents: charge.amountCents, currency: event.currency }, rate),
          });
        }
        await onPaid?.(trx, donation.id);
        return donation.id;
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
        if (event.test) await repo.markTest(trx, donation.id);
        await repo.updateDonor(trx, donation.id, { ...event, name: null }, at);
        await repo.transition(trx, donation.id, ["pending"], "paid", at);
        await repo.markPaymentSucceeded(trx, donation.id, at);
        if (event.amountCents > 0) {
          await repo.insertPayment(trx, {
            id: newId(),
            donationId: donation.id,
            reference: event.invoiceId,
            paymentIntentId: null,
            ...splitCharge(event.amountCents, donation),
            currency: event.currency,
            paidAt: at,
          });
        }
        await onPaid?.(trx, donation.id);
        return donation.id;
      }
      case "invoice.payment_failed": {
        const donation = await repo.findDonation(trx, { id: event.donationId, subscriptionId: event.subscriptionId });
        if (!donation) {
          if (!event.donationId) return;
          throw new ConflictError("The donation for this invoice is not recorded yet; retry later.");
        }
        const failed = { invoiceId: event.invoiceId, updateCardUrl: event.updateCardUrl, at };
        // Stripe's retries of the same invoice fail again without a new e-mail: only the move counts.
        if (await repo.markPaymentFailed(trx, donation.id, failed)) await onPaymentFailed?.(trx, donation.id);
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
      case "subscription.changed": {
        const donation = await repo.findDonation(trx, { id: event.donationId, subscriptionId: event.subscriptionId });
        if (!donation) {
          if (!event.donationId) return;
          throw new ConflictError("The donation for this subscription is not recorded yet; retry later.");
        }
        if (event.amountCents !== undefined && event.currency) {
          // The provider bills the new gift plus the same fee cover (donations service, changeMonthly).
          const { amountCents } = splitCharge(event.amountCents, donation);
          await repo.changeAmount(trx, donation.id, { amountCents, currency: event.currency, at });
        }
        if (event.pausedUntil !== undefined)
          await repo.changePause(trx, donation.id, { pausedUntil: event.pausedUntil, at });
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
    const rate = event.type === "checkout.completed" && event.currency === "etb" ? await etbPerUsd?.() : undefined;
    return db.transaction().execute(async (trx) => {
      const fresh = await repo.recordEvent(trx, { id: event.id, type: event.type, receivedAt: nowIso() });
      if (!fresh) return "duplicate" as const;
      const donationId = await applyEventIn(trx, event, refundInvoiceId, rate);
      if (donationId) await afterPayment?.(trx, donationId);
      return "applied" as const;
    });
  }

  return applyEvent;
}
