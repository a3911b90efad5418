import type { Db } from "../../db/database.ts";
import { newSecretToken, tokenHasher } from "../auth/token-hash.ts";
import type { EmailService } from "../email/email.service.ts";
import { type EmailContent, renderEmail } from "../email/render-email.ts";
import type { JobDefinition } from "../jobs/jobs.service.ts";
import type { Clock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import * as repo from "./single-use-links.repository.ts";

/**
 * Links e-mailed to someone that do one thing (docs/decisions/0600-single-use-links.md): a
 * password reset, an invitation, a sign-in, a confirmation. A feature describes its kind of link
 * once as a `LinkPurpose`; this module makes, limits, uses and forgets every kind the same way.
 */
export interface LinkPurpose {
  /** Stored in every row; renaming one ends the links already sent. */
  name: string;
  lifetimeMs: number;
  /** How many times one link works. */
  uses: number;
  /**
   * At most `max` links for one subject in any `windowMs` (the request after that is quietly not
   * sent). The window may not be longer than the lifetime: a link is counted until it is deleted.
   */
  perAddress?: { max: number; windowMs: number };
  /** Requests for a link from one IP address, for the asking route's rate limit. */
  perAsker?: { max: number; timeWindow: string };
  /** A new link ends the subject's earlier ones, so only the latest e-mail works. */
  replacesEarlier: boolean;
  /**
   * Run by housekeeping, in its transaction, with the subjects whose every link has expired, just
   * before those links are deleted: whatever waited for the link can go too.
   */
  whenExpired?: (trx: Db, subjects: repo.ExpiredSubjects) => Promise<unknown>;
}

export interface IssuedLink {
  token: string;
  expiresAt: Date;
}

export interface SingleUseLinksDeps {
  db: Db;
  clock: Clock;
  /** SESSION_SECRET: tokens are stored as HMACs under it, like session tokens. */
  tokenSecret: string;
  email: EmailService;
  /** Every purpose with a `whenExpired`, for housekeeping. */
  purposes: LinkPurpose[];
}

export const LINKS_HOUSEKEEPING_JOB = "single-use-links.housekeeping";

export function createSingleUseLinks({ db, clock, tokenSecret, email, purposes }: SingleUseLinksDeps) {
  const hash = tokenHasher(tokenSecret);

  /** The live link a token opens, if any. Tokens longer than any we make open nothing. */
  const live = (trx: Db, purpose: LinkPurpose, token: string) =>
    token.length > 0 && token.length <= 200
      ? repo.findLiveLink(trx, purpose.name, hash(token), clock().toISOString())
      : Promise.resolve(undefined);

  const links = {
    /** Whether the subject may be sent another link now, under the purpose's per-address limit. */
    async mayIssue(trx: Db, purpose: LinkPurpose, subject: string): Promise<boolean> {
      if (!purpose.perAddress) return true;
      const since = new Date(clock().getTime() - purpose.perAddress.windowMs).toISOString();
      return (await repo.countLinksSince(trx, purpose.name, subject, since)) < purpose.perAddress.max;
    },

    /** Makes a link for the subject in the caller's transaction; the token goes in the e-mail only. */
    async issue(trx: Db, purpose: LinkPurpose, subject: string): Promise<IssuedLink> {
      const token = newSecretToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + purpose.lifetimeMs);
      if (purpose.replacesEarlier) await repo.endLinksOf(trx, purpose.name, subject, now.toISOString());
      await repo.insertLink(trx, {
        id: newId(),
        purpose: purpose.name,
        subject,
        token_hash: hash(token),
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        uses_left: purpose.uses,
        ended_at: null,
      });
      return { token, expiresAt };
    },

    /**
     * Makes a link and queues its e-mail (through the job queue) in the caller's transaction.
     * `mail` writes the e-mail around the link's token.
     */
    async send(
      trx: Db,
      purpose: LinkPurpose,
      message: { subject: string; to: string; mail: (link: IssuedLink) => EmailContent },
    ): Promise<IssuedLink> {
      const link = await links.issue(trx, purpose, message.subject);
      await email.send(trx, message.to, await renderEmail(message.mail(link)));
      return link;
    },

    /** The subject a token's link is for while the link works, without using it. */
    async peek(trx: Db, purpose: LinkPurpose, token: string): Promise<string | undefined> {
      return (await live(trx, purpose, token))?.subject;
    },

    /** Uses the link once: its subject, or undefined when it is unknown, expired, used up or ended. */
    async use(trx: Db, purpose: LinkPurpose, token: string): Promise<string | undefined> {
      const link = await live(trx, purpose, token);
      if (!link) return undefined;
      const taken = await repo.takeUse(trx, link.id, Number(link.usesLeft), clock().toISOString());
      return taken ? link.subject : undefined;
    },

    /** Ends every working link of the subject: the account's password changed, the invitation closed. */
    endAll: (trx: Db, purpose: LinkPurpose, subject: string) =>
      repo.endLinksOf(trx, purpose.name, subject, clock().toISOString()),

    /**
     * Deletes links past their expiry, every purpose at once, at every start and hourly. Used and
     * ended links stay until then, since the per-address limits count them.
     */
    housekeepingJob: {
      type: LINKS_HOUSEKEEPING_JOB,
      everyMs: 60 * 60_000,
      maxAttempts: 3,
      async handle() {
        const now = clock().toISOString();
        await db.transaction().execute(async (trx) => {
          for (const purpose of purposes) {
            await purpose.whenExpired?.(trx, repo.subjectsWhollyExpired(trx, purpose.name, now));
          }
          await repo.deleteExpiredLinks(trx, now);
        });
      },
    } satisfies JobDefinition<null>,
  };
  return links;
}

export type SingleUseLinks = ReturnType<typeof createSingleUseLinks>;
