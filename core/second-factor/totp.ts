import { Secret, TOTP } from "otpauth";

// Authenticator apps (RFC 6238) as every common app reads them: SHA-1, six digits, 30-second steps.
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/**
 * Codes of one step either side of now are accepted (docs/decisions/0240-second-factor.md): a phone
 * a little slow or fast, or a code typed as it changes, still works. RFC 6238 §5.2 advises no more.
 */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = "Hope Behind Bars";

/** A new random secret (160 bits, RFC 4226's recommended length), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totp = (secret: string, email = "") =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });

/** The otpauth:// address a QR code carries to the app. */
export const totpUri = (secret: string, email: string): string => totp(secret, email).toString();

/** The time step a moment falls in. */
export const totpStep = (now: Date): number => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);

/** The code an app shows at `now` (tests, and nothing else, need to make one). */
export const totpCode = (secret: string, now: Date): string => totp(secret).generate({ timestamp: now.getTime() });

/** The time step whose code `code` is, within the window around `now`; null when it is none of them. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}
