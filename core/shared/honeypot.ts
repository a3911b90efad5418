/**
 * A hidden form field people never see or fill. Bots that fill every input do; such a submission
 * is answered like a real one and silently dropped, so the bot learns nothing.
 * Named like a field browsers never autofill, so a real visitor's browser leaves it empty.
 * Zod-free: the footer form on every public page imports it.
 */
export const HONEYPOT_FIELD = "fax_number";

export const isBotSubmission = (input: { [HONEYPOT_FIELD]?: string | undefined }) =>
  (input[HONEYPOT_FIELD] ?? "").trim() !== "";
