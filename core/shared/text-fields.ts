import { z } from "zod/mini";
import { HONEYPOT_FIELD } from "./honeypot.ts";

/** The hidden trap field (see honeypot.ts) every public form schema accepts. */
export const honeypotShape = { [HONEYPOT_FIELD]: z.optional(z.string().check(z.maxLength(1000))) };

export const tooLongMessage = (max: number) => `Please keep this under ${max} characters`;

/** Trimmed text that must not be empty; `message` for missing or blank. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLongMessage(max)));

/** Trimmed text that may be missing, null or blank (all become undefined). */
export const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, tooLongMessage(max))))),
    z.transform((value) => (value ? value : undefined)),
  );
