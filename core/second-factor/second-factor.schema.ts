import { z } from "zod";

export const SECOND_FACTOR_METHODS = ["totp", "passkey", "recovery"] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** What the first login step answers for an account with a second factor: no token yet. */
export interface SecondFactorStep {
  secondFactor: { ticket: string; methods: SecondFactorMethod[] };
}

export const WRONG_CODE_MESSAGE = "That code is not right. Please check it and try again.";
export const TICKET_EXPIRED_MESSAGE = "This sign-in has expired. Please enter your email and password again.";
export const PASSKEY_FAILED_MESSAGE = "That passkey could not be used to sign in. Please try again.";
export const PASSKEY_NOT_ADDED_MESSAGE = "That passkey could not be added. Please try again.";
export const ENROLMENT_REQUIRED_MESSAGE = "Set up two-step verification to continue.";
export const LAST_FACTOR_REQUIRED_MESSAGE =
  "Two-step verification is required for everyone. Add another method before removing this one.";
export const TOTP_ALREADY_ENABLED_MESSAGE =
  "An authenticator app is already set up. Turn it off first to set up another.";
export const CONFIRM_IDENTITY_MESSAGE = "Enter your password or a current code from your authenticator app.";

const code = z.string({ error: "Enter the code." }).trim().min(1, "Enter the code.").max(64);
const ticket = z.string().min(1).max(200);

export const CodeStepSchema = z.object({ ticket, method: z.enum(["totp", "recovery"]), code });
export const PasskeyOptionsSchema = z.object({ ticket: ticket.optional() });
/** The browser's JSON form of a WebAuthn response; @simplewebauthn/server checks it in depth. */
const webauthnResponse = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().max(1400),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(4000) }),
  clientExtensionResults: z.looseObject({}),
});
export const PasskeyLoginSchema = z.object({ ticket: ticket.optional(), response: webauthnResponse });
export const ConfirmTotpSchema = z.object({ code });
export const ConfirmIdentitySchema = z.object({
  password: z.string().max(128).optional(),
  code: z.string().max(64).optional(),
});
export const AddPasskeySchema = z.object({
  name: z.string({ error: "Give the passkey a name." }).trim().min(1, "Give the passkey a name.").max(60),
  response: webauthnResponse,
});

/** The challenge a browser signed, from its client data (@simplewebauthn/server checks the rest). */
export function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}
