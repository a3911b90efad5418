import { hash, verify } from "@node-rs/argon2";
import { ValidationError } from "../shared/errors.ts";
import { weakPasswordReason } from "./password-strength.ts";

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which erasable TypeScript cannot import). */
const ARGON2ID = 2;
// OWASP minimum for argon2id: m=19 MiB, t=2, p=1.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/**
 * The hash of a password a person chooses (invitation, reset, change, the admin CLI), once it is
 * known not to be a common or breached one; refused on `field` otherwise (0620).
 */
export async function hashNewPassword(password: string, field = "password"): Promise<string> {
  const reason = weakPasswordReason(password);
  if (reason) throw new ValidationError(reason, { [field]: reason });
  return hashPassword(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** A real hash to verify against when the account does not exist, so timing does not reveal it. */
export const dummyPasswordHash = (): Promise<string> => {
  dummyHash ??= hashPassword("not-a-real-password-just-for-timing");
  return dummyHash;
};
