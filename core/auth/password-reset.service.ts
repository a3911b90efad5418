import type { Db } from "../../db/database.ts";
import type { Audit } from "../audit/audit.ts";
import type { EmailService } from "../email/email.service.ts";
import { type EmailContent, renderEmail } from "../email/render-email.ts";
import type { JobQueue } from "../jobs/jobs.service.ts";
import type { Clock } from "../shared/clock.ts";
import { GoneError, ServiceUnavailableError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { parseInput } from "../shared/validation.ts";
import * as authRepo from "./auth.repository.ts";
import { hashNewPassword } from "./password.ts";
import * as repo from "./password-reset.repository.ts";
import {
  RESET_LINK_ENDED_MESSAGE,
  RESET_UNAVAILABLE_MESSAGE,
  ResetCompleteSchema,
  ResetRequestSchema,
  ResetTokenSchema,
} from "./password-reset.schema.ts";
import { newSecretToken, tokenHasher } from "./token-hash.ts";

/**
 * "Forgot password?" (docs/decisions/0230-password-reset-and-sessions.md). A request is answered the
 * same way, at the same cost, whether or not the address has an account: the route only queues a job
 * with the address, and that job decides whether anyone gets an e-mail.
 */

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** Links one account can be sent per hour, however many addresses ask: nobody's inbox is flooded. */
export const RESET_LINKS_PER_HOUR = 3;
export const PASSWORD_RESET_JOB = "auth.password-reset";

/** Where the e-mail's link leads. The token is in the fragment: browsers never send it to a server or log. */
export const resetLink = (siteUrl: string, token: string) => `${siteUrl}/admin/reset-password#${token}`;

function resetMail(url: string): EmailContent {
  return {
    subject: "Reset your Hope Behind Bars password",
    preview: "A link to choose a new password, valid for one hour.",
    heading: "Choose a new password",
    intro: [
      "Someone, hopefully you, asked to reset the password of the staff account for this address on the Hope Behind Bars website.",
    ],
    action: { label: "Choose a new password", url },
    footer: [
      "The link works once, within one hour. Choosing a new password signs the account out everywhere.",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ],
  };
}

export interface PasswordResetDeps {
  db: Db;
  clock: Clock;
  tokenSecret: string;
  audit: Audit;
  email: EmailService;
  jobs: JobQueue;
  siteUrl: string;
}

export function createPasswordResets({ db, clock, tokenSecret, audit, email, jobs, siteUrl }: PasswordResetDeps) {
  const tokenHash = tokenHasher(tokenSecret);
  const nowIso = () => clock().toISOString();

  /** The job: sends a link if the address is an active account that has not had too many this hour. */
  async function sendLink({ email: address }: { email: string }): Promise<void> {
    const admin = await authRepo.findAdminByEmail(db, address);
    if (!admin || admin.deactivatedAt) return;
    const now = clock();
    const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
    if ((await repo.countResetsSince(db, admin.id, hourAgo)) >= RESET_LINKS_PER_HOUR) return;
    const token = newSecretToken();
    const mail = await renderEmail(resetMail(resetLink(siteUrl, token)));
    await db.transaction().execute(async (trx) => {
      await repo.endResetsOf(trx, admin.id, now.toISOString());
      await repo.insertReset(trx, {
        id: newId(),
        adminUserId: admin.id,
        tokenHash: tokenHash(token),
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS).toISOString(),
      });
      await email.send(trx, admin.email, mail);
    });
    email.wake();
  }

  jobs.register<{ email: string }>({ type: PASSWORD_RESET_JOB, maxAttempts: 5, handle: sendLink });

  async function liveReset(token: string) {
    const reset = await repo.findLiveReset(db, tokenHash(token), nowIso());
    if (!reset) throw new GoneError(RESET_LINK_ENDED_MESSAGE);
    return reset;
  }

  return {
    /** Someone asked for a link; nothing in the answer or its timing says whether the address exists. */
    async request(input: unknown): Promise<void> {
      const { email: address } = parseInput(ResetRequestSchema, input);
      if (!email.enabled) throw new ServiceUnavailableError(RESET_UNAVAILABLE_MESSAGE);
      await jobs.enqueue(db, { type: PASSWORD_RESET_JOB, payload: { email: address } });
    },

    /** The account a link is for, while it can be used; 410 otherwise. */
    async check(input: unknown): Promise<{ email: string }> {
      const { token } = parseInput(ResetTokenSchema, input);
      const { email: address } = await liveReset(token);
      return { email: address };
    },

    /** Sets the new password, uses up the link and ends every session of the account. */
    async complete(input: unknown, clientIp: string): Promise<void> {
      const { token, password } = parseInput(ResetCompleteSchema, input);
      await liveReset(token); // before the slow hash: a dead link is said so at once
      const passwordHash = await hashNewPassword(password);
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        // Read again inside the transaction: the link may have been used or replaced meanwhile.
        const reset = await repo.findLiveReset(trx, tokenHash(token), now);
        if (!reset || !(await repo.markResetUsed(trx, reset.id, now))) throw new GoneError(RESET_LINK_ENDED_MESSAGE);
        await repo.endResetsOf(trx, reset.adminUserId, now);
        await authRepo.updateAdminPassword(trx, reset.adminUserId, passwordHash, now);
        await authRepo.deleteSessionsOf(trx, reset.adminUserId);
        const actor = { id: reset.adminUserId, email: reset.email, ip: clientIp };
        await audit.record(trx, actor, {
          action: "password",
          entity: "staff",
          entityId: reset.adminUserId,
          values: { via: "reset link" },
        });
      });
    },
  };
}

export type PasswordResets = ReturnType<typeof createPasswordResets>;
