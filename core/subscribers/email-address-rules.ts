import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../shared/email.ts";

// Zod-free on purpose: the footer form on every public page imports this module, and public pages
// have a JavaScript budget. SubscribeSchema (subscribers.schema.ts) applies the same rules on the
// server; a test keeps the two in step.

export const EMAIL_REQUIRED_MESSAGE = "Email is required";
export const INVALID_EMAIL_MESSAGE = "Invalid email address";

/** Spec §5 newsletter rules: the message to show, or undefined when the address is acceptable. */
export function newsletterEmailError(raw: string): string | undefined {
  const email = raw.trim();
  if (!email) return EMAIL_REQUIRED_MESSAGE;
  if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX_LENGTH) return INVALID_EMAIL_MESSAGE;
  return undefined;
}
