import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a browser stays recognised after its last successful login. */
export const RECOGNISED_DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

/**
 * A signed note a browser gets when it logs in to an account: "this device has logged in as this
 * e-mail before", valid until a date. It proves nothing about the password; it only exempts the
 * device from the account-wide login ceiling, so an attacker guessing from elsewhere cannot lock
 * staff out of their own computers. Bound to the account and signed with SESSION_SECRET, so it
 * cannot be forged, moved to another account, or extended.
 */
export function createRecognisedDevices(secret: string) {
  const mac = (email: string, expires: number) =>
    createHmac("sha256", secret).update(`recognised-device\n${email}\n${expires}`).digest("base64url");

  return {
    issue(email: string, now: Date): string {
      const expires = now.getTime() + RECOGNISED_DEVICE_LIFETIME_MS;
      return `${expires}.${mac(email, expires)}`;
    },

    /** Whether `token` was issued for this account and has not expired. */
    recognises(token: string | undefined, email: string, now: Date): boolean {
      if (!token || token.length > 100) return false;
      const [expiresText, signature = ""] = token.split(".");
      const expires = Number(expiresText);
      if (!Number.isSafeInteger(expires) || expires <= now.getTime()) return false;
      const expected = Buffer.from(mac(email, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
