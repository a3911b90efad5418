import { addMonths } from "date-fns/addMonths";
import type { Db } from "../../db/database.ts";
import type { Actor } from "../audit/audit.ts";
import { newSecretToken, tokenHasher } from "../auth/token-hash.ts";
import { donationStatus } from "../donations/donations.repository.ts";
import { isValidDonationAmount } from "../donations/donations.schema.ts";
import type { DonationsService } from "../donations/donations.service.ts";
import { MONTHLY_NOT_RUNNING_MESSAGE } from "../donations/donations.service.ts";
import type { EmailService } from "../email/email.service.ts";
import type { EmailContent } from "../email/render-email.ts";
import { isLocale, type Locale, localizePath } from "../i18n/locale.ts";
import { message } from "../i18n/messages.ts";
import type { JobDefinition, JobQueue } from "../jobs/jobs.service.ts";
import { isCurrency, parseAmount, toMajor } from "../money/money.ts";
import type { ReceiptsService } from "../receipts/receipts.service.ts";
import type { Clock } from "../shared/clock.ts";
import {
  ConflictError,
  GoneError,
  NotFoundError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
} from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { zonedDate } from "../shared/site-time.ts";
import { parseInput } from "../shared/validation.ts";
import type { LinkPurpose, SingleUseLinks } from "../single-use-links/single-use-links.ts";
import * as repo from "./giving.repository.ts";
import {
  GIVING_AMOUNT_MESSAGE,
  GIVING_LINK_ENDED_MESSAGE,
  GIVING_PAUSE_MESSAGE,
  GIVING_SIGNED_OUT_MESSAGE,
  GIVING_UNAVAILABLE_MESSAGE,
  GivingAmountSchema,
  type GivingGift,
  GivingLinkRequestSchema,
  type GivingOverview,
  GivingPauseSchema,
  type GivingReceipt,
  GivingTokenSchema,
} from "./giving.schema.ts";

/**
 * "My giving" (docs/decisions/0460-my-giving.md). A donor proves they read an address's
 * mail by following a single-use link, and gets a short session for that address: no account, no
 * password. A request for a link is answered the same whatever the address (the route only queues a
 * job; the job decides whether the address has gifts and may have another link).
 */

export const DONOR_LINK_LIFETIME_MS = 15 * 60_000;
/** Absolute, not sliding: a session ends this long after the link was used. */
export const DONOR_SESSION_LIFETIME_MS = 30 * 60_000;

/** A sign-in link is for an address; several may be live at once (mail arrives out of order). */
export const GIVING_SIGN_IN_LINKS: LinkPurpose = {
  name: "my-giving-sign-in",
  lifetimeMs: DONOR_LINK_LIFETIME_MS,
  uses: 1,
  /** Links one address is sent per 15 minutes, however many times and from wherever it is asked. */
  perAddress: { max: 3, windowMs: 15 * 60_000 },
  /** Per address of the asker: enough for a typo or two, too few to mail-bomb anyone. */
  perAsker: { max: 5, timeWindow: "15 minutes" },
  replacesEarlier: false,
};
export const GIVING_LINK_JOB = "giving.sign-in-link";
export const GIVING_HOUSEKEEPING_JOB = "giving.housekeeping";

/**
 * The page the link opens, in the language the donor asked from. The token is a query parameter so
 * the page works without JavaScript (0460).
 */
export const givingLink = (siteUrl: string, token: string, locale: Locale = "en") =>
  `${siteUrl}${localizePath("/giving", locale)}?token=${token}`;

/** The sign-in e-mail in the language of the page the donor asked from (the catalogue's texts, decision 0507). */
function linkMail(url: string, locale: Locale): EmailContent {
  const t = (key: Parameters<typeof message>[1]) => message(locale, key);
  return {
    lang: locale,
    subject: t("givingEmail.subject"),
    preview: t("givingEmail.preview"),
    heading: t("givingEmail.heading"),
    intro: [t("givingEmail.asked"), t("givingEmail.follow")],
    action: { label: t("givingEmail.open"), url },
    footer: [t("givingEmail.once"), t("givingEmail.ignore")],
  };
}

/** The first monthly payment day after `last` that is not inside a pause ending on `pausedUntil`. */
function nextPayment(last: string, pausedUntil: string | null): Date {
  let months = 1;
  let next = addMonths(new Date(last), months);
  while (pausedUntil && next.toISOString().slice(0, 10) < pausedUntil && months < 13) {
    next = addMonths(new Date(last), ++months);
  }
  return next;
}

/**
 * When collection resumes after skipping the next `months` payments: the day after the last skipped
 * one ('yyyy-MM-dd', UTC as Stripe's `resumes_at`), so the payment after it is taken as usual.
 */
export function pauseEnd(lastPayment: string, months: number): string {
  const lastSkipped = addMonths(new Date(lastPayment), months);
  return new Date(lastSkipped.getTime() + 24 * 60 * 60_000).toISOString().slice(0, 10);
}

export interface GivingDeps {
  db: Db;
  clock: Clock;
  /** SESSION_SECRET, under which session tokens are hashed. */
  tokenSecret: string;
  links: SingleUseLinks;
  email: EmailService;
  jobs: JobQueue;
  siteUrl: string;
  donations: DonationsService;
  receipts: ReceiptsService;
  fundTitle: (id: string) => Promise<string | undefined>;
}

/** A donor's signed-in session: the address it is for, and when it ends. */
export interface DonorSession {
  email: string;
  expiresAt: string;
}

export function createGivingService(deps: GivingDeps) {
  const { db, clock, links, email, jobs, siteUrl } = deps;
  const tokenHash = tokenHasher(deps.tokenSecret);
  const nowIso = () => clock().toISOString();

  async function sendLink({ email: address, locale }: { email: string; locale?: Locale }): Promise<void> {
    if (!(await repo.hasGifts(db, address))) return;
    if (!(await links.mayIssue(db, GIVING_SIGN_IN_LINKS, address))) return;
    await db.transaction().execute(async (trx) => {
      await links.send(trx, GIVING_SIGN_IN_LINKS, {
        subject: address,
        to: address,
        mail: ({ token }) => linkMail(givingLink(siteUrl, token, locale), locale ?? "en"),
      });
    });
    email.wake();
  }

  const titleOf = async (fund: string | null) => (fund ? ((await deps.fundTitle(fund)) ?? fund) : null);
  // Dates as the organisation reads them (Addis Ababa), not UTC's.
  const day = (iso: string | null) => (iso ? zonedDate(iso) : null);

  async function overview(session: DonorSession): Promise<GivingOverview> {
    const address = session.email;
    const [cards, offline, receipts] = await Promise.all([
      repo.cardGifts(db, address),
      repo.offlineGifts(db, address),
      repo.receiptsOf(db, address),
    ]);
    const receiptsFor = (match: (r: (typeof receipts)[number]) => boolean): GivingReceipt[] =>
      receipts.filter(match).map((r) => ({ id: r.id, number: r.number, voided: r.voided_at !== null }));
    const gifts: GivingGift[] = [];
    const today = clock().toISOString().slice(0, 10);
    for (const row of cards) {
      const d = { ...row, status: donationStatus(row) };
      const running = d.frequency === "monthly" && (d.status === "paid" || d.status === "payment_failed");
      const last = d.last_paid_at ? String(d.last_paid_at) : d.paid_at;
      const pausedUntil = running && d.paused_until && d.paused_until > today ? d.paused_until : null;
      gifts.push({
        id: d.id,
        kind: "card",
        frequency: d.frequency === "monthly" ? "monthly" : "one-time",
        status: d.status,
        amountMinor: Number(d.amount_cents),
        feeCoverMinor: Number(d.fee_cover_cents),
        currency: d.currency,
        fund: await titleOf(d.fund_id),
        date: day(d.paid_at ?? d.created_at) as string,
        payments: Number(d.payments ?? 0),
        // Stripe bills a monthly gift on the same day each month: a month after the last payment, or
        // the first of those days after a pause.
        nextDate: running && last ? zonedDate(nextPayment(last, pausedUntil).toISOString()) : null,
        changeable: running,
        billingDay: running && d.paid_at ? Number(zonedDate(d.paid_at).slice(8, 10)) : null,
        pausedUntil,
        paymentFailed: d.status === "payment_failed",
        endedOn: day(d.ended_at),
        receipts: receiptsFor((r) => r.donation_id === d.id),
      });
    }
    for (const g of offline) {
      gifts.push({
        id: g.id,
        kind: "offline",
        frequency: "offline",
        status: "received",
        amountMinor: Number(g.amount_minor),
        feeCoverMinor: 0,
        currency: g.currency,
        fund: await titleOf(g.fund_id),
        date: g.received_on,
        payments: 1,
        nextDate: null,
        changeable: false,
        billingDay: null,
        pausedUntil: null,
        paymentFailed: false,
        endedOn: null,
        receipts: receiptsFor((r) => r.offline_gift_id === g.id),
      });
    }
    gifts.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
    return { email: address, gifts, sessionEndsAt: session.expiresAt };
  }

  async function ownDonation(session: DonorSession, donationId: string) {
    const donation = isRecordId(donationId) ? await repo.ownDonation(db, donationId, session.email) : undefined;
    if (!donation) throw new NotFoundError("That gift is not one of yours.");
    return donation;
  }

  const actorOf = (session: DonorSession, ip: string): Actor => ({ id: null, email: session.email, ip });

  return {
    /** The job that sends a sign-in link; registered with every other job kind in server/job-handlers.ts. */
    sendLinkJob: { type: GIVING_LINK_JOB, maxAttempts: 5, handle: sendLink } satisfies JobDefinition<{
      email: string;
      locale?: Locale;
    }>,

    /** Deletes ended donor sessions, at every start and hourly (their links go with every other link). */
    housekeepingJob: {
      type: GIVING_HOUSEKEEPING_JOB,
      everyMs: 60 * 60_000,
      maxAttempts: 3,
      handle: () => repo.deleteExpiredSessions(db, nowIso()),
    } satisfies JobDefinition<null>,

    /** Someone asked for a link: the same answer, at the same cost, for any address. */
    async requestLink(input: unknown): Promise<void> {
      const { email: address } = parseInput(GivingLinkRequestSchema, input);
      const lang = (input as { lang?: unknown } | null)?.lang;
      if (!email.enabled) throw new ServiceUnavailableError(GIVING_UNAVAILABLE_MESSAGE);
      const payload = { email: address, locale: isLocale(lang) ? lang : "en" };
      await jobs.enqueue(db, { type: GIVING_LINK_JOB, payload });
      jobs.wake();
    },

    /** Uses a link (once) and opens a session: its secret goes in the donor's cookie. */
    async signIn(input: unknown): Promise<{ token: string; session: DonorSession }> {
      const parsed = GivingTokenSchema.safeParse(input);
      if (!parsed.success) throw new GoneError(GIVING_LINK_ENDED_MESSAGE);
      return db.transaction().execute(async (trx) => {
        const now = clock();
        const address = await links.use(trx, GIVING_SIGN_IN_LINKS, parsed.data.token);
        if (!address) throw new GoneError(GIVING_LINK_ENDED_MESSAGE);
        const token = newSecretToken();
        const expiresAt = new Date(now.getTime() + DONOR_SESSION_LIFETIME_MS).toISOString();
        await repo.insertSession(trx, {
          id: newId(),
          email: address,
          tokenHash: tokenHash(token),
          now: now.toISOString(),
          expiresAt,
        });
        return { token, session: { email: address, expiresAt } };
      });
    },

    /** The session a cookie's secret stands for, while it lasts. */
    async session(token: string | undefined): Promise<DonorSession | undefined> {
      if (!token || token.length > 200) return undefined;
      const row = await repo.findSession(db, tokenHash(token), nowIso());
      return row && { email: row.email, expiresAt: row.expires_at };
    },

    /** Like `session`, for routes that need one: 401 otherwise. */
    async requireSession(token: string | undefined): Promise<DonorSession> {
      const session = await this.session(token);
      if (!session) throw new UnauthorizedError(GIVING_SIGNED_OUT_MESSAGE);
      return session;
    },

    async signOut(token: string | undefined): Promise<void> {
      if (token && token.length <= 200) await repo.deleteSession(db, tokenHash(token));
    },

    overview,

    /** A receipt's PDF, only for the address it was issued to. */
    async receiptPdf(session: DonorSession, receiptId: string) {
      const own = isRecordId(receiptId) ? await repo.ownReceipt(db, receiptId, session.email) : undefined;
      if (!own) throw new NotFoundError("That receipt is not one of yours.");
      return deps.receipts.pdf(receiptId);
    },

    /** Asks the provider to stop a running monthly gift; the ledger follows its event. */
    async stopMonthly(session: DonorSession, donationId: string, ip: string): Promise<void> {
      const donation = await ownDonation(session, donationId);
      await deps.donations.changeMonthly(donation.id, { stop: true }, actorOf(session, ip));
    },

    /** Asks the provider to skip the next 1–3 payments; the page shows the pause once it confirms. */
    async pauseMonthly(session: DonorSession, donationId: string, input: unknown, ip: string): Promise<void> {
      const donation = await ownDonation(session, donationId);
      const parsed = GivingPauseSchema.safeParse(input);
      if (!parsed.success) throw new ValidationError(GIVING_PAUSE_MESSAGE, { months: GIVING_PAUSE_MESSAGE });
      const last = await repo.lastPaymentAt(db, donation.id);
      const pauseUntil = pauseEnd(last ?? nowIso(), parsed.data.months);
      await deps.donations.changeMonthly(donation.id, { pauseUntil }, actorOf(session, ip));
    },

    /** Asks the provider to take the gift again from its next payment day. */
    async resumeMonthly(session: DonorSession, donationId: string, ip: string): Promise<void> {
      const donation = await ownDonation(session, donationId);
      await deps.donations.changeMonthly(donation.id, { resume: true }, actorOf(session, ip));
    },

    /** The provider's page where the donor replaces the card of a monthly gift. */
    async cardUpdateUrl(session: DonorSession, donationId: string, locale: Locale = "en"): Promise<string> {
      const donation = await ownDonation(session, donationId);
      const url = await deps.donations.cardUpdateUrl(donation.id, `${siteUrl}${localizePath("/giving", locale)}`);
      if (!url) throw new ConflictError(MONTHLY_NOT_RUNNING_MESSAGE);
      return url;
    },

    /** Asks the provider to bill a new monthly amount from the next payment on. */
    async changeMonthlyAmount(session: DonorSession, donationId: string, input: unknown, ip: string): Promise<void> {
      const donation = await ownDonation(session, donationId);
      const { amount } = parseInput(GivingAmountSchema, input);
      const currency = isCurrency(donation.currency) ? donation.currency : "usd";
      const amountCents = parseAmount(amount.replace(/^\$/, ""), currency);
      if (amountCents === undefined || !isValidDonationAmount(toMajor(amountCents, currency))) {
        throw new ValidationError(GIVING_AMOUNT_MESSAGE, { amount: GIVING_AMOUNT_MESSAGE });
      }
      await deps.donations.changeMonthly(donation.id, { amountCents, currency }, actorOf(session, ip));
    },
  };
}
