import type { Db } from "../../db/database.ts";
import type { Audit } from "../audit/audit.ts";
import type { EmailService } from "../email/email.service.ts";
import type { EmailContent } from "../email/render-email.ts";
import type { JobDefinition, JobQueue } from "../jobs/jobs.service.ts";
import type { Clock } from "../shared/clock.ts";
import { GoneError, ServiceUnavailableError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import type { LinkPurpose, SingleUseLinks } from "../single-use-links/single-use-links.ts";
import * as authRepo from "./auth.repository.ts";
import { hashNewPassword } from "./password.ts";
import {
  RESET_LINK_ENDED_MESSAGE,
  RESET_UNAVAILABLE_MESSAGE,
  ResetCompleteSchema,
  ResetRequestSchema,
  ResetTokenSchema,
} from "./password-reset.schema.ts";

/**
 * "Forgot password?" (docs/decisions/0230-password-reset-and-sessions.md). A request is answered the
 * same way, at the same cost, whether or not the address has an account: the route only queues a job
 * with the address, and that job decides whether anyone gets an e-mail.
 */

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_JOB = "auth.password-reset";

/** A reset link is for an account (its id); a new one replaces the last. */
export const PASSWORD_RESET_LINKS: LinkPurpose = {
  name: "password-reset",
  lifetimeMs: RESET_LINK_LIFETIME_MS,
  uses: 1,
  /** Links one account can be sent per hour, however many addresses ask: nobody's inbox is flooded. */
  perAddress: { max: 3, windowMs: 60 * 60 * 1000 },
  /** A few tries for a person who mistyped, too few to flood anyone or probe many accounts. */
  perAsker: { max: 5, timeWindow: "15 minutes" },
  replacesEarlier: true,
};

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
  links: SingleUseLinks;
  audit: Audit;
  email: EmailService;
  jobs: JobQueue;
  siteUrl: string;
}

export function createPasswordResets({ db, clock, links, audit, email, jobs, siteUrl }: PasswordResetDeps) {
  const nowIso = () => clock().toISOString();

  /** The job: sends a link if the address is an active account that has not had too many this hour. */
  async function sendLink({ email: address }: { email: string }): Promise<void> {
    const admin = await authRepo.findAdminByEmail(db, address);
    if (!admin || admin.deactivatedAt) return;
    if (!(await links.mayIssue(db, PASSWORD_RESET_LINKS, admin.id))) return;
    await db.transaction().execute(async (trx) => {
      await links.send(trx, PASSWORD_RESET_LINKS, {
        subject: admin.id,
        to: admin.email,
        mail: ({ token }) => resetMail(resetLink(siteUrl, token)),
      });
    });
    email.wake();
  }

  /** The active account a link is for, while the link works. */
  async function liveReset(trx: Db, token: string) {
    const adminId = await links.peek(trx, PASSWORD_RESET_LINKS, token);
    const admin = adminId ? await authRepo.findAdminById(trx, adminId) : undefined;
    if (!admin || admin.deactivatedAt) throw new GoneError(RESET_LINK_ENDED_MESSAGE);
    return admin;
  }

  return {
    /** The job that sends a link; registered with every other job kind in server/job-handlers.ts. */
    sendLinkJob: { type: PASSWORD_RESET_JOB, maxAttempts: 5, handle: sendLink } satisfies JobDefinition<{
      email: string;
    }>,

    /** Someone asked for a link; nothing in the answer or its timing says whether the address exists. */
    async request(input: unknown): Promise<void> {
      const { email: address } = parseInput(ResetRequestSchema, input);
      if (!email.enabled) throw new ServiceUnavailableError(RESET_UNAVAILABLE_MESSAGE);
      await jobs.enqueue(db, { type: PASSWORD_RESET_JOB, payload: { email: address } });
    },

    /** The account a link is for, while it can be used; 410 otherwise. */
    async check(input: unknown): Promise<{ email: string }> {
      const { token } = parseInput(ResetTokenSchema, input);
      const { email: address } = await liveReset(db, token);
      return { email: address };
    },

    /** Sets the new password, uses up the link and ends every session of the account. */
    async complete(input: unknown, clientIp: string): Promise<void> {
      const { token, password } = parseInput(ResetCompleteSchema, input);
      await liveReset(db, token); // before the slow hash: a dead link is said so at once
      const passwordHash = await hashNewPassword(password);
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        // Checked again inside the transaction: the link may have been used or replaced meanwhile.
        const admin = await liveReset(trx, token);
        if (!(await links.use(trx, PASSWORD_RESET_LINKS, token))) throw new GoneError(RESET_LINK_ENDED_MESSAGE);
        await links.endAll(trx, PASSWORD_RESET_LINKS, admin.id);
        await authRepo.updateAdminPassword(trx, admin.id, passwordHash, now);
        await authRepo.deleteSessionsOf(trx, admin.id);
        const actor = { id: admin.id, email: admin.email, ip: clientIp };
        await audit.record(trx, actor, {
          action: "password",
          entity: "staff",
          entityId: admin.id,
          values: { via: "reset link" },
        });
      });
    },
  };
}
