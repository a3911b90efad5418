import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "../../db/database.ts";
import type { Clock } from "../shared/clock.ts";
import { TooManyRequestsError, UnauthorizedError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./auth.repository.ts";
import {
  type AdminIdentity,
  INVALID_CREDENTIALS_MESSAGE,
  type LoginResult,
  LoginSchema,
  NewPasswordSchema,
} from "./auth.schema.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.ts";

export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
/** Failures allowed before back-off starts; never a permanent lockout. */
export const FREE_LOGIN_FAILURES = 5;
const FIRST_BACKOFF_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 15 * 60;
/** A quiet period after which earlier failures are forgotten. */
const FAILURE_MEMORY_MS = 15 * 60 * 1000;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * @param tokenSecret SESSION_SECRET: tokens are stored as HMACs under it, so a copy of the
 * database alone cannot be used to forge or recognise a live token.
 */
export function createAuthService(db: Db, clock: Clock, tokenSecret: string) {
  const tokenHash = (token: string) => createHmac("sha256", tokenSecret).update(token).digest("hex");
  const nowIso = () => clock().toISOString();

  async function assertNotThrottled(keys: string[]) {
    const now = clock().getTime();
    for (const key of keys) {
      const record = await repo.findThrottle(db, key);
      const blockedUntil = record?.blockedUntil ? Date.parse(record.blockedUntil) : 0;
      if (blockedUntil > now) {
        const seconds = Math.ceil((blockedUntil - now) / 1000);
        throw new TooManyRequestsError(
          `Too many failed login attempts. Please wait ${seconds} seconds and try again.`,
          seconds,
        );
      }
    }
  }

  async function recordFailure(keys: string[]) {
    const now = clock();
    for (const key of keys) {
      const record = await repo.findThrottle(db, key);
      const stale = !record || now.getTime() - Date.parse(record.updatedAt) > FAILURE_MEMORY_MS;
      const failures = (stale ? 0 : record.failures) + 1;
      const backoff =
        failures >= FREE_LOGIN_FAILURES
          ? Math.min(FIRST_BACKOFF_SECONDS * 2 ** (failures - FREE_LOGIN_FAILURES), MAX_BACKOFF_SECONDS)
          : 0;
      await repo.saveThrottle(db, key, {
        failures,
        blockedUntil: backoff > 0 ? new Date(now.getTime() + backoff * 1000).toISOString() : null,
        updatedAt: now.toISOString(),
      });
    }
  }

  async function setPassword(email: string, password: string, mode: "create" | "reset" | "upsert") {
    const cleanEmail = normaliseEmail(email);
    const cleanPassword = parseInput(NewPasswordSchema, password);
    const existing = await repo.findAdminByEmail(db, cleanEmail);
    if (existing && mode === "create") throw new ValidationError(`An admin with e-mail ${cleanEmail} already exists.`);
    if (!existing && mode === "reset") throw new ValidationError(`No admin with e-mail ${cleanEmail}.`);
    const passwordHash = await hashPassword(cleanPassword);
    if (existing) {
      await repo.updateAdminPassword(db, existing.id, passwordHash, nowIso());
      await repo.deleteSessionsOf(db, existing.id);
      return { id: existing.id, email: cleanEmail };
    }
    const id = newId();
    await repo.insertAdmin(db, { id, email: cleanEmail, passwordHash, now: nowIso() });
    return { id, email: cleanEmail };
  }

  return {
    async login(input: unknown, clientIp: string): Promise<LoginResult> {
      const { email, password } = parseInput(LoginSchema, input);
      const cleanEmail = normaliseEmail(email);
      const keys = [`account:${cleanEmail}`, `ip:${clientIp}`];
      await assertNotThrottled(keys);
      const admin = await repo.findAdminByEmail(db, cleanEmail);
      // Verify against a dummy hash for unknown accounts so both paths cost the same.
      const ok = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!admin || !ok) {
        await recordFailure(keys);
        throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
      }
      await repo.deleteThrottle(db, keys[0] as string);
      const token = randomBytes(32).toString("base64url");
      const now = clock();
      await repo.insertSession(db, {
        id: newId(),
        adminUserId: admin.id,
        tokenHash: tokenHash(token),
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
      });
      return { token, email: admin.email };
    },

    /** The admin behind a bearer token, or undefined when missing, unknown, expired or revoked. */
    async authenticate(token: string | undefined): Promise<AdminIdentity | undefined> {
      if (!token || token.length > 200) return undefined;
      return repo.findSessionAdmin(db, tokenHash(token), nowIso());
    },

    async logout(token: string): Promise<void> {
      await repo.deleteSession(db, tokenHash(token));
    },

    createAdmin: (email: string, password: string) => setPassword(email, password, "create"),
    resetPassword: (email: string, password: string) => setPassword(email, password, "reset"),
    /** Creates the admin or updates its password (ADMIN_EMAIL/ADMIN_PASSWORD at start). */
    ensureAdmin: (email: string, password: string) => setPassword(email, password, "upsert"),
    countAdmins: () => repo.countAdmins(db),
    purgeExpiredSessions: () => repo.deleteExpiredSessions(db, nowIso()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
