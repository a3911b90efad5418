import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Db } from "../../db/database.ts";
import type { StaffRole } from "../access/roles.ts";
import { type Actor, type Audit, SYSTEM_ACTOR } from "../audit/audit.ts";
import {
  CodeStepSchema,
  PASSKEY_FAILED_MESSAGE,
  PasskeyLoginSchema,
  PasskeyOptionsSchema,
  type SecondFactorMethod,
  type SecondFactorStep,
  TICKET_EXPIRED_MESSAGE,
  WRONG_CODE_MESSAGE,
} from "../second-factor/second-factor.schema.ts";
import type { SecondFactorService } from "../second-factor/second-factor.service.ts";
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
import { accountKey, createLoginThrottle, secondFactorKey, sourceKey } from "./login-throttle.ts";
import { dummyPasswordHash, hashNewPassword, hashPassword, verifyPassword } from "./password.ts";
import { createRecognisedDevices } from "./recognised-device.ts";
import { LAST_SEEN_PRECISION_MS, liveSessionBounds, SESSION_LIFETIME_MS } from "./session-life.ts";
import { newSecretToken, tokenHasher } from "./token-hash.ts";

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

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  /**
   * SESSION_SECRET: tokens are stored as HMACs under it, so a copy of the database alone cannot be
   * used to forge or recognise a live token; it also signs device notes.
   */
  tokenSecret: string;
  audit: Audit;
  secondFactor: SecondFactorService;
  /** A session unused this long has ended (config `staffSessionIdleMinutes`). */
  sessionIdleMs: number;
}

export function createAuthService({ db, clock, tokenSecret, audit, secondFactor, sessionIdleMs }: AuthServiceDeps) {
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
    const passwordHash = await hashNewPassword(cleanPassword);
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

  /** Opens a session for the account and records the login, in one transaction; returns the token. */
  async function startSession(
    admin: { id: string },
    actor: Actor,
    attempt: LoginAttempt,
    options: { enrolmentOnly?: boolean; method?: SecondFactorMethod } = {},
  ): Promise<string> {
    const token = newSecretToken();
    const now = clock();
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
        enrolmentOnly: options.enrolmentOnly ?? false,
      });
      await audit.record(trx, actor, {
        action: "login",
        entity: "session",
        entityId: sessionId,
        values: options.method ? { method: options.method } : {},
      });
    });
    return token;
  }

  /** A failed second step, recorded against the account the ticket named. */
  const recordSecondFactorFailure = (actor: Actor, method: SecondFactorMethod) =>
    audit.record(db, actor, {
      action: "login-failed",
      entity: "session",
      entityId: actor.id,
      values: { step: "second-factor", method },
    });

  /**
   * The account behind a live ticket, with the attempt counted against its source and, unless the
   * browser is the account's recognised device, against the account's second step.
   */
  async function reserveTicketStep(ticket: string, attempt: LoginAttempt) {
    const source = sourceKey(attempt.clientIp);
    const adminId = await secondFactor.ticketAccount(ticket);
    const admin = adminId ? await repo.findActiveAdminById(db, adminId) : undefined;
    if (!admin) {
      await throttle.reserve([source]);
      throw new UnauthorizedError(TICKET_EXPIRED_MESSAGE);
    }
    const recognised = devices.recognises(attempt.deviceToken, admin.email, clock());
    const reservation = await throttle.reserve(recognised ? [source] : [source, secondFactorKey(admin.id)]);
    return { admin, reservation };
  }

  /** A second-step body that does not parse is counted against its source like any guess. */
  async function refuseMalformed(error: Parameters<typeof validationError>[0], attempt: LoginAttempt): Promise<never> {
    await throttle.reserve([sourceKey(attempt.clientIp)]);
    throw validationError(error);
  }

  /** Spends the ticket and opens the session; a ticket spent meanwhile by another request opens nothing. */
  async function finishSecondStep(
    ticket: string | undefined,
    admin: { id: string; email: string },
    attempt: LoginAttempt,
    method: SecondFactorMethod,
  ): Promise<LoginResult & { deviceToken: string }> {
    if (ticket && !(await secondFactor.spendTicket(db, ticket))) throw new UnauthorizedError(TICKET_EXPIRED_MESSAGE);
    const actor: Actor = { id: admin.id, email: admin.email, ip: attempt.clientIp };
    const token = await startSession(admin, actor, attempt, { method });
    return { token, email: admin.email, deviceToken: devices.issue(admin.email, clock()) };
  }

  return {
    /**
     * Checks a login. Every attempt is counted before the password is verified (login-throttle.ts);
     * a correct password takes its count back. Without a second factor, returns the session token,
     * the e-mail, and a fresh recognised-device note for the browser. With one, returns only a ticket
     * for the second step (`completeLogin`, `loginWithPasskey`): the password alone grants nothing.
     */
    async login(
      input: unknown,
      attempt: LoginAttempt,
    ): Promise<(LoginResult & { deviceToken: string }) | SecondFactorStep> {
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
      const methods = await secondFactor.methodsOf(admin.id);
      if (methods.length > 0) return { secondFactor: { ticket: await secondFactor.issueTicket(admin.id), methods } };
      // Required for everyone and none set up: a session that can only set one up (server/plugins/access.ts).
      const enrolmentOnly = await secondFactor.required();
      const token = await startSession(admin, actor, attempt, { enrolmentOnly });
      return { token, email: admin.email, deviceToken: devices.issue(cleanEmail, now) };
    },

    /** The second step with a code from the app or a recovery code. */
    async completeLogin(input: unknown, attempt: LoginAttempt): Promise<LoginResult & { deviceToken: string }> {
      const parsed = CodeStepSchema.safeParse(input);
      if (!parsed.success) return refuseMalformed(parsed.error, attempt);
      const { ticket, method, code } = parsed.data;
      const { admin, reservation } = await reserveTicketStep(ticket, attempt);
      if (!(await secondFactor.spendCode(admin.id, method, code))) {
        await recordSecondFactorFailure({ id: admin.id, email: admin.email, ip: attempt.clientIp }, method);
        throw new UnauthorizedError(WRONG_CODE_MESSAGE);
      }
      await throttle.release(reservation);
      return finishSecondStep(ticket, admin, attempt, method);
    },

    /** Options for the browser's passkey prompt: for the ticket's account, or for a passkey alone. */
    async passkeyLoginOptions(input: unknown, attempt: LoginAttempt) {
      const parsed = PasskeyOptionsSchema.safeParse(input ?? {});
      if (!parsed.success) return refuseMalformed(parsed.error, attempt);
      const { ticket } = parsed.data;
      if (!ticket) return secondFactor.passkeyLoginOptions(null);
      const adminId = await secondFactor.ticketAccount(ticket);
      if (!adminId) {
        await throttle.reserve([sourceKey(attempt.clientIp)]);
        throw new UnauthorizedError(TICKET_EXPIRED_MESSAGE);
      }
      return secondFactor.passkeyLoginOptions(adminId);
    },

    /**
     * Signs in with a passkey: as the second step (with the ticket), or alone (a discoverable passkey
     * whose authenticator verified the person, which is two factors in one).
     */
    async loginWithPasskey(input: unknown, attempt: LoginAttempt): Promise<LoginResult & { deviceToken: string }> {
      const parsed = PasskeyLoginSchema.safeParse(input);
      if (!parsed.success) return refuseMalformed(parsed.error, attempt);
      const { ticket } = parsed.data;
      const { admin, reservation } = ticket
        ? await reserveTicketStep(ticket, attempt)
        : { admin: undefined, reservation: await throttle.reserve([sourceKey(attempt.clientIp)]) };
      const response = parsed.data.response as unknown as AuthenticationResponseJSON;
      const signedIn = await secondFactor.spendPasskey(response, admin?.id ?? null);
      const account = signedIn ? await repo.findActiveAdminById(db, signedIn) : undefined;
      if (!account) {
        if (admin)
          await recordSecondFactorFailure({ id: admin.id, email: admin.email, ip: attempt.clientIp }, "passkey");
        throw new UnauthorizedError(PASSKEY_FAILED_MESSAGE);
      }
      await throttle.release(reservation);
      return finishSecondStep(ticket, account, attempt, "passkey");
    },

    /** A login request whose body could not be read at all: counted against its source like a guess. */
    async countUnreadableLogin(clientIp: string): Promise<void> {
      await throttle.reserve([sourceKey(clientIp)]);
    },

    /**
     * The admin behind a bearer token, or undefined when missing, unknown, expired or revoked;
     * `enrolmentOnly` while the session may only set up a second factor.
     */
    async authenticate(token: string | undefined): Promise<(StaffIdentity & { enrolmentOnly: boolean }) | undefined> {
      if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
      const now = clock();
      const found = await repo.findSessionAdmin(db, tokenHash(token), liveSessionBounds(now, sessionIdleMs));
      if (!found) return undefined;
      const staleBefore = new Date(now.getTime() - LAST_SEEN_PRECISION_MS).toISOString();
      if (found.lastSeenAt < staleBefore) {
        await repo.touchSession(db, found.sessionId, now.toISOString(), staleBefore);
      }
      return { ...found.admin, enrolmentOnly: found.enrolmentOnly };
    },

    /**
     * A signed-in person's request their role does not allow (a 403), by route pattern (never its
     * ids or query). Anonymous 401s are not recorded: anyone can make them, in any number.
     */
    async recordRefusal(actor: Actor, route: string, role: StaffRole): Promise<void> {
      await audit.record(db, actor, { action: "refused", entity: "route", entityId: route, values: { role } });
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
