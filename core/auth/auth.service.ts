import type { Db } from "../../db/database.ts";
import type { StaffRole } from "../access/roles.ts";
import { type Actor, type Audit, SYSTEM_ACTOR } from "../audit/audit.ts";
import type { Clock } from "../shared/clock.ts";
import { UnauthorizedError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { parseInput, validationError } from "../shared/validation.ts";
import * as repo from "./auth.repository.ts";
import {
  INVALID_CREDENTIALS_MESSAGE,
  type LoginResult,
  LoginSchema,
  MAX_TOKEN_LENGTH,
  NewPasswordSchema,
  type StaffIdentity,
} from "./auth.schema.ts";
import { USER_AGENT_MAX_LENGTH } from "./device-name.ts";
import { accountKey, createLoginThrottle, sourceKey } from "./login-throttle.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.ts";
import { createRecognisedDevices } from "./recognised-device.ts";
import { newSecretToken, tokenHasher } from "./token-hash.ts";

export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
/**
 * A session's last-seen time is moved at most this often: a write a minute per active person, not
 * one per request; the sessions list needs no finer time.
 */
export const LAST_SEEN_PRECISION_MS = 60 * 1000;

/** What a start with ADMIN_EMAIL/ADMIN_PASSWORD did (server/startup.ts logs it). */
export type EnvAdminOutcome = "created" | "unchanged" | "recorded" | "updated";

export interface LoginAttempt {
  /** The caller's address (Fastify's `request.ip`, which honours TRUST_PROXY). */
  clientIp: string;
  /** The recognised-device note the browser sent back, if any. */
  deviceToken?: string | undefined;
  /** The browser's User-Agent header, shown in the person's list of sessions. */
  userAgent?: string | undefined;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * @param tokenSecret SESSION_SECRET: tokens are stored as HMACs under it, so a copy of the
 * database alone cannot be used to forge or recognise a live token; it also signs device notes.
 */
export function createAuthService(db: Db, clock: Clock, tokenSecret: string, audit: Audit) {
  const tokenHash = tokenHasher(tokenSecret);
  const nowIso = () => clock().toISOString();
  const throttle = createLoginThrottle(db, clock);
  const devices = createRecognisedDevices(tokenSecret);

  async function setPassword(
    email: string,
    password: string,
    mode: "create" | "reset",
    role: StaffRole = "administrator",
  ) {
    const cleanEmail = normaliseEmail(email);
    const cleanPassword = parseInput(NewPasswordSchema, password);
    const existing = await repo.findAdminByEmail(db, cleanEmail);
    if (existing && mode === "create") throw new ValidationError(`An admin with e-mail ${cleanEmail} already exists.`);
    if (!existing && mode === "reset") throw new ValidationError(`No admin with e-mail ${cleanEmail}.`);
    const passwordHash = await hashPassword(cleanPassword);
    if (existing) {
      await db.transaction().execute(async (trx) => {
        await repo.updateAdminPassword(trx, existing.id, passwordHash, nowIso());
        await repo.deleteSessionsOf(trx, existing.id);
        await audit.record(trx, SYSTEM_ACTOR, { action: "password", entity: "staff", entityId: existing.id });
      });
      return { id: existing.id, email: cleanEmail };
    }
    const id = newId();
    const inserted = await db.transaction().execute(async (trx) => {
      const admin = { id, email: cleanEmail, role, passwordHash, envPasswordHash: null };
      if (!(await repo.insertAdminIfAbsent(trx, { ...admin, now: nowIso() }))) return false;
      await audit.record(trx, SYSTEM_ACTOR, { action: "create", entity: "staff", entityId: id, values: { role } });
      return true;
    });
    if (!inserted) throw new ValidationError(`An admin with e-mail ${cleanEmail} already exists.`);
    return { id, email: cleanEmail };
  }

  /**
   * ADMIN_EMAIL/ADMIN_PASSWORD at start. The env password is applied only when it differs from the
   * one last applied from env, so a restart keeps sessions and keeps a password changed since with
   * the CLI. Safe when several instances start at once: the insert and the update are conditional.
   */
  async function ensureEnvAdmin(email: string, password: string): Promise<EnvAdminOutcome> {
    const cleanEmail = normaliseEmail(email);
    const cleanPassword = parseInput(NewPasswordSchema, password);
    for (;;) {
      const existing = await repo.findAdminByEmail(db, cleanEmail);
      if (!existing) {
        const passwordHash = await hashPassword(cleanPassword);
        const admin = {
          id: newId(),
          email: cleanEmail,
          role: "administrator" as const,
          passwordHash,
          envPasswordHash: passwordHash,
          now: nowIso(),
        };
        if (await repo.insertAdminIfAbsent(db, admin)) return "created";
        continue; // another instance created it a moment ago: judge that row
      }
      if (existing.envPasswordHash && (await verifyPassword(existing.envPasswordHash, cleanPassword))) {
        return "unchanged";
      }
      if (await verifyPassword(existing.passwordHash, cleanPassword)) {
        // Already the password in force (set before this was recorded, or by the CLI): note it, revoke nothing.
        await repo.recordEnvPassword(db, existing.id, existing.passwordHash);
        return "recorded";
      }
      const passwordHash = await hashPassword(cleanPassword);
      const applied = await db.transaction().execute(async (trx) => {
        const done = await repo.applyEnvPassword(trx, {
          id: existing.id,
          passwordHash,
          envPasswordHash: passwordHash,
          expectedEnvHash: existing.envPasswordHash,
          now: nowIso(),
        });
        if (done) await repo.deleteSessionsOf(trx, existing.id);
        return done;
      });
      if (applied) return "updated";
      // Another instance applied an env password meanwhile: look again.
    }
  }

  return {
    /**
     * Checks a login. Every attempt is counted before the password is verified (login-throttle.ts);
     * a correct password takes its count back. Returns the session token, the e-mail, and a fresh
     * recognised-device note for the browser.
     */
    async login(input: unknown, attempt: LoginAttempt): Promise<LoginResult & { deviceToken: string }> {
      const source = sourceKey(attempt.clientIp);
      const parsed = LoginSchema.safeParse(input);
      if (!parsed.success) {
        // A malformed body is a guess too: it is counted, and refused with 429 while the source waits.
        await throttle.reserve([source]);
        throw validationError(parsed.error);
      }
      const { email, password } = parsed.data;
      const cleanEmail = normaliseEmail(email);
      const now = clock();
      const recognised = devices.recognises(attempt.deviceToken, cleanEmail, now);
      const reservation = await throttle.reserve(recognised ? [source] : [source, accountKey(cleanEmail)]);
      const admin = await repo.findAdminByEmail(db, cleanEmail);
      // Verify against a dummy hash for unknown accounts so both paths cost the same.
      const ok = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), password);
      const actor: Actor = { id: admin?.id ?? null, email: cleanEmail, ip: attempt.clientIp };
      if (!admin || !ok || admin.deactivatedAt) {
        await audit.record(db, actor, { action: "login-failed", entity: "session", entityId: admin?.id ?? null });
        throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
      }
      await throttle.release(reservation);
      const token = newSecretToken();
      await db.transaction().execute(async (trx) => {
        const sessionId = newId();
        await repo.insertSession(trx, {
          id: sessionId,
          adminUserId: admin.id,
          tokenHash: tokenHash(token),
          now: now.toISOString(),
          expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
          ip: attempt.clientIp,
          userAgent: (attempt.userAgent ?? "").slice(0, USER_AGENT_MAX_LENGTH),
        });
        await audit.record(trx, actor, { action: "login", entity: "session", entityId: sessionId });
      });
      return { token, email: admin.email, deviceToken: devices.issue(cleanEmail, now) };
    },

    /** A login request whose body could not be read at all: counted against its source like a guess. */
    async countUnreadableLogin(clientIp: string): Promise<void> {
      await throttle.reserve([sourceKey(clientIp)]);
    },

    /** The admin behind a bearer token, or undefined when missing, unknown, expired or revoked. */
    async authenticate(token: string | undefined): Promise<StaffIdentity | undefined> {
      if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
      const now = clock();
      const found = await repo.findSessionAdmin(db, tokenHash(token), now.toISOString());
      if (!found) return undefined;
      const staleBefore = new Date(now.getTime() - LAST_SEEN_PRECISION_MS).toISOString();
      if (found.lastSeenAt < staleBefore) {
        await repo.touchSession(db, found.sessionId, now.toISOString(), staleBefore);
      }
      return found.admin;
    },

    async logout(token: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const ended = await repo.deleteSession(trx, tokenHash(token));
        if (ended) await audit.record(trx, actor, { action: "logout", entity: "session", entityId: ended });
      });
    },

    /** A staff account (an Administrator unless told otherwise), from the command line or a test. */
    createAdmin: (email: string, password: string, role?: StaffRole) => setPassword(email, password, "create", role),
    resetPassword: (email: string, password: string) => setPassword(email, password, "reset"),
    /** Creates the admin unless one with that e-mail exists; whether it did (the local demo admin). */
    async createAdminIfAbsent(email: string, password: string): Promise<boolean> {
      const passwordHash = await hashPassword(parseInput(NewPasswordSchema, password));
      const admin = {
        id: newId(),
        email: normaliseEmail(email),
        role: "administrator" as const,
        passwordHash,
        envPasswordHash: null,
        now: nowIso(),
      };
      return repo.insertAdminIfAbsent(db, admin);
    },
    ensureEnvAdmin,
    countAdmins: () => repo.countAdmins(db),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
