import { createHash, createHmac, randomBytes } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { StaffIdentity } from "../auth/auth.schema.ts";
import { createLoginThrottle, secondFactorKey, sourceKey } from "../auth/login-throttle.ts";
import { verifyPassword } from "../auth/password.ts";
import { tokenHasher } from "../auth/token-hash.ts";
import { defineSetting, type Settings } from "../settings/settings.ts";
import type { Clock } from "../shared/clock.ts";
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import {
  authenticationOptions,
  registrationOptions,
  relyingParty,
  verifyAuthentication,
  verifyRegistration,
} from "./passkeys.ts";
import { newRecoveryCodes, normaliseRecoveryCode } from "./recovery-codes.ts";
import * as repo from "./second-factor.repository.ts";
import {
  AddPasskeySchema,
  CONFIRM_IDENTITY_MESSAGE,
  ConfirmIdentitySchema,
  ConfirmTotpSchema,
  LAST_FACTOR_REQUIRED_MESSAGE,
  PASSKEY_NOT_ADDED_MESSAGE,
  type SecondFactorMethod,
  signedChallenge,
  TOTP_ALREADY_ENABLED_MESSAGE,
  WRONG_CODE_MESSAGE,
} from "./second-factor.schema.ts";
import { createSecretBox } from "./secret-box.ts";
import { matchingStep, newTotpSecret, totpUri } from "./totp.ts";

/** Administrators' setting: every staff account must have a second factor. */
export const REQUIRE_SECOND_FACTOR = defineSetting(
  "security.requireSecondFactor",
  "second factor required for all staff",
  z.boolean(),
  false,
);

/** How long the step between password and second factor stays open. */
export const LOGIN_TICKET_LIFETIME_MS = 5 * 60 * 1000;
/** How long a WebAuthn ceremony may take (the browser's own timeout is 60 s). */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface SecondFactorStatus {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeySummary[];
  /** Whether an Administrator requires a second factor for everyone. */
  required: boolean;
}

/**
 * Second factors of staff accounts (docs/decisions/0240-second-factor.md): an authenticator app,
 * recovery codes, passkeys; and what the two-step login (core/auth/auth.service.ts) asks of them.
 */
export interface SecondFactorDeps {
  db: Db;
  clock: Clock;
  sessionSecret: string;
  audit: Audit;
  settings: Settings;
  publicSiteUrl: string;
}

export function createSecondFactorService({
  db,
  clock,
  sessionSecret,
  audit,
  settings,
  publicSiteUrl,
}: SecondFactorDeps) {
  const mac = (purpose: string, value: string) =>
    createHmac("sha256", sessionSecret).update(`${purpose}\n${value}`).digest("hex");
  const challengeHash = (challenge: string) => createHash("sha256").update(challenge).digest("hex");
  const box = createSecretBox(sessionSecret);
  const sessionTokenHash = tokenHasher(sessionSecret);
  const throttle = createLoginThrottle(db, clock);
  const rp = relyingParty(publicSiteUrl);
  const nowIso = () => clock().toISOString();
  const later = (ms: number) => new Date(clock().getTime() + ms).toISOString();

  async function hasFactor(trx: Db, adminId: string): Promise<boolean> {
    const totp = await repo.findTotp(trx, adminId);
    if (totp?.confirmed_at) return true;
    return (await repo.listPasskeys(trx, adminId)).length > 0;
  }

  /** Fresh recovery codes for the account; returns them as the person must copy them now. */
  async function issueRecoveryCodes(trx: Db, adminId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    const rows = codes.map((code) => ({ id: newId(), hash: mac("recovery-code", normaliseRecoveryCode(code)) }));
    await repo.replaceRecoveryCodes(trx, adminId, rows, nowIso());
    return codes;
  }

  /** After a factor was removed: with none left, recovery codes have nothing to stand in for. */
  async function afterRemoval(trx: Db, adminId: string) {
    if (await hasFactor(trx, adminId)) return;
    if (await settings.get(REQUIRE_SECOND_FACTOR, trx)) throw new ConflictError(LAST_FACTOR_REQUIRED_MESSAGE);
    await repo.replaceRecoveryCodes(trx, adminId, [], nowIso());
  }

  /** After a factor was added: recovery codes if it is the first, and the account may go past enrolment. */
  async function afterAddition(trx: Db, adminId: string): Promise<string[] | undefined> {
    await repo.endEnrolmentOnlySessions(trx, adminId);
    if ((await repo.countUnusedRecoveryCodes(trx, adminId)) > 0) return undefined;
    return issueRecoveryCodes(trx, adminId);
  }

  /** Checks a code from the app and spends its time step; false for a wrong or replayed code. */
  async function spendTotpCode(trx: Db, adminId: string, code: string): Promise<boolean> {
    const totp = await repo.findTotp(trx, adminId);
    if (!totp?.confirmed_at) return false;
    const step = matchingStep(box.open(totp.secret), code, clock());
    return step !== null && repo.spendTotpStep(trx, adminId, step);
  }

  async function consumeChallenge(clientDataJSON: string, purpose: "register" | "login") {
    const challenge = signedChallenge(clientDataJSON);
    if (!challenge) return undefined;
    const issued = await repo.spendChallenge(db, challengeHash(challenge), purpose, nowIso());
    return issued ? { challenge, adminId: issued.adminId } : undefined;
  }

  async function newChallenge(purpose: "register" | "login", adminId: string | null, challenge: string) {
    await repo.insertChallenge(db, {
      hash: challengeHash(challenge),
      purpose,
      adminId,
      expiresAt: later(CHALLENGE_LIFETIME_MS),
      now: nowIso(),
    });
  }

  return {
    required: () => settings.get(REQUIRE_SECOND_FACTOR),

    /**
     * Turns "required for everyone" on or off. Turned on, every session already open for an account
     * without a second factor is limited to enrolment at once, as a new login would be; the
     * Administrator's own session that turned it on is kept, so the change can be seen and undone (0621).
     */
    setRequired: (input: unknown, actor: Actor, currentToken: string) =>
      settings.set(REQUIRE_SECOND_FACTOR, input, actor, async (trx, required) => {
        if (required) await repo.limitSessionsWithoutFactor(trx, sessionTokenHash(currentToken));
      }),
    hasFactor: (adminId: string) => hasFactor(db, adminId),

    /** The second steps the account can take at login; none when it has no second factor. */
    async methodsOf(adminId: string): Promise<SecondFactorMethod[]> {
      const methods: SecondFactorMethod[] = [];
      if ((await repo.findTotp(db, adminId))?.confirmed_at) methods.push("totp");
      if ((await repo.listPasskeys(db, adminId)).length > 0) methods.push("passkey");
      if (methods.length > 0 && (await repo.countUnusedRecoveryCodes(db, adminId)) > 0) methods.push("recovery");
      return methods;
    },

    // --- The two-step login (called by core/auth/auth.service.ts) ---

    /** A ticket for the second step: random, stored only as an HMAC, short-lived, for one account. */
    async issueTicket(adminId: string): Promise<string> {
      const ticket = randomBytes(32).toString("base64url");
      await repo.insertTicket(db, {
        id: newId(),
        hash: mac("login-ticket", ticket),
        adminId,
        expiresAt: later(LOGIN_TICKET_LIFETIME_MS),
        now: nowIso(),
      });
      return ticket;
    },
    ticketAccount: (ticket: string) => repo.findTicketAccount(db, mac("login-ticket", ticket), nowIso()),
    spendTicket: (trx: Db, ticket: string) => repo.spendTicket(trx, mac("login-ticket", ticket), nowIso()),

    /** Checks and spends a code from the app or a recovery code. */
    async spendCode(adminId: string, method: "totp" | "recovery", code: string): Promise<boolean> {
      if (method === "totp") return spendTotpCode(db, adminId, code);
      return repo.spendRecoveryCode(db, adminId, mac("recovery-code", normaliseRecoveryCode(code)), nowIso());
    },

    /** Options for navigator.credentials.get: the account's passkeys, or (alone) any of this site's. */
    async passkeyLoginOptions(adminId: string | null) {
      const allowed = adminId ? await repo.listPasskeys(db, adminId) : [];
      const options = await authenticationOptions(rp, allowed, adminId === null);
      await newChallenge("login", adminId, options.challenge);
      return options;
    },

    /**
     * The account a passkey assertion signs in, or undefined. `adminId` is the ticket's account when
     * the passkey is the second factor, null when it signs in alone.
     */
    async spendPasskey(response: AuthenticationResponseJSON, adminId: string | null): Promise<string | undefined> {
      const issued = await consumeChallenge(response.response.clientDataJSON, "login");
      if (!issued || issued.adminId !== adminId) return undefined;
      const passkey = await repo.findPasskeyByCredential(db, response.id);
      if (!passkey || (adminId !== null && passkey.admin_user_id !== adminId)) return undefined;
      const signCount = await verifyAuthentication(rp, response, issued.challenge, passkey, adminId === null);
      if (signCount === undefined) return undefined;
      await repo.recordPasskeyUse(db, passkey.id, signCount, nowIso());
      return passkey.admin_user_id;
    },

    // --- The person's own account ---

    async status(adminId: string): Promise<SecondFactorStatus> {
      const totp = await repo.findTotp(db, adminId);
      const passkeys = await repo.listPasskeys(db, adminId);
      return {
        totp: Boolean(totp?.confirmed_at),
        recoveryCodesLeft: await repo.countUnusedRecoveryCodes(db, adminId),
        passkeys: passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          createdAt: p.created_at,
          lastUsedAt: p.last_used_at,
        })),
        required: await settings.get(REQUIRE_SECOND_FACTOR),
      };
    },

    /** A new secret for the app, shown once as a QR code and as text; it counts once confirmed. */
    async startTotp(actor: Actor & { id: string }): Promise<{ secret: string; uri: string }> {
      if ((await repo.findTotp(db, actor.id))?.confirmed_at) throw new ConflictError(TOTP_ALREADY_ENABLED_MESSAGE);
      const secret = newTotpSecret();
      await db.transaction().execute(async (trx) => {
        await repo.savePendingTotp(trx, actor.id, box.seal(secret), nowIso());
        await audit.record(trx, actor, {
          action: "second-factor",
          entity: "staff",
          entityId: actor.id,
          values: { method: "totp", change: "started" },
        });
      });
      return { secret, uri: totpUri(secret, actor.email) };
    },

    /** The first code from the app: the app now counts. Returns recovery codes if they are new. */
    async confirmTotp(actor: Actor & { id: string }, input: unknown): Promise<{ recoveryCodes?: string[] }> {
      const { code } = parseInput(ConfirmTotpSchema, input);
      const pending = await repo.findTotp(db, actor.id);
      if (!pending) throw new BadRequestError("Start setting up the authenticator app first.");
      if (pending.confirmed_at) throw new ConflictError(TOTP_ALREADY_ENABLED_MESSAGE);
      const step = matchingStep(box.open(pending.secret), code, clock());
      return db.transaction().execute(async (trx) => {
        if (step === null || !(await repo.spendTotpStep(trx, actor.id, step, nowIso()))) {
          throw new ValidationError(WRONG_CODE_MESSAGE, { code: WRONG_CODE_MESSAGE });
        }
        const recoveryCodes = await afterAddition(trx, actor.id);
        await audit.record(trx, actor, {
          action: "second-factor",
          entity: "staff",
          entityId: actor.id,
          values: { method: "totp", change: "enrolled" },
        });
        return recoveryCodes ? { recoveryCodes } : {};
      });
    },

    /** Turns the app off; asks for the password or a current code, counted like login guesses. */
    async disableTotp(actor: Actor & { id: string }, input: unknown): Promise<void> {
      const { password, code } = parseInput(ConfirmIdentitySchema, input);
      if (!password && !code) throw new ValidationError(CONFIRM_IDENTITY_MESSAGE);
      const reservation = await throttle.reserve([sourceKey(actor.ip), secondFactorKey(actor.id)]);
      await db.transaction().execute(async (trx) => {
        const account = await repo.findAccount(trx, actor.id);
        const confirmed = code
          ? await spendTotpCode(trx, actor.id, code)
          : Boolean(account && password && (await verifyPassword(account.password_hash, password)));
        if (!confirmed) throw new UnauthorizedError(code ? WRONG_CODE_MESSAGE : "That password is not right.");
        await repo.deleteTotp(trx, actor.id);
        await afterRemoval(trx, actor.id);
        await audit.record(trx, actor, {
          action: "second-factor",
          entity: "staff",
          entityId: actor.id,
          values: { method: "totp", change: "disabled" },
        });
      });
      await throttle.release(reservation);
    },

    async regenerateRecoveryCodes(actor: Actor & { id: string }): Promise<{ recoveryCodes: string[] }> {
      return db.transaction().execute(async (trx) => {
        if (!(await hasFactor(trx, actor.id))) throw new ConflictError("Set up two-step verification first.");
        const recoveryCodes = await issueRecoveryCodes(trx, actor.id);
        await audit.record(trx, actor, {
          action: "second-factor",
          entity: "staff",
          entityId: actor.id,
          values: { method: "recovery-codes", change: "regenerated" },
        });
        return { recoveryCodes };
      });
    },

    async passkeyRegistrationOptions(account: StaffIdentity) {
      const existing = await repo.listPasskeys(db, account.id);
      const options = await registrationOptions(rp, account, existing);
      await newChallenge("register", account.id, options.challenge);
      return options;
    },

    async addPasskey(
      actor: Actor & { id: string },
      input: unknown,
    ): Promise<PasskeySummary & { recoveryCodes?: string[] }> {
      const { name, response } = parseInput(AddPasskeySchema, input);
      const issued = await consumeChallenge(response.response.clientDataJSON, "register");
      const verified =
        issued?.adminId === actor.id
          ? await verifyRegistration(rp, response as unknown as RegistrationResponseJSON, issued.challenge).catch(
              () => undefined,
            )
          : undefined;
      if (!verified) throw new BadRequestError(PASSKEY_NOT_ADDED_MESSAGE);
      const now = nowIso();
      const passkey = {
        id: newId(),
        admin_user_id: actor.id,
        credential_id: verified.credentialId,
        public_key: verified.publicKey,
        sign_count: verified.signCount,
        transports: JSON.stringify(verified.transports),
        name,
        created_at: now,
        last_used_at: null,
      };
      return db.transaction().execute(async (trx) => {
        if (await repo.findPasskeyByCredential(trx, passkey.credential_id)) {
          throw new ConflictError("This passkey is already registered.");
        }
        await repo.insertPasskey(trx, passkey);
        const recoveryCodes = await afterAddition(trx, actor.id);
        await audit.record(trx, actor, {
          action: "second-factor",
          entity: "staff",
          entityId: actor.id,
          values: { method: "passkey", change: "added", passkey: passkey.id },
        });
        const summary = { id: passkey.id, name, createdAt: now, lastUsedAt: null };
        return recoveryCodes ? { ...summary, recoveryCodes } : summary;
      });
    },

    async removePasskey(actor: Actor & { id: string }, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!isRecordId(id) || !(await repo.deletePasskey(trx, actor.id, id))) {
          throw new NotFoundError("Passkey not found.");
        }
        await afterRemoval(trx, actor.id);
        await audit.record(trx, actor, {
          action: "second-factor",
          entity: "staff",
          entityId: actor.id,
          values: { method: "passkey", change: "removed", passkey: id },
        });
      });
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
