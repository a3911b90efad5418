import { createHash, randomInt } from "node:crypto";

/** The name on every gift and receipt the law makes the charity keep after its donor asked to be erased. */
export const ERASED_NAME = "Erased supporter";
/** The address such rows keep: `.invalid` can never receive mail (RFC 2606). */
const ERASED_DOMAIN = "erased.invalid";

const PSEUDONYM_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A random pseudonym, "4KQ7-M2XD": not derived from anything about the person, so it reveals nothing. */
export function newPseudonym(): string {
  const letters = Array.from({ length: 8 }, () => PSEUDONYM_LETTERS[randomInt(PSEUDONYM_LETTERS.length)]);
  return `${letters.slice(0, 4).join("")}-${letters.slice(4).join("")}`;
}

export const pseudonymName = (pseudonym: string) => `${ERASED_NAME} ${pseudonym}`;
export const pseudonymEmail = (pseudonym: string) => `${pseudonym.toLowerCase()}@${ERASED_DOMAIN}`;

/** Whether an address is an erased person's stand-in (receipts and statements are not sent to it). */
export const isErasedAddress = (address: string) => address.toLowerCase().endsWith(`@${ERASED_DOMAIN}`);

/** The key every source matches an address by. */
export const addressKey = (address: string) => address.trim().toLowerCase();

/**
 * What the suppression list keeps of an erased address: a SHA-256, without a secret, so a change of
 * SESSION_SECRET does not lift it (docs/decisions/0670-people-ids-and-sources.md).
 */
export const suppressionHash = (address: string) =>
  createHash("sha256")
    .update(`newsletter-suppression:${addressKey(address)}`)
    .digest("hex");
