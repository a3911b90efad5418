import type { Db } from "../../db/database.ts";
import type { Clock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import * as repo from "./notifications.repository.ts";

/** One e-mail to staff. */
export interface StaffMail {
  subject: string;
  text: string;
  /** The visitor's address, so staff can answer with Reply. */
  replyTo?: string | undefined;
}

/** Sends one e-mail to staff; throws when the mail server refuses or cannot be reached. */
export type StaffMailSender = (mail: StaffMail) => Promise<void>;

/** Retries back off from 30 s, doubling up to an hour; after 20 attempts (about 13 h) a row is abandoned. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;
export const MAX_ATTEMPTS = 20;
/** How long a worker owns the rows it took; longer than any SMTP timeout. */
const CLAIM_MS = 5 * 60_000;

export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS);

/** Control characters would break an e-mail header; visitors can type anything. */
export const headerSafe = (value: string, max = 150) =>
  value
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .slice(0, max);

/**
 * The staff-notification outbox. Features write to it inside the transaction that stores a
 * submission (`enqueue`); a background worker calls `deliverDue`. Without a sender (no SMTP
 * settings) nothing is queued and nothing is sent.
 */
export function createNotificationsService(db: Db, clock: Clock, send: StaffMailSender | undefined) {
  const listeners = new Set<() => void>();
  return {
    enabled: send !== undefined,

    /** Queues an e-mail; pass the submission's transaction so both are stored or neither. */
    async enqueue(trx: Db, mail: StaffMail): Promise<void> {
      if (!send) return;
      await repo.insertNotification(trx, {
        id: newId(),
        subject: headerSafe(mail.subject),
        text: mail.text,
        replyTo: mail.replyTo,
        now: clock().toISOString(),
      });
    },

    /** Tells the worker that something was queued (call after the transaction committed). */
    wake(): void {
      if (send) for (const listener of listeners) listener();
    },

    onQueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Sends what is due; failures are rescheduled with back-off, never thrown. */
    async deliverDue(limit = 20): Promise<{ sent: number; failed: number }> {
      if (!send) return { sent: 0, failed: 0 };
      const now = clock();
      const due = await repo.claimDue(db, {
        now: now.toISOString(),
        claimUntil: new Date(now.getTime() + CLAIM_MS).toISOString(),
        limit,
        maxAttempts: MAX_ATTEMPTS,
      });
      let sent = 0;
      let failed = 0;
      for (const entry of due) {
        try {
          await send(entry);
          await repo.markSent(db, entry.id, clock().toISOString());
          sent++;
        } catch (error) {
          const attempts = entry.attempts + 1;
          await repo.markFailed(db, entry.id, {
            attempts,
            nextAttemptAt: new Date(clock().getTime() + retryDelayMs(attempts)).toISOString(),
            error: error instanceof Error ? error.message : String(error),
          });
          failed++;
        }
      }
      return { sent, failed };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
