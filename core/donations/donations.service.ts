import type { Readable } from "node:stream";
import type { Config } from "../../config/env.ts";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit, AuditValue } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import type { EmailService } from "../email/email.service.ts";
import { UNKNOWN_FUND_MESSAGE, WHERE_MOST_NEEDED } from "../funds/funds.schema.ts";
import { isLocale } from "../i18n/locale.ts";
import type { JobDefinition, JobQueue } from "../jobs/jobs.service.ts";
import { toMinor } from "../money/money.ts";
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
import { parseInput } from "../shared/validation.ts";
import { createEventApplier } from "./donation-events.ts";
import * as repo from "./donations.repository.ts";
import {
  CARD_UNAVAILABLE_MESSAGE,
  CheckoutRequestSchema,
  type CheckoutSession,
  DONATION_CURRENCY,
  DONATION_FAILED_MESSAGE,
  type Donation,
  type DonationLedger,
  type DonationReceipt,
} from "./donations.schema.ts";
import { cardExportRow, DONATION_CSV_COLUMNS, offlineExportRow } from "./donations-csv.ts";
import { ledgerTotals } from "./ledger.service.ts";
import { paymentFailedMail } from "./payment-failure-mail.ts";
import type { PaymentEvent, PaymentProvider, SubscriptionChange } from "./payment-provider.ts";
import { createSandboxProvider, sandboxCardUrl } from "./sandbox-provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

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
    return createSandboxProvider({ siteUrl: config.publicSiteUrl, clock });
  return undefined;
}

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
  /** Tells a monthly donor that a payment failed (none: nobody is told). */
  email?: EmailService;
}

/** The sandbox's "webhook": an event its provider returned, applied by the job worker. */
export const SANDBOX_EVENT_JOB = "donations.sandbox-event";

export const MONTHLY_NOT_RUNNING_MESSAGE = "This monthly gift is not running, so it cannot be changed.";
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
    onPaymentFailed: tellDonorPaymentFailed,
  });

  async function applyEvent(event: PaymentEvent): Promise<"applied" | "duplicate"> {
    const outcome = await applyEventOnce(event);
    if (outcome === "applied") {
      await deps.purgePublicCaches?.();
      if (event.type === "invoice.payment_failed") deps.email?.wake();
    }
    return outcome;
  }

  const sandboxEventJob: JobDefinition<PaymentEvent> = {
    type: SANDBOX_EVENT_JOB,
    async handle(event) {
      await applyEvent(event);
    },
  };

  /** The fund a checkout is for: null for where most needed; an id no published card has is refused. */
  /** The thank-you page's facts about one donation row. */
  async function toReceipt(row: Awaited<ReturnType<typeof repo.findReceipt>> & object): Promise<DonationReceipt> {
    return {
      amountCents: Number(row.amount_cents),
      currency: row.currency,
      frequency: row.frequency as DonationReceipt["frequency"],
      status: row.status as DonationReceipt["status"],
      fund: row.fund_id ? ((await deps.fundTitle?.(row.fund_id)) ?? row.fund_id) : null,
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

  return {
    /** Applies the sandbox provider's events; registered with every other job kind in server/job-handlers.ts. */
    sandboxEventJob,
    /** Card giving is possible here (Stripe or the sandbox). */
    cardPaymentsAvailable: provider !== undefined,
    providerName: provider?.name,

    async createCheckout(input: unknown): Promise<CheckoutSession> {
      const { amount, frequency, fund: chosenFund } = parseInput(CheckoutRequestSchema, input);
      // The page's language, as My giving's link request sends it: the e-mails about the gift use it.
      const lang = (input as { lang?: unknown } | null)?.lang;
      if (!provider) throw new ServiceUnavailableError(CARD_UNAVAILABLE_MESSAGE);
      const fund = await designation(chosenFund);
      const donationId = newId();
      const amountCents = toMinor(amount, DONATION_CURRENCY) ?? 0;
      let session: { id: string; url: string };
      try {
        session = await provider.createCheckout({
          donationId,
          amountCents,
          currency: DONATION_CURRENCY,
          frequency,
          fund,
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
        fundId: fund,
        locale: isLocale(lang) ? lang : null,
        now: nowIso(),
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
      let event: PaymentEvent | null;
      try {
        event = await provider.changeSubscription({ subscriptionId: donation.subscriptionId, donationId }, change);
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
        amountCents: donation.amountCents,
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
      return { amountCents: donation.amountCents, currency: donation.currency, status: donation.status };
    },

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
        fund: donation.fundId ?? undefined,
      });
    },

    /** A pending sandbox checkout, for its test page; undefined when there is none to pay. */
    async findSandboxCheckout(sessionId: string): Promise<(DonationReceipt & { fundId: string | null }) | undefined> {
      if (provider?.name !== "sandbox") return undefined;
      const row = await repo.findReceipt(db, sessionId);
      if (row?.provider !== "sandbox") return undefined;
      // The test checkout shows what a Stripe page would carry in its metadata: the fund.
      return { ...(await toReceipt(row)), fundId: row.fund_id };
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
