import { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { parseInput } from "../shared/validation.ts";
import type { SingleUseLinks } from "../single-use-links/single-use-links.ts";
import * as repo from "./account.repository.ts";
import * as authRepo from "./auth.repository.ts";
import { NewPasswordSchema, PASSWORD_MAX_LENGTH } from "./auth.schema.ts";
import { deviceName } from "./device-name.ts";
import { accountKey, createLoginThrottle, sourceKey } from "./login-throttle.ts";
import { hashNewPassword, verifyPassword } from "./password.ts";
import { PASSWORD_RESET_LINKS } from "./password-reset.service.ts";
import { liveSessionBounds } from "./session-life.ts";
import { tokenHasher } from "./token-hash.ts";

/** What a signed-in staff member does with their own account: the password and their sessions. */

export const CURRENT_PASSWORD_WRONG_MESSAGE = "Your current password is not correct.";
const CURRENT_PASSWORD_REQUIRED = "Enter your current password.";

const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(PASSWORD_MAX_LENGTH, CURRENT_PASSWORD_WRONG_MESSAGE),
  newPassword: NewPasswordSchema,
});

/** One session as its owner sees it. */
export interface AccountSession {
  id: string;
  /** A short browser and system name, e.g. "Firefox on Windows". */
  device: string;
  ip: string;
  signedInAt: string;
  lastSeenAt: string;
  /** The session making this request. */
  current: boolean;
}

export interface AccountServiceDeps {
  db: Db;
  clock: Clock;
  /** SESSION_SECRET, under which session tokens are hashed. */
  tokenSecret: string;
  audit: Audit;
  links: SingleUseLinks;
  /** A session unused this long has ended (config `staffSessionIdleMinutes`). */
  sessionIdleMs: number;
}

export function createAccountService({ db, clock, tokenSecret, audit, links, sessionIdleMs }: AccountServiceDeps) {
  const tokenHash = tokenHasher(tokenSecret);
  const throttle = createLoginThrottle(db, clock);
  const nowIso = () => clock().toISOString();

  return {
    /** The person's live sessions, most recently used first. */
    async sessions(adminUserId: string, currentToken: string): Promise<AccountSession[]> {
      const rows = await repo.liveSessionsOf(db, adminUserId, liveSessionBounds(clock(), sessionIdleMs));
      const currentHash = tokenHash(currentToken);
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.user_agent),
        ip: row.ip,
        signedInAt: row.created_at,
        lastSeenAt: row.last_seen_at || row.created_at,
        current: row.token_hash === currentHash,
      }));
    },

    /** Ends one of the person's own sessions (the current one too: that signs them out). */
    async endSession(actor: Actor & { id: string }, sessionId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteSessionOf(trx, actor.id, sessionId))) throw new NotFoundError("No such session.");
        await audit.record(trx, actor, { action: "logout", entity: "session", entityId: sessionId });
      });
    },

    /**
     * Changes the person's password after checking the current one, which is guessed at the cost of a
     * login (the login throttle counts it). Every other session and every reset link ends; this one stays.
     */
    async changePassword(actor: Actor & { id: string }, currentToken: string, input: unknown): Promise<void> {
      const { currentPassword, newPassword } = parseInput(ChangePasswordSchema, input);
      const reservation = await throttle.reserve([sourceKey(actor.ip), accountKey(actor.email)]);
      const admin = await authRepo.findAdminByEmail(db, actor.email);
      if (!admin || !(await verifyPassword(admin.passwordHash, currentPassword))) {
        throw new ValidationError(CURRENT_PASSWORD_WRONG_MESSAGE, { currentPassword: CURRENT_PASSWORD_WRONG_MESSAGE });
      }
      await throttle.release(reservation);
      const passwordHash = await hashNewPassword(newPassword, "newPassword");
      await db.transaction().execute(async (trx) => {
        await authRepo.updateAdminPassword(trx, admin.id, passwordHash, nowIso());
        await repo.deleteSessionsOfExcept(trx, admin.id, tokenHash(currentToken));
        // A link asked for earlier would undo the change: it ends too.
        await links.endAll(trx, PASSWORD_RESET_LINKS, admin.id);
        await audit.record(trx, actor, { action: "password", entity: "staff", entityId: admin.id });
      });
    },
  };
}
