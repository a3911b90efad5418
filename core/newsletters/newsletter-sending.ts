import { setTimeout as sleep } from "node:timers/promises";
import { type Db, type Dialect, withoutDiskFlush } from "../../db/database.ts";
import { type Audit, SYSTEM_ACTOR } from "../audit/audit.ts";
import type { PurgePublicCaches } from "../cache-purge/cache-purge.ts";
import { type EmailService, isPermanentRefusal } from "../email/email.service.ts";
import type { RenderedEmail } from "../email/render-email.ts";
import type { Locale } from "../i18n/locale.ts";
import type { JobDefinition, RunningJob } from "../jobs/jobs.service.ts";
import type { Clock } from "../shared/clock.ts";
import { ValidationError } from "../shared/errors.ts";
import type { newsletterLinks } from "../subscribers/unsubscribe-token.ts";
import type { PictureStorage } from "./newsletter-pictures.ts";
import * as repo from "./newsletters.repository.ts";
import { hasAmharicVersion, type Newsletter } from "./newsletters.schema.ts";
import { forRecipient, renderNewsletter } from "./render-newsletter.ts";

export const NEWSLETTER_SEND_JOB = "newsletters.send";
/** Tries per recipient before the address is listed as failed (an SMTP 5xx fails it at once). */
export const DELIVERY_ATTEMPTS = 5;
/** A recipient's retry waits 1 min, doubling to 30 min. */
const deliveryBackOff = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 30 * 60_000);
/**
 * How long a send waits for its pictures' files (a background encoding still running) before it goes
 * without the ones still missing.
 */
export const PICTURE_WAIT_MS = 30 * 60_000;
/** Deliveries marked `sending` in one write; small, so a crash resends little. */
const BATCH = 20;

export interface SendJobPayload {
  id: string;
  /** Which send or schedule of the newsletter this job is for; a cancelled one finds a newer number. */
  attempt: number;
}

export interface SendingDeps {
  db: Db;
  audit: Audit;
  /**
   * Throws a ValidationError naming a picture that may not be shown (consent changed since the
   * newsletter was scheduled); checked when a scheduled send starts.
   */
  mayGoOut: (trx: Db, newsletter: Newsletter) => Promise<void>;
  postalAddress: () => Promise<string[]>;
  dialect: Dialect;
  clock: Clock;
  email: EmailService;
  purgePublicCaches: PurgePublicCaches;
  siteUrl: string;
  links: ReturnType<typeof newsletterLinks>;
  storage: PictureStorage;
  unsubscribeToken: (subscriberId: string) => string;
  /** Messages per second. */
  rate: number;
}

/**
 * The job that sends one newsletter (docs/decisions/0341-newsletter-sending.md). It holds only the
 * newsletter's id. A scheduled newsletter's recipients are frozen when it starts; then each delivery
 * is marked `sending` before its message goes to the mail server and `sent` after, so a run that
 * dies is resumed by the queue (its claim expires) and sends only what was not recorded as sent.
 * A recipient who unsubscribed meanwhile is skipped; each gets the version in their language (the
 * Amharic one, when there is one, to Amharic readers). Messages go out at `rate` per second.
 */
export function newsletterSendJob(deps: SendingDeps): JobDefinition<SendJobPayload> {
  const { db, clock, email, links, rate } = deps;
  const nowIso = () => clock().toISOString();

  /**
   * A scheduled newsletter starts: recipients frozen, unless a picture lost its consent meanwhile;
   * then it goes back to being a draft, staff are told why, and nobody gets it. False then.
   */
  async function start(id: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const row = await repo.findNewsletter(trx, id);
      if (!row) return false;
      try {
        await deps.mayGoOut(trx, repo.toNewsletter(row));
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        await repo.updateNewsletterIn(trx, id, ["scheduled"], { state: "draft", scheduled_at: null });
        await deps.audit.record(trx, SYSTEM_ACTOR, {
          action: "send",
          entity: "newsletter",
          entityId: id,
          values: { step: "cancelled", reason: "consent" },
        });
        await email.notifyStaff(trx, {
          subject: `Newsletter not sent: ${row.subject}`,
          text: `The newsletter "${row.subject}" was scheduled but not sent, and is a draft again. ${error.message}`,
        });
        return false;
      }
      const moved = await repo.updateNewsletterIn(trx, id, ["scheduled"], {
        state: "sending",
        send_started_at: nowIso(),
      });
      if (moved)
        await repo.updateNewsletterIn(trx, id, ["sending"], { recipients: await repo.freezeRecipients(trx, id) });
      return true;
    });
  }

  async function deliverDue(id: string, rendered: Record<Locale, RenderedEmail>, job: RunningJob): Promise<void> {
    const gap = 1000 / rate;
    let handed = 0;
    for (;;) {
      const due = await repo.dueDeliveries(db, id, nowIso(), BATCH);
      if (due.length === 0) return;
      const gone = due.filter((delivery) => delivery.subscriberStatus !== "confirmed");
      for (const delivery of gone) {
        await repo.markDelivery(db, id, delivery.subscriberId, { status: "skipped", last_error: null });
      }
      const live = due.filter((delivery) => delivery.subscriberStatus === "confirmed");
      await repo.markSending(
        db,
        id,
        live.map((delivery) => delivery.subscriberId),
      );
      for (const delivery of live) {
        // A shutdown stops the send between messages; the queue hands the job on at once.
        job.signal.throwIfAborted();
        const began = performance.now();
        const attempts = Number(delivery.attempts) + 1;
        try {
          await email.deliver(delivery.email, {
            ...forRecipient(rendered[delivery.locale], deps.unsubscribeToken(delivery.subscriberId), links),
            messageId: `newsletter-${id}-${delivery.subscriberId}`,
          });
          // Recorded at once, but without waiting for the disk: a flush per message held the event
          // loop (and every page) ~6 ms a message on SQLite; a lost mark only resends (0481).
          await withoutDiskFlush({ db, dialect: deps.dialect }, (connection) =>
            repo.markDelivery(connection, id, delivery.subscriberId, {
              status: "sent",
              sent_at: nowIso(),
              last_error: null,
            }),
          );
        } catch (error) {
          const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
          const final = isPermanentRefusal(error) || attempts >= DELIVERY_ATTEMPTS;
          await repo.markDelivery(db, id, delivery.subscriberId, {
            status: final ? "failed" : "queued",
            last_error: message,
            next_attempt_at: final ? null : new Date(clock().getTime() + deliveryBackOff(attempts)).toISOString(),
          });
        }
        if (++handed % 100 === 0) await job.progress(await repo.progressOf(db, id));
        const wait = gap - (performance.now() - began);
        if (wait > 1) await sleep(wait);
      }
    }
  }

  return {
    type: NEWSLETTER_SEND_JOB,
    // Short, so a send whose instance died resumes within half a minute (renewed every 10 s).
    claimMs: 30_000,
    maxAttempts: 60,
    retryDelayMs: (attempts) => Math.min(30_000 * 2 ** (attempts - 1), 10 * 60_000),
    async handle({ id, attempt }, job) {
      const row = await repo.findNewsletter(db, id);
      if (!row || Number(row.send_attempt) !== attempt) return; // deleted, cancelled or rescheduled
      // A claim is first taken for the longest claim of all job types; renewing at once shortens it to
      // this job's 30 s, so a crash in the first seconds does not hold the send for minutes.
      await job.progress(await repo.progressOf(db, id));
      if (row.state === "scheduled") {
        if (!(await start(id))) return;
      } else if (row.state !== "sending") return;
      await repo.dropOrphanDeliveries(db, id);
      const current = await repo.findNewsletter(db, id);
      if (!current) return;
      // Each language's e-mail rendered once (docs/decisions/0884); without an Amharic version
      // Amharic readers get the English one, rendered once for everyone.
      const newsletter = repo.toNewsletter(current);
      const postalAddress = await deps.postalAddress();
      const renderIn = (locale: Locale) =>
        renderNewsletter(newsletter, deps.siteUrl, links, deps.storage, postalAddress, { locale });
      const en = await renderIn("en");
      const am = hasAmharicVersion(newsletter) ? await renderIn("am") : en;
      const missingPictures = [...new Set([...en.missingPictures, ...am.missingPictures])];
      const startedAt = Date.parse(current.send_started_at ?? "") || clock().getTime();
      if (missingPictures.length > 0 && clock().getTime() - startedAt < PICTURE_WAIT_MS) {
        // Nobody has been sent anything yet by this run: the queue's back-off brings it back.
        throw new Error(`waiting for pictures still being prepared: ${missingPictures.join(", ")}`);
      }
      await deliverDue(id, { en: en.email, am: am.email }, job);
      const waiting = await repo.nextRetryAt(db, id);
      // Throwing hands the wait to the queue's back-off; the next run sends what has come due.
      if (waiting) throw new Error(`some recipients wait for a retry (next at ${waiting})`);
      if (await repo.updateNewsletterIn(db, id, ["sending"], { state: "sent", sent_at: nowIso() })) {
        if (current.in_archive) await deps.purgePublicCaches();
      }
    },
  };
}
