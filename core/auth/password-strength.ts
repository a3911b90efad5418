import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as commonPasswords from "@zxcvbn-ts/language-common";

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common: it is, or is close to, one found in lists of breached passwords. Choose another: a few unrelated words make a strong one.";
export const PATTERN_PASSWORD_MESSAGE =
  "This password is too easy to guess: it is mostly a repeat, a sequence or a keyboard pattern. Choose another: a few unrelated words make a strong one.";

/**
 * Below this zxcvbn score (under 10⁸ guesses) a password is refused: it is a listed breached
 * password, a small change of one, or a pattern (0620).
 */
const LEAST_SCORE = 3;
/** zxcvbn's warnings that say the guess came from the password list rather than a pattern. */
const FROM_THE_LIST = new Set(["common", "commonPasswords", "similarToCommon", "topTen", "topHundred", "pwned"]);

let estimator: ZxcvbnFactory | undefined;

/** Why a new password is refused, or undefined when it is not easy to guess. */
export function weakPasswordReason(password: string): string | undefined {
  estimator ??= new ZxcvbnFactory({ dictionary: commonPasswords.dictionary, graphs: commonPasswords.adjacencyGraphs });
  const { score, feedback } = estimator.check(password);
  if (score >= LEAST_SCORE) return undefined;
  return feedback.warning && !FROM_THE_LIST.has(feedback.warning) ? PATTERN_PASSWORD_MESSAGE : COMMON_PASSWORD_MESSAGE;
}
