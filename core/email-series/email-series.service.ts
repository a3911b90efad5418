import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { fieldsChanged } from "../audit/audit.ts";
import type { ConsentService } from "../consent/consent.service.ts";
import type { EmailService } from "../email/email.service.ts";
import { isLocale, type Locale } from "../i18n/locale.ts";
import type { JobDefinition, JobQueue } from "../jobs/jobs.service.ts";
import { type PictureStorage, picturesShown } from "../newsletters/newsletter-pictures.ts";
import { PreviewQuerySchema } from "../newsletters/newsletters.schema.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./email-series.repository.ts";
import {
  EMAIL_SERIES,
  type EmailSeriesName,
  type EmailSeriesStep,
  type EmailSeriesSummary,
  StepInputSchema,
} from "./email-series.schema.ts";
import { renderSeriesStep } from "./series-mail.ts";

export const SERIES_STEP_JOB = "email-series.step";
export const WELCOME_SERIES: EmailSeriesName = "welcome";
export const STEP_AUDIT_ENTITY = "email-series-step";
const DAY_MS = 24 * 60 * 60_000;
const STEP_NOT_FOUND = "This step of the series does not exist.";

interface StepJobPayload {
  enrolmentId: string;
  stepId: string;
}

const stepJobKey = (enrolmentId: string, stepId: string) => `email-series:${enrolmentId}:${stepId}`;

export interface EmailSeriesDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  email: EmailService;
  jobs: JobQueue;
  siteUrl: string;
  /** Signs the unsubscribe links (SESSION_SECRET). */
  tokenSecret: string;
  /** Newsletter pictures a step may show (the newsletter editor's uploads). */
  storage: PictureStorage;
  /** Every picture a step shows goes through the one consent mechanism (docs/decisions/0751). */
  consent: Pick<ConsentService, "recordSent" | "assertMaySend" | "sendable">;
  postalAddress: () => Promise<string[]>;
  /** The addresses an erasure took off every list (core/people/suppression.ts): never written to. */
  suppressed: (address: string) => Promise<boolean>;
}

/**
 * E-mail series (docs/decisions/0790-email-series.md): a short run of e-mails, each a number of days
 * after an address was enrolled, staff-written in English and Amharic. Each step of each enrolment is
 * one durable job; when it comes due, the step's e-mail is put in the outbox (core/email) in the same
 * transaction that records the step as done, so it is queued once, and the outbox sends it once.
 * Unsubscribing stops every series of the address at once (its waiting jobs are taken back), and a
 * step marked so is not sent to a donor who gave again. The welcome series is the first user: a first
 * paid gift from an address enrols it (`afterPayment`).
 */
export function createEmailSeriesService(deps: EmailSeriesDeps) {
  const { db, clock, audit, email, jobs, siteUrl } = deps;
  const nowIso = () => clock().toISOString();

  const sign = (id: string) =>
    createHmac("sha256", deps.tokenSecret).update(`email-series-unsubscribe:${id}`).digest("base64url").slice(0, 32);
  const unsubscribeToken = (enrolmentId: string) => `${enrolmentId}.${sign(enrolmentId)}`;
  function readToken(token: unknown): string | undefined {
    if (typeof token !== "string") return undefined;
    const [id, signature, extra] = token.split(".");
    if (!id || !signature || extra !== undefined || id.length > 64) return undefined;
    const expected = Buffer.from(sign(id));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }
  /** RFC 8058 one-click and the link in the e-mail: the same URL (a POST stops, a GET asks first). */
  const unsubscribeUrl = (enrolmentId: string) =>
    `${siteUrl}/api/email-series/unsubscribe?token=${encodeURIComponent(unsubscribeToken(enrolmentId))}`;

  function seriesOf(name: string): EmailSeriesName {
    const series = EMAIL_SERIES.find((known) => known === name);
    if (!series) throw new NotFoundError("There is no such e-mail series.");
    return series;
  }

  async function findStepIn(series: EmailSeriesName, id: string) {
    const row = await repo.findStep(db, id);
    if (!row || row.series !== series) throw new NotFoundError(STEP_NOT_FOUND);
    return row;
  }

  /** The pictures a step shows, English text first, as a refusal names them. */
  const picturesOf = (step: Pick<EmailSeriesStep, "contentEn" | "contentAm">) =>
    picturesShown(deps.storage, `${step.contentEn}${step.contentAm}`);

  /**
   * The step as an e-mail in one language, without any picture that may not be shown today: a step
   * goes out for months after it was saved, and a consent may end or be withdrawn meanwhile.
   */
  async function mailOf(step: EmailSeriesStep, locale: Locale, unsubscribe: string) {
    const shown = await deps.consent.sendable(
      db,
      picturesOf(step).map((picture) => picture.url),
    );
    return renderSeriesStep(step, locale, {
      siteUrl,
      storage: deps.storage,
      mayShow: (src) => shown.has(src),
      unsubscribeUrl: unsubscribe,
      postalAddress: await deps.postalAddress(),
    });
  }

  /** Enrols an address (once per series, ever) and queues one job per step at its day. */
  async function enrol(trx: Db, series: EmailSeriesName, address: string, locale: Locale): Promise<boolean> {
    const enrolledAt = clock();
    const id = newId();
    const added = await repo.insertEnrolment(trx, {
      id,
      series,
      email: address,
      email_key: address.toLowerCase(),
      locale,
      enrolled_at: enrolledAt.toISOString(),
      second_gift_at: null,
      stopped_at: null,
      stop_reason: null,
    });
    if (!added) return false;
    for (const step of await repo.stepsOf(trx, series)) {
      const payload: StepJobPayload = { enrolmentId: id, stepId: step.id };
      await jobs.enqueue(trx, {
        type: SERIES_STEP_JOB,
        payload,
        key: stepJobKey(id, step.id),
        runAt: new Date(enrolledAt.getTime() + Number(step.day_offset) * DAY_MS),
      });
    }
    return true;
  }

  /** Takes back the waiting jobs of an enrolment's steps (all, or those a second gift stops). */
  async function takeBack(trx: Db, enrolment: repo.EnrolmentRow, which: (step: repo.StepRow) => boolean) {
    for (const step of await repo.stepsOf(trx, enrolment.series)) {
      if (which(step)) await jobs.dequeue(trx, stepJobKey(enrolment.id, step.id));
    }
  }

  /** Why a due step is not sent, or null when it goes. */
  function skipReason(enrolment: repo.EnrolmentRow, step: repo.StepRow | undefined): string | null {
    if (!step) return "gone";
    if (enrolment.stopped_at) return "stopped";
    if (Number(step.enabled) !== 1) return "off";
    if (Number(step.stops_on_second_gift) === 1 && enrolment.second_gift_at) return "gave-again";
    return null;
  }

  const stepJob: JobDefinition<StepJobPayload> = {
    type: SERIES_STEP_JOB,
    async handle({ enrolmentId, stepId }) {
      const enrolment = await repo.findEnrolment(db, { id: enrolmentId });
      if (!enrolment) return; // erased
      const step = await repo.findStep(db, stepId);
      if (!skipReason(enrolment, step) && (await deps.suppressed(enrolment.email))) {
        await repo.stop(db, { id: enrolment.id }, { at: nowIso(), reason: "erased" });
        return;
      }
      // Rendered before the transaction, so no write waits on the layout.
      const locale: Locale = isLocale(enrolment.locale) ? enrolment.locale : "en";
      const mail = step && (await mailOf(repo.toStep(step), locale, unsubscribeUrl(enrolment.id)));
      const queued = await db.transaction().execute(async (trx) => {
        // Read again in the transaction: an unsubscribe or a change of the step may have come meanwhile.
        const current = await repo.findEnrolment(trx, { id: enrolmentId });
        const currentStep = await repo.findStep(trx, stepId);
        if (!current) return false;
        const skip = skipReason(current, currentStep);
        if (!skip && currentStep?.updated_at !== step?.updated_at) {
          throw new Error("the step was changed while its e-mail was prepared; it is prepared again");
        }
        const outcome = skip || !mail ? "skipped" : "queued";
        // The step's record and its e-mail are stored together: a run after a crash finds the record.
        if (!(await repo.recordSend(trx, { enrolment_id: enrolmentId, step_id: stepId, outcome, at: nowIso() }))) {
          return false;
        }
        if (outcome === "skipped" || !mail) return false;
        await email.send(trx, current.email, {
          ...mail,
          headers: {
            "List-Unsubscribe": `<${unsubscribeUrl(current.id)}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        });
        return true;
      });
      if (queued) email.wake();
    },
  };

  return {
    /** Sends one step of one enrolment; registered with every other job kind in server/job-handlers.ts. */
    stepJob,
    unsubscribeUrl,

    /**
     * In the transaction of a payment event (the one place gifts become paid, whatever the provider):
     * a first gift from an address enrols it in the welcome series, in the language of the page the
     * donor gave from; a later gift marks an enrolment "given again" and takes back the steps that
     * stop then. Test gifts count nowhere.
     */
    async afterPayment(trx: Db, donationId: string): Promise<void> {
      const donation = await repo.donorOf(trx, donationId);
      if (!donation?.donor_email || Number(donation.test) === 1) return;
      const emailKey = donation.donor_email.toLowerCase();
      const gifts = await repo.giftsFrom(trx, emailKey);
      if (gifts === 0) return;
      const enrolment = await repo.findEnrolment(trx, { series: WELCOME_SERIES, emailKey });
      if (!enrolment) {
        if (gifts === 1) {
          const locale: Locale = isLocale(donation.locale) ? donation.locale : "en";
          await enrol(trx, WELCOME_SERIES, donation.donor_email, locale);
        }
        return;
      }
      if (gifts >= 2 && (await repo.markSecondGift(trx, enrolment.id, nowIso()))) {
        await takeBack(trx, enrolment, (step) => Number(step.stops_on_second_gift) === 1);
      }
    },

    /** One-click unsubscribe (RFC 8058) and the e-mail's link: every series of the address stops now. */
    async unsubscribe(token: unknown): Promise<{ stopped: boolean }> {
      const id = readToken(token);
      const enrolment = id && (await repo.findEnrolment(db, { id }));
      if (!enrolment) throw new NotFoundError("This link is not valid.");
      await db.transaction().execute(async (trx) => {
        const stopped = await repo.stop(
          trx,
          { emailKey: enrolment.email_key },
          { at: nowIso(), reason: "unsubscribed" },
        );
        for (const stoppedId of stopped) {
          const row = await repo.findEnrolment(trx, { id: stoppedId });
          if (row) await takeBack(trx, row, () => true);
        }
      });
      return { stopped: true };
    },

    /** A series with its steps, for Admin. */
    async get(name: string): Promise<EmailSeriesSummary> {
      const series = seriesOf(name);
      const steps = (await repo.stepsOf(db, series)).map(repo.toStep);
      return { series, steps, ...(await repo.counts(db, series)) };
    },

    /** Saves a step's texts, day and switches (Administrators and Editors); audited. */
    async updateStep(name: string, id: string, input: unknown, actor: Actor): Promise<EmailSeriesStep> {
      const series = seriesOf(name);
      const data = parseInput(StepInputSchema, input);
      const before = repo.toStep(await findStepIn(series, id));
      const patch = {
        day_offset: data.dayOffset,
        enabled: data.enabled ? 1 : 0,
        stops_on_second_gift: data.stopsOnSecondGift ? 1 : 0,
        subject_en: data.subjectEn,
        content_en: data.contentEn,
        subject_am: data.subjectAm,
        content_am: data.contentAm,
        updated_at: nowIso(),
      };
      await db.transaction().execute(async (trx) => {
        await repo.updateStep(trx, id, patch);
        const after = repo.toStep((await repo.findStep(trx, id)) as repo.StepRow);
        const pictures = picturesOf(after);
        const shown = new Set(pictures.map((picture) => picture.url));
        for (const [index, { imageUrl, ...sent }] of (data.pictureConsents ?? []).entries()) {
          if (shown.has(imageUrl)) {
            await deps.consent.recordSent(trx, { url: imageUrl, sent, field: `pictureConsents.${index}` }, actor, id);
          }
        }
        // A switched-on step may go to a donor any day: like a newsletter's send, it is refused while
        // a picture may not be shown (a switched-off step may wait for its consent).
        if (after.enabled) await deps.consent.assertMaySend(trx, pictures, "the e-mail");
        await audit.record(trx, actor, {
          action: "update",
          entity: STEP_AUDIT_ENTITY,
          entityId: id,
          fields: fieldsChanged(before, after).filter((field) => field !== "updatedAt"),
          values: { series, position: before.position, enabled: data.enabled },
        });
      });
      return repo.toStep(await findStepIn(series, id));
    },

    /** The step's e-mail as a donor gets it, in the language asked for. */
    async preview(name: string, id: string, query: unknown) {
      const series = seriesOf(name);
      const { lang } = parseInput(PreviewQuerySchema, query);
      const step = repo.toStep(await findStepIn(series, id));
      const mail = await mailOf(step, lang, `${siteUrl}/api/email-series/unsubscribe?token=preview`);
      return { subject: mail.subject, html: mail.html ?? "", text: mail.text };
    },
  };
}
