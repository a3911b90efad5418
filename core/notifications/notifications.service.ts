import type { Db } from "../../db/database.ts";
import type { JobQueue } from "../jobs/jobs.service.ts";

/** One e-mail to staff. */
export interface StaffMail {
  subject: string;
  text: string;
  /** The visitor's address, so staff can answer with Reply. */
  replyTo?: string | undefined;
}

/** Sends one e-mail to staff; throws when the mail server refuses or cannot be reached. */
export type StaffMailSender = (mail: StaffMail) => Promise<void>;

/** The job type of a staff e-mail (rows of the old outbox were moved to it by migration 2026-11-22-010). */
export const STAFF_MAIL_JOB = "staff-mail";

/** Control characters would break an e-mail header; visitors can type anything. */
export const headerSafe = (value: string, max = 150) =>
  value
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .slice(0, max);

/**
 * E-mails to staff, sent as jobs (core/jobs): features enqueue inside the transaction that stores a
 * submission, and the job worker sends them, retrying a failed send with the queue's growing waits.
 * Without a sender (no SMTP settings) nothing is queued and nothing is sent.
 */
export function createNotificationsService(jobs: JobQueue, send: StaffMailSender | undefined) {
  if (send) jobs.register<StaffMail>({ type: STAFF_MAIL_JOB, handle: (mail) => send(mail) });
  return {
    enabled: send !== undefined,

    /** Queues an e-mail; pass the submission's transaction so both are stored or neither. */
    async enqueue(trx: Db, mail: StaffMail): Promise<void> {
      if (!send) return;
      const payload: StaffMail = { subject: headerSafe(mail.subject), text: mail.text, replyTo: mail.replyTo };
      await jobs.enqueue(trx, { type: STAFF_MAIL_JOB, payload });
    },

    /** Tells the worker that something was queued (call after the transaction committed). */
    wake(): void {
      if (send) jobs.wake();
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
