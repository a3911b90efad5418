import { z } from "zod";
import { MAX_TOKEN_LENGTH, NewPasswordSchema } from "./auth.schema.ts";

/** Texts and input shapes of the password reset, shared by the API and its pages. */

export const RESET_REQUESTED_MESSAGE =
  "If that address belongs to a staff account, we have sent it a link to choose a new password. The link works once, within one hour.";
export const RESET_LINK_ENDED_MESSAGE = "This link has expired or has already been used. Ask for a new one.";
export const RESET_UNAVAILABLE_MESSAGE =
  "This site cannot send e-mail yet, so a password cannot be reset by link. Ask an Administrator to reset it.";
export const RESET_EMAIL_MESSAGE = "Enter the e-mail address you log in with.";

export const ResetRequestSchema = z.object({
  email: z
    .string({ error: RESET_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(254, RESET_EMAIL_MESSAGE)
    .pipe(z.email({ error: RESET_EMAIL_MESSAGE })),
});
export const ResetTokenSchema = z.object({ token: z.string().min(1).max(MAX_TOKEN_LENGTH) });
export const ResetCompleteSchema = ResetTokenSchema.extend({ password: NewPasswordSchema });
