import { z } from "zod/mini";

/**
 * A hidden form field people never see or fill. Bots that fill every input do; such a submission
 * is answered like a real one and silently dropped, so the bot learns nothing.
 * Named like a field browsers never autofill, so a real visitor's browser leaves it empty.
 */
export const HONEYPOT_FIELD = "fax_number";

export const honeypotShape = { [HONEYPOT_FIELD]: z.optional(z.string().check(z.maxLength(1000))) };

export const isBotSubmission = (input: { [HONEYPOT_FIELD]?: string | undefined }) =>
  (input[HONEYPOT_FIELD] ?? "").trim() !== "";
