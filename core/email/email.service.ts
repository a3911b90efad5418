import type { Db } from "../../db/database.ts";
import type { JobDefinition, JobQueue } from "../jobs/jobs.service.ts";
import type { RenderedEmail } from "./render-email.ts";

/**
 * Every e-mail the site sends (docs/decisions/0210-email.md): rendered once when queued
 * (render-email.ts), stored as an `email` job in the transaction that makes it needed, and sent by
 * the job worker with the queue's retries. Without SMTP settings nothing is queued or sent.
 */

/** A file sent with an e-mail (a receipt's PDF); base64 so the job's JSON payload can hold it. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/** What a feature hands over: the rendered e-mail and any files. */
export interface OutgoingEmail extends RenderedEmail {
  attachments?: EmailAttachment[];
}

/** An e-mail as its job stores it. */
export interface QueuedEmail extends OutgoingEmail {
  /** The recipient; absent for staff notifications, which go to STAFF_EMAIL as configured at send time. */
  to?: string;
  /** The visitor's address on a staff notification, so staff can answer with Reply. */
  replyTo?: string | undefined;
  /** Extra headers, e.g. a newsletter's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * The local part of the message's `Message-ID` (its domain is the sender's): the same for every
   * attempt at one message (the `email` job's id, a newsletter's delivery), so a copy sent again
   * after a crash is recognisably the same message.
   */
  messageId?: string;
}

/** Hands one e-mail to the mail server; throws when it refuses or cannot be reached. */
export type EmailTransport = (mail: QueuedEmail & { to: string }) => Promise<void>;

export const EMAIL_JOB = "email";

/** A refusal the mail server says is final (an SMTP 5xx, e.g. no such mailbox): retrying cannot help. */
export const isPermanentRefusal = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

/** Control characters would break an e-mail header; visitors can type anything. */
export const headerSafe = (value: string, max = 150) =>
  value
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .slice(0, max);

export interface EmailServiceDeps {
  jobs: JobQueue;
  /** None without SMTP: the site then queues e-mail but sends none. */
  transport: EmailTransport | undefined;
  /** Where staff notifications go (STAFF_EMAIL). */
  staffAddress?: string;
}

export function createEmailService({ jobs, transport, staffAddress }: EmailServiceDeps) {
  /** Without SMTP there is none: queued e-mails wait for an instance that can send them. */
  const deliveryJob: JobDefinition<QueuedEmail> | undefined = transport && {
    type: EMAIL_JOB,
    async handle(mail, job) {
      // An earlier run handed it over and then lost its claim before recording the outcome:
      // sending again would deliver it twice.
      if ((job.recorded as { accepted?: boolean } | null)?.accepted) return;
      const to = mail.to ?? staffAddress;
      if (!to) throw new Error("a staff notification waits for STAFF_EMAIL to be set");
      await transport({ messageId: job.id, ...mail, to });
      // Recorded before anything else can fail, so a crash from here on does not send it again.
      await job.progress({ accepted: true });
    },
  };

  async function enqueue(trx: Db, mail: QueuedEmail): Promise<void> {
    const payload: QueuedEmail = { ...mail, subject: headerSafe(mail.subject) };
    await jobs.enqueue(trx, { type: EMAIL_JOB, payload });
  }

  return {
    /** Sends one queued e-mail; registered with every other job kind in server/job-handlers.ts. */
    deliveryJob,
    /** Whether the site can send e-mail at all (SMTP is configured). */
    enabled: transport !== undefined,
    /** Whether new applications and messages are announced to staff. */
    notifiesStaff: transport !== undefined && staffAddress !== undefined,

    /**
     * Queues an e-mail to one person; pass the transaction of the change that makes it needed.
     * `headers` carry a message's List-Unsubscribe when it is not transactional (an e-mail series).
     */
    async send(trx: Db, to: string, mail: OutgoingEmail & { headers?: Record<string, string> }): Promise<void> {
      if (transport) await enqueue(trx, { ...mail, to });
    },

    /** Queues a notification to the staff address (STAFF_EMAIL); nothing when none is set. */
    async notifyStaff(trx: Db, mail: RenderedEmail & { replyTo?: string | undefined }): Promise<void> {
      if (transport && staffAddress) await enqueue(trx, mail);
    },

    /**
     * Sends one message now, for a job that keeps its own per-recipient record (a newsletter's
     * deliveries) instead of one `email` job per message. Throws what the mail server answered.
     */
    async deliver(to: string, mail: QueuedEmail): Promise<void> {
      if (!transport) throw new Error("e-mail is not set up");
      await transport({ ...mail, subject: headerSafe(mail.subject), to });
    },

    /** Tells the worker that something was queued (call after the transaction committed). */
    wake(): void {
      if (transport) jobs.wake();
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
