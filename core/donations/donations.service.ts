import type { Readable } from "node:stream";
import type { Config } from "../../config/env.ts";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit, AuditValue } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import { attributionOfInput } from "../campaigns/attribution.ts";
import type { EmailService } from "../email/email.service.ts";
import { UNKNOWN_FUND_MESSAGE, WHERE_MOST_NEEDED } from "../funds/funds.schema.ts";
import { isLocale } from "../i18n/locale.ts";
import { type JobDefinition, type JobQueue, StillWaiting } from "../jobs/jobs.service.ts";
import { shareOf, toMinor } from "../money/money.ts";
import { giftsAfter } from "../offline-gifts/offline-gifts.repository.ts";
import type { OfflineGift } from "../offline-gifts/offline-gifts.schema.ts";
import { keysetBatches } from "../shared/batches.ts";
import type { Clock } from "../shared/clock.ts";
import { csvStream } from "../shared/csv.ts";
import {
  ConflictError,
  DomainError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import { CHAPA_REFERENCE_PREFIX, ChapaRequestError, createChapaProvider } from "./chapa-provider.ts";
import { createEventApplier } from "./donation-events.ts";
import * as repo from "./donations.repository.ts";
import {
  BIRR_CURRENCY,
  BIRR_UNAVAILABLE_MESSAGE,
  BirrCheckoutRequestSchema,
  CARD_UNAVAILABLE_MESSAGE,
  CheckoutRequestSchema,
  type CheckoutSession,
  DONATION_CURRENCY,
  DONATION_FAILED_MESSAGE,
  type Donation,
  type DonationLedger,
  type DonationReceipt,
  normalisePhone,
} from "./donations.schema.ts";
import { cardExportRow, DONATION_CSV_COLUMNS, offlineExportRow } from "./donations-csv.ts";
import { ledgerTotals } from "./ledger.service.ts";
import { paymentFailedMail } from "./payment-failure-mail.ts";
import type { PaymentEvent, PaymentProvider, SubscriptionChange } from "./payment-provider.ts";
import { createSandboxProvider, sandboxCardUrl } from "./sandbox-provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";
import { queueTributeCard, saveGiftExtras } from "./tributes.service.ts";

/** The provider could not open a checkout (Stripe down, key revoked…): the donor may try again. */
export class PaymentProviderError extends DomainError {
  override readonly status = 502;
}

/**
 * Stripe when configured; otherwise the sandbox on development machines and local try-outs; in a
 * real deployment without a key, none (card giving is off, bank transfer still shown).
 */
export function providerFor(config: Config, clock: Clock): PaymentProvider | undefined {
  if (config.stripe) return createStripeProvider({ config: config.stripe, clock });
  if (!config.isProduction || config.isLocalSite)
    return createSandboxProvider({ siteUrl: config.publicSiteUrl, clock, testGifts: config.sandboxGiftsAreTest });
  return undefined;
}

/**
 * Birr gifts: Chapa when configured; otherwise the sandbox where card giving would use it too; in a
 * real deployment without a key, none ("Pay in birr" is hidden, the bank details still show).
 */
export function birrProviderFor(config: Config, clock: Clock): PaymentProvider | undefined {
  if (config.chapa) return createChapaProvider({ config: config.chapa });
  if (!config.isProduction || config.isLocalSite)
    return createSandboxProvider({ siteUrl: config.publicSiteUrl, clock, testGifts: config.sandboxGiftsAreTest });
  return undefined;
}

/** A pending Chapa gift that heard nothing is asked about until a day has passed (docs/decisions/0660). */
export const CHAPA_VERIFY_JOB = "donations.chapa-verify";
/** When the reconciling job first asks, then backs off from: a donor at a USSD prompt takes a minute or two. */
const FIRST_VERIFY_MS = 2 * 60_000;
const MAX_VERIFY_DELAY_MS = 60 * 60_000;
/** After this a pending birr gift is given up ("expired"): Chapa's checkout lasts far less. */
export const BIRR_GIVE_UP_MS = 24 * 60 * 60_000;

/** What asking the provider about a birr gift did. */
export type VerifyOutcome = "paid" | "failed" | "pending" | "unknown" | "mismatch" | "settled";

/** How the audit log names a donation. */
export const DONATION_AUDIT_ENTITY = "donation";
/** Rows read per query while writing the CSV. */
const EXPORT_BATCH = 1000;

export interface DonationsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  audit: Audit;
  /** Stripe, the sandbox or none; by default from the config (`providerFor`). */
  provider?: PaymentProvider | undefined;
  /** The title of an open fund (core/funds), to check a designation when a checkout opens. */
  fundTitle?: (id: string) => Promise<string | undefined>;
  /** Gifts move the need cards' figures: purged after an event that changed the ledger. */
  purgePublicCaches?: PurgePublicCaches;
  /** In the event's transaction, after a donation's payments or donor changed (receipts). */
  afterPayment?: (trx: Db, donationId: string) => Promise<void>;
  /** Delivers the sandbox's events later, as Stripe's webhooks arrive later (a donor's stop or change). */
  jobs?: JobQueue;
  /** Chapa, the sandbox or none for birr gifts; by default from the config (`birrProviderFor`). */
  birrProvider?: PaymentProvider | undefined;
  /** The N of "Add N % so all of my gift reaches the programme" (Donating settings); 0: not offered. */
  feeCoverPercent?: () => Promise<number>;
  /** Birr per dollar as staff keep it under Donating settings; undefined while none is set. */
  etbPerUsd?: () => Promise<string | undefined>;
  /** Reports an unexpected answer (a verified amount that is not the one asked for). */
  warn?: (message: string, details: Record<string, unknown>) => void;
  /** Tells a monthly donor that a payment failed (none: nobody is told). */
  email?: EmailService;
}

/** The sandbox's "webhook": an event its provider returned, applied by the job worker. */
export const SANDBOX_EVENT_JOB = "donations.sandbox-event";

export const MONTHLY_NOT_RUNNING_MESSAGE = "This monthly gift is not running, so it cannot be changed.";
export const REVERIFY_ONLY_BIRR_MESSAGE = "Only a gift in birr can be verified again.";
export const DELETE_ONLY_TEST_MESSAGE = "Only a test gift can be deleted; real gifts stay in the ledger.";
export const REFUND_ONLY_PAID_BIRR_MESSAGE = "Only a paid gift in birr can be marked refunded here.";
export const CHANGE_FAILED_MESSAGE = "We could not reach the payment provider. Please try again in a few minutes.";

/** What the audit log keeps of a donor's request. */
function requestedChange(change: SubscriptionChange): Record<string, AuditValue> {
  if ("stop" in change) return { requested: "stop" };
  if ("pauseUntil" in change) return { requested: "pause", until: change.pauseUntil };
  if ("resume" in change) return { requested: "resume" };
  return { requested: "amount", amountCents: change.amountCents };
}

export function createDonationsService(deps: DonationsDeps) {
  const { db, clock, config, audit } = deps;
  const nowIso = () => clock().toISOString();
  const provider = "provider" in deps ? deps.provider : providerFor(config, clock);
  const birrProvider = "birrProvider" in deps ? deps.birrProvider : birrProviderFor(config, clock);
  /** In the failure's transaction: the e-mail is queued with the change, or neither happens. */
  async function tellDonorPaymentFailed(trx: Db, donationId: string): Promise<void> {
    const notice = await repo.failureNotice(trx, donationId);
    if (!notice?.donor_email || !deps.email) return;
    const mail = await paymentFailedMail({
      locale: notice.locale,
      amountCents: Number(notice.amount_cents),
      currency: notice.currency,
      // Stripe's hosted invoice page; without one, My giving (which opens the customer portal).
      updateCardUrl: notice.update_card_url ?? `${config.publicSiteUrl}/giving`,
      siteUrl: config.publicSiteUrl,
    });
    await deps.email.send(trx, notice.donor_email, mail);
  }

  const applyEventOnce = createEventApplier({
    db,
    clock,
    provider,
    afterPayment: deps.afterPayment,
    etbPerUsd: deps.etbPerUsd,
    onPaymentFailed: tellDonorPaymentFailed,
    onPaid: async (trx, donationId) => {
      await queueTributeCard(trx, donationId, { email: deps.email, siteUrl: config.publicSiteUrl, now: nowIso() });
    },
  });
  /** The sandbox's Pay and test page serve card and birr checkouts alike. */
  const sandboxActive = provider?.name === "sandbox" || birrProvider?.name === "sandbox";

  async function applyEvent(event: PaymentEvent): Promise<"applied" | "duplicate"> {
    const outcome = await applyEventOnce(event);
    if (outcome === "applied") {
      await deps.purgePublicCaches?.();
      // A failure notice, or a payment that may have queued a tribute card.
      deps.email?.wake();
    }
    return outcome;
  }

  const sandboxEventJob: JobDefinition<PaymentEvent> = {
    type: SANDBOX_EVENT_JOB,
    async handle(event) {
      await applyEvent(event);
    },
  };

  /**
   * What a donor who ticked "Add N % …" adds, worked out here from the N staff set (never taken
   * from the browser); 0 when they did not, or when the option is off.
   */
  async function feeCoverFor(amountCents: number, coverFees: boolean | null | undefined): Promise<number> {
    if (coverFees !== true) return 0;
    return shareOf(amountCents, (await deps.feeCoverPercent?.()) ?? 0);
  }

  /** The thank-you page's facts about one donation row. */
  async function toReceipt(row: Awaited<ReturnType<typeof repo.findReceipt>> & object): Promise<DonationReceipt> {
    return {
      amountCents: Number(row.amount_cents),
      feeCoverCents: Number(row.fee_cover_cents),
      currency: row.currency,
      frequency: row.frequency as DonationReceipt["frequency"],
      status: row.status as DonationReceipt["status"],
      fund: row.fund_id ? ((await deps.fundTitle?.(row.fund_id)) ?? row.fund_id) : null,
      fundId: row.fund_id,
      hasDonorEmail: row.donor_email !== null,
    };
  }

  async function designation(fund: string | null | undefined): Promise<string | null> {
    if (!fund) return null;
    if (deps.fundTitle && !(await deps.fundTitle(fund))) {
      throw new ValidationError(UNKNOWN_FUND_MESSAGE, { fund: UNKNOWN_FUND_MESSAGE });
    }
    return fund;
  }

  /** A gift the birr provider took (Chapa's; the sandbox's on a try-out): the one verify can be asked about. */
  const isBirrGift = (donation: repo.DonationRecord | undefined): donation is repo.DonationRecord =>
    donation !== undefined && donation.currency === BIRR_CURRENCY && donation.provider === birrProvider?.name;

  /** A birr gift's hosted checkout (Chapa's, or the sandbox's page); one-time only. */
  async function createBirrCheckout(input: unknown): Promise<CheckoutSession> {
    const body = parseInput(BirrCheckoutRequestSchema, input);
    const attribution = attributionOfInput(input);
    if (!birrProvider) throw new ServiceUnavailableError(BIRR_UNAVAILABLE_MESSAGE);
    const fund = await designation(body.fund);
    const donor = {
      email: body.email?.trim() || null,
      name: body.name?.trim() || null,
      phone: body.phone?.trim() ? normalisePhone(body.phone) : null,
    };
    const donationId = newId();
    const amountCents = toMinor(body.amount, BIRR_CURRENCY) ?? 0;
    const feeCoverCents = await feeCoverFor(amountCents, body.coverFees);
    let session: { id: string; url: string };
    try {
      session = await birrProvider.createCheckout({
        donationId,
        // Chapa is asked for the gift and the fee cover together: one payment.
        amountCents: amountCents + feeCoverCents,
        currency: BIRR_CURRENCY,
        frequency: "one-time",
        fund,
        donor,
        attribution,
        successUrl: `${config.publicSiteUrl}/donate/thank-you?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${config.publicSiteUrl}/`,
        notifyUrl: `${config.publicSiteUrl}/api/payments/chapa/callback`,
      });
    } catch (error) {
      throw new PaymentProviderError(DONATION_FAILED_MESSAGE, { cause: error });
    }
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await repo.insertDonation(trx, {
        id: donationId,
        provider: birrProvider.name,
        test: birrProvider.testGifts ?? false,
        checkoutSessionId: session.id,
        frequency: "one-time",
        amountCents,
        feeCoverCents,
        currency: BIRR_CURRENCY,
        fundId: fund,
        locale: isLocale((input as { lang?: unknown }).lang) ? (input as { lang: "en" | "am" }).lang : null,
        attribution,
        now,
      });
      // The address the donor typed is where the receipt goes, whatever the checkout later reports.
      await repo.updateDonor(trx, donationId, donor, now);
      await saveGiftExtras(trx, donationId, body, now);
      if (birrProvider.verifyCheckout && deps.jobs) {
        await deps.jobs.enqueue(trx, {
          type: CHAPA_VERIFY_JOB,
          payload: { donationId },
          key: `chapa-verify:${donationId}`,
          runAt: new Date(clock().getTime() + FIRST_VERIFY_MS),
        });
      }
    });
    return session;
  }

  /**
   * Asks the provider about a pending birr gift and applies what it says, once, through the same
   * path as Stripe's events. Only a verified success for the amount and currency we asked for pays.
   */
  async function verifyBirr(reference: string): Promise<VerifyOutcome> {
    const donation = await repo.findDonation(db, { sessionId: reference });
    if (!isBirrGift(donation) || !birrProvider?.verifyCheckout) return "unknown";
    if (donation.status !== "pending") return "settled";
    const verified = await birrProvider.verifyCheckout(reference);
    if (verified.status === "failed") {
      await applyEvent({
        type: "checkout.expired",
        id: `chapa_${reference}_failed`,
        occurredAt: nowIso(),
        donationId: donation.id,
        sessionId: reference,
      });
      return "failed";
    }
    if (verified.status !== "paid") return verified.status;
    const asked = donation.amountCents + donation.feeCoverCents;
    if (verified.amountMinor !== asked || verified.currency !== donation.currency) {
      deps.warn?.("chapa verified another amount than asked", {
        donationId: donation.id,
        asked: { minor: asked, currency: donation.currency },
        verified: { minor: verified.amountMinor, currency: verified.currency },
      });
      return "mismatch";
    }
    await applyEvent({
      type: "checkout.completed",
      // One success per checkout: a replayed or repeated notification finds it applied.
      id: `chapa_${reference}_success`,
      occurredAt: nowIso(),
      donationId: donation.id,
      sessionId: reference,
      frequency: "one-time",
      paid: true,
      amountCents: asked,
      currency: donation.currency,
      email: verified.email,
      name: verified.name,
      customerId: null,
      subscriptionId: null,
      paymentReference: `chapa:${verified.reference}`,
      paymentIntentId: null,
      fund: donation.fundId ?? undefined,
      method: verified.method,
    });
    return "paid";
  }

  /** verifyBirr for a person waiting on the answer: Chapa unreachable is said, not thrown. */
  async function verifyOrReport(reference: string): Promise<VerifyOutcome | "unreachable"> {
    try {
      return await verifyBirr(reference);
    } catch (error) {
      if (error instanceof ChapaRequestError) return "unreachable";
      throw error;
    }
  }

  const chapaVerifyJob: JobDefinition<{ donationId: string }> = {
    type: CHAPA_VERIFY_JOB,
    // Enough attempts, doubling to an hourly ask, to outlast the day after which the gift is given up.
    maxAttempts: 40,
    retryDelayMs: (attempts) => Math.min(FIRST_VERIFY_MS * 2 ** Math.max(0, attempts - 1), MAX_VERIFY_DELAY_MS),
    async handle({ donationId }) {
      const donation = await repo.findDonation(db, { id: donationId });
      if (donation?.status !== "pending" || !isBirrGift(donation)) return;
      const outcome = await verifyOrReport(donation.checkoutSessionId);
      if (outcome !== "pending" && outcome !== "unknown" && outcome !== "unreachable") return;
      const created = await repo.createdAt(db, donationId);
      if (created && clock().getTime() - Date.parse(created) >= BIRR_GIVE_UP_MS) {
        await applyEvent({
          type: "checkout.expired",
          id: `chapa_${donation.checkoutSessionId}_expired`,
          occurredAt: nowIso(),
          donationId,
          sessionId: donation.checkoutSessionId,
        });
        return;
      }
      // Chapa not answering is a fault; a donor who has not paid yet is only something to wait for.
      if (outcome === "unreachable") throw new Error(`Chapa could not be asked about gift ${donationId}`);
      throw new StillWaiting(`Chapa: gift ${donationId} still ${outcome}; asking again later`);
    },
  };

  /** The gift staff named by id, or 404 (an id that is not a record id names none, whatever it holds). */
  async function existingDonation(id: string) {
    const donation = isRecordId(id) ? await repo.findDonation(db, { id }) : undefined;
    if (!donation) throw new NotFoundError("No such donation.");
    return donation;
  }

  return {
    /** Applies the sandbox provider's events; registered with every other job kind in server/job-handlers.ts. */
    sandboxEventJob,
    /** Card giving is possible here (Stripe or the sandbox). */
    cardPaymentsAvailable: provider !== undefined,
    providerName: provider?.name,

    /** Birr giving is possible here (Chapa or the sandbox). */
    birrPaymentsAvailable: birrProvider !== undefined,
    /** Asks Chapa about pending birr gifts that heard nothing; registered in server/job-handlers.ts. */
    chapaVerifyJob,

    async createCheckout(input: unknown): Promise<CheckoutSession> {
      if (input !== null && typeof input === "object" && "currency" in input) return createBirrCheckout(input);
      const body = parseInput(CheckoutRequestSchema, input);
      const { amount, frequency, fund: chosenFund } = body;
      // The page's language, as My giving's link request sends it: the e-mails about the gift use it.
      const lang = (input as { lang?: unknown } | null)?.lang;
      const attribution = attributionOfInput(input);
      if (!provider) throw new ServiceUnavailableError(CARD_UNAVAILABLE_MESSAGE);
      const fund = await designation(chosenFund);
      const donationId = newId();
      const amountCents = toMinor(amount, DONATION_CURRENCY) ?? 0;
      const feeCoverCents = await feeCoverFor(amountCents, body.coverFees);
      let session: { id: string; url: string };
      try {
        session = await provider.createCheckout({
          donationId,
          // The provider charges the gift and the fee cover together (each month, for a monthly gift).
          amountCents: amountCents + feeCoverCents,
          currency: DONATION_CURRENCY,
          frequency,
          fund,
          attribution,
          successUrl: `${config.publicSiteUrl}/donate/thank-you?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${config.publicSiteUrl}/`,
        });
      } catch (error) {
        throw new PaymentProviderError(DONATION_FAILED_MESSAGE, { cause: error });
      }
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await repo.insertDonation(trx, {
          id: donationId,
          provider: provider.name,
          test: provider.testGifts ?? false,
          checkoutSessionId: session.id,
          frequency,
          amountCents,
          feeCoverCents,
          currency: DONATION_CURRENCY,
          fundId: fund,
          locale: isLocale(lang) ? lang : null,
          attribution,
          now,
        });
        await saveGiftExtras(trx, donationId, body, now);
      });
      return session;
    },

    /** A webhook delivery: verified by the provider, then applied once. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<"applied" | "duplicate" | "ignored"> {
      if (provider?.name !== "stripe") throw new ServiceUnavailableError("Stripe webhooks are not configured here.");
      const event = await provider.parseWebhook(rawBody, signature);
      if (!event) return "ignored";
      return applyEvent(event);
    },

    applyEvent,

    /** Chapa's notification: only a reason to ask verify about the checkout it names. */
    async handleChapaWebhook(rawBody: Buffer, signature: string | undefined): Promise<VerifyOutcome> {
      if (birrProvider?.name !== "chapa" || !birrProvider.notifiedReference) {
        throw new ServiceUnavailableError("Chapa notifications are not configured here.");
      }
      const reference = birrProvider.notifiedReference(rawBody, signature);
      return reference ? verifyBirr(reference) : "unknown";
    },

    verifyBirr,

    /** Staff ask Chapa again about a pending birr gift (Admin → Donations); audited. */
    async reverify(donationId: string, actor: Actor): Promise<VerifyOutcome | "unreachable"> {
      const donation = await existingDonation(donationId);
      if (!isBirrGift(donation)) throw new ConflictError(REVERIFY_ONLY_BIRR_MESSAGE);
      const outcome = await verifyOrReport(donation.checkoutSessionId);
      await db.transaction().execute((trx) =>
        audit.record(trx, actor, {
          action: "status",
          entity: DONATION_AUDIT_ENTITY,
          entityId: donationId,
          values: { requested: "verify", outcome },
        }),
      );
      return outcome;
    },

    /**
     * An Administrator deletes a test gift (docs/decisions/0760): it counted nowhere, so nothing
     * public changes; a gift that counts is refused. Audited with what it was.
     */
    async deleteTestGift(donationId: string, actor: Actor): Promise<void> {
      const donation = await existingDonation(donationId);
      await db.transaction().execute(async (trx) => {
        // Recorded first, while the gift is there to give the entry its name (decision 0889).
        await audit.record(trx, actor, {
          action: "delete",
          entity: DONATION_AUDIT_ENTITY,
          entityId: donationId,
          values: { test: true, amountCents: donation.amountCents, currency: donation.currency },
        });
        if (!(await repo.deleteTestGift(trx, donationId))) throw new ConflictError(DELETE_ONLY_TEST_MESSAGE);
      });
    },

    /**
     * Staff record a birr gift refunded in Chapa's dashboard: it leaves the fund's goal and the
     * totals. Card refunds come from Stripe's own notices instead.
     */
    async markRefunded(donationId: string, actor: Actor): Promise<void> {
      const donation = await existingDonation(donationId);
      if (donation.currency !== BIRR_CURRENCY || donation.status !== "paid") {
        throw new ConflictError(REFUND_ONLY_PAID_BIRR_MESSAGE);
      }
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await repo.refundWhole(trx, donationId, at);
        await repo.transition(trx, donationId, ["paid"], "refunded", at);
        await audit.record(trx, actor, {
          action: "status",
          entity: DONATION_AUDIT_ENTITY,
          entityId: donationId,
          values: { status: "refunded" },
        });
      });
      await deps.purgePublicCaches?.();
    },

    /**
     * A donor asks to stop a running monthly gift or change its amount ("My giving"). The provider is
     * asked; the ledger changes only when its event arrives (Stripe's webhook, the sandbox's job).
     * The request is audited under the donor's address.
     */
    async changeMonthly(donationId: string, change: SubscriptionChange, actor: Actor): Promise<void> {
      const donation = await repo.findDonation(db, { id: donationId });
      // A gift whose payment failed can still be stopped, paused or changed: the provider retries it.
      const running = donation?.status === "paid" || donation?.status === "payment_failed";
      if (!donation?.subscriptionId || donation.frequency !== "monthly" || !running) {
        throw new ConflictError(MONTHLY_NOT_RUNNING_MESSAGE);
      }
      if (provider?.name !== donation.provider) throw new ServiceUnavailableError(CHANGE_FAILED_MESSAGE);
      // A new monthly amount is the gift: the provider bills it with the fee cover chosen at the start.
      const billed =
        "amountCents" in change ? { ...change, amountCents: change.amountCents + donation.feeCoverCents } : change;
      let event: PaymentEvent | null;
      try {
        event = await provider.changeSubscription({ subscriptionId: donation.subscriptionId, donationId }, billed);
      } catch (error) {
        throw new PaymentProviderError(CHANGE_FAILED_MESSAGE, { cause: error });
      }
      await db.transaction().execute(async (trx) => {
        if (event) {
          if (!deps.jobs) throw new Error("the sandbox's events need the job queue");
          await deps.jobs.enqueue(trx, { type: SANDBOX_EVENT_JOB, payload: event, key: `sandbox-event:${event.id}` });
        }
        await audit.record(trx, actor, {
          action: "stop" in change ? "status" : "update",
          entity: DONATION_AUDIT_ENTITY,
          entityId: donationId,
          values: requestedChange(change),
        });
      });
      if (event) deps.jobs?.wake();
    },

    /**
     * Where a monthly donor replaces their card (Stripe's customer portal, the sandbox's page). The
     * donor is sent there; the card never passes through our server. Undefined: no such page here.
     */
    async cardUpdateUrl(donationId: string, returnUrl: string): Promise<string | undefined> {
      const donation = await repo.findDonation(db, { id: donationId });
      if (donation?.frequency !== "monthly" || provider?.name !== donation.provider) return undefined;
      const customerId = await repo.customerOf(db, donationId);
      try {
        return await provider.cardUpdateUrl?.({ donationId, customerId }, returnUrl);
      } catch (error) {
        throw new PaymentProviderError(CHANGE_FAILED_MESSAGE, { cause: error });
      }
    },

    /**
     * The sandbox's stand-in for a renewal (its card page): a monthly payment that fails, as an expired
     * card's would, or one that goes through (a retry after the card was updated). Same events as Stripe's.
     */
    async sandboxRenewal(donationId: string, outcome: "failed" | "paid"): Promise<void> {
      const donation = await repo.findDonation(db, { id: donationId });
      const running = donation?.status === "paid" || donation?.status === "payment_failed";
      if (provider?.name !== "sandbox" || donation?.provider !== "sandbox" || !donation.subscriptionId || !running) {
        throw new NotFoundError("No such test monthly gift.");
      }
      const failedInvoice = await repo.failedInvoiceOf(db, donationId);
      const invoiceId = failedInvoice ?? `sandbox_in_${donationId}_${(await repo.paymentCountOf(db, donationId)) + 1}`;
      const common = { occurredAt: nowIso(), donationId, subscriptionId: donation.subscriptionId, invoiceId };
      if (outcome === "failed") {
        await applyEvent({
          ...common,
          type: "invoice.payment_failed",
          // Each failed attempt is its own event, as each of Stripe's retries is.
          id: `sandbox_evt_failed_${invoiceId}_${common.occurredAt}`,
          updateCardUrl: sandboxCardUrl(config.publicSiteUrl, donationId),
        });
        return;
      }
      await applyEvent({
        ...common,
        type: "invoice.paid",
        id: `sandbox_evt_paid_${invoiceId}`,
        amountCents: donation.amountCents + donation.feeCoverCents,
        currency: donation.currency,
        email: null,
        customerId: null,
      });
    },

    /** A running sandbox monthly gift, for its card page; undefined when there is none. */
    async findSandboxMonthly(donationId: string) {
      if (provider?.name !== "sandbox") return undefined;
      const donation = await repo.findDonation(db, { id: donationId });
      const running = donation?.status === "paid" || donation?.status === "payment_failed";
      if (donation?.provider !== "sandbox" || donation.frequency !== "monthly" || !running) return undefined;
      return {
        amountCents: donation.amountCents,
        feeCoverCents: donation.feeCoverCents,
        currency: donation.currency,
        status: donation.status,
      };
    },

    /** The sandbox's Pay button: the same event a Stripe webhook would bring, through the same path. */
    async completeSandboxCheckout(sessionId: string, donor: { email?: string; name?: string } = {}): Promise<void> {
      const donation = await repo.findDonation(db, { sessionId });
      if (!sandboxActive || donation?.provider !== "sandbox") {
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
        // What the sandbox "charged": the gift and the fee cover, as Stripe's session total is.
        amountCents: donation.amountCents + donation.feeCoverCents,
        currency: donation.currency,
        email: donor.email || null,
        name: donor.name || null,
        customerId: null,
        subscriptionId: monthly ? `sandbox_sub_${donation.id}` : null,
        paymentReference: `sandbox_pay_${sessionId}`,
        paymentIntentId: null,
        fund: donation.fundId ?? undefined,
      });
    },

    /** A pending sandbox checkout, for its test page; undefined when there is none to pay. */
    async findSandboxCheckout(sessionId: string): Promise<DonationReceipt | undefined> {
      if (!sandboxActive) return undefined;
      const row = await repo.findReceipt(db, sessionId);
      if (row?.provider !== "sandbox") return undefined;
      // The test checkout shows what a Stripe page would carry in its metadata: the fund.
      return toReceipt(row);
    },

    /**
     * The donor is back from the hosted checkout: for a pending birr gift, a reason to ask Chapa
     * (its answer, not the address bar, decides); then the thank-you page's facts.
     */
    async receiptOnReturn(sessionId: string): Promise<DonationReceipt | undefined> {
      if (sessionId.startsWith(CHAPA_REFERENCE_PREFIX) && sessionId.length <= 255) await verifyOrReport(sessionId);
      return this.findReceipt(sessionId);
    },

    /** The thank-you page's facts, by checkout session id. */
    async findReceipt(sessionId: string): Promise<DonationReceipt | undefined> {
      if (!sessionId || sessionId.length > 255) return undefined;
      const row = await repo.findReceipt(db, sessionId);
      return row && toReceipt(row);
    },

    async ledger(): Promise<DonationLedger> {
      const [donations, totals] = await Promise.all([repo.listDonations(db), ledgerTotals(db, clock())]);
      return { donations, totals };
    },

    /**
     * Every card donation and offline gift as CSV (donors' names and addresses), each in its own
     * currency with its dollar value; the export is itself recorded.
     */
    exportCsv(actor: Actor): Readable {
      // Fund titles come from the site content, each looked up once.
      const titles = new Map<string, string>();
      const fundTitle = async (id: string | null) => {
        if (!id) return WHERE_MOST_NEEDED;
        if (!titles.has(id)) titles.set(id, (await deps.fundTitle?.(id)) ?? id);
        return titles.get(id) as string;
      };
      async function* rows() {
        for await (const batch of keysetBatches<Donation>(
          (after, limit) => repo.donationsAfter(db, after, limit),
          EXPORT_BATCH,
        )) {
          yield Promise.all(batch.map(async (d) => cardExportRow(d, await fundTitle(d.fundId))));
        }
        for await (const batch of keysetBatches<OfflineGift>(
          (after, limit) => giftsAfter(db, after, limit),
          EXPORT_BATCH,
        )) {
          yield Promise.all(batch.map(async (g) => offlineExportRow(g, await fundTitle(g.fundId))));
        }
      }
      return csvStream(DONATION_CSV_COLUMNS, rows(), (count) =>
        db
          .transaction()
          .execute((trx) =>
            audit.record(trx, actor, { action: "export", entity: DONATION_AUDIT_ENTITY, values: { rows: count } }),
          ),
      );
    },
  };
}

export type DonationsService = ReturnType<typeof createDonationsService>;
