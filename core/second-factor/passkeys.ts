import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { StaffPasskeyTable } from "./second-factor.table.ts";

/**
 * @simplewebauthn/server (and the certificate code it brings) is loaded when a passkey is first
 * used, not at start: it adds ~5 MB to the heap that every full collection walks and 0.2 s to a
 * start (decision 0549).
 */
const webauthn = () => import("@simplewebauthn/server");

export const RELYING_PARTY_NAME = "Hope Behind Bars";

/** The relying party is the public site: its host is the RP ID, its origin the only one accepted. */
export function relyingParty(publicSiteUrl: string) {
  const url = new URL(publicSiteUrl);
  return { id: url.hostname, origin: url.origin };
}
export type RelyingParty = ReturnType<typeof relyingParty>;

const transportsOf = (row: Pick<StaffPasskeyTable, "transports">) =>
  JSON.parse(row.transports) as AuthenticatorTransport[];

export async function registrationOptions(
  rp: RelyingParty,
  account: { id: string; email: string; name: string },
  existing: Pick<StaffPasskeyTable, "credential_id" | "transports">[],
) {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: RELYING_PARTY_NAME,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.name || account.email,
    // The same user handle for every passkey of the account, so an authenticator keeps one per account.
    userID: new TextEncoder().encode(account.id),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    // Discoverable, so the passkey alone can sign in without typing an e-mail first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
}

export async function verifyRegistration(rp: RelyingParty, response: RegistrationResponseJSON, challenge: string) {
  const { verifyRegistrationResponse } = await webauthn();
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  });
  if (!result.verified) return undefined;
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    signCount: credential.counter,
    transports: credential.transports ?? [],
  };
}

/**
 * @param allowed the account's passkeys when it is the second factor; none for a passkey alone, where
 * the browser offers whichever passkey the person has for this site.
 */
export async function authenticationOptions(
  rp: RelyingParty,
  allowed: Pick<StaffPasskeyTable, "credential_id" | "transports">[],
  alone: boolean,
) {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    // Alone, the passkey is both factors: the authenticator must check the person (PIN, fingerprint).
    userVerification: alone ? "required" : "preferred",
  });
}

/** The passkey's new signature count if the assertion is valid, else undefined. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: StaffPasskeyTable,
  alone: boolean,
): Promise<number | undefined> {
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
        counter: Number(passkey.sign_count),
        transports: transportsOf(passkey),
      },
      requireUserVerification: alone,
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
